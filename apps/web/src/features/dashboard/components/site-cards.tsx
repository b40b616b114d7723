import type { StationSummary } from '@ems/contract/api/station';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPercent } from '../../../shared/format/quantity';
import { formatRelative } from '../../../shared/format/time';
import { CommStatus } from '../../../shared/ui/comm-status';
import { useSiteFormatters } from '../lib/use-site-formatters';
import { SiteAlarmIcon } from './site-alarm-icon';

/** The site table as cards below 992 px (UX.md): one card per site, same values, same units. */
export function SiteCards({ rows }: { rows: StationSummary[] }) {
  const { t } = useTranslation();
  const { locale, now, fmtPower, fmtEnergy } = useSiteFormatters(rows);
  return (
    <div className="site-cards">
      {rows.map((r) => (
        <Card key={r.stationId} size="small" className={r.online ? 'site-card' : 'site-card row-offline'}>
          <div className="site-card-head">
            <Link to={`/station?stationId=${r.stationId}`} className="site-card-name">
              {r.stationName}
            </Link>
            <span className="status-pair">
              <CommStatus online={r.online} />
              <SiteAlarmIcon level={r.worstAlarmLevel} />
            </span>
          </div>
          <dl className="site-card-values">
            <div>
              <dt>{t('dashboard.table.power')}</dt>
              <dd>{fmtPower(r.powerW)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.table.today')}</dt>
              <dd>{fmtEnergy(r.todayKwh)}</dd>
            </div>
            {r.soc !== null && (
              <div>
                <dt>{t('dashboard.table.soc')}</dt>
                <dd>{formatPercent(r.soc, locale)}</dd>
              </div>
            )}
            <div>
              <dt>{t('dashboard.table.lastSeen')}</dt>
              <dd>{formatRelative(r.lastSeen, now, locale, t('common.time.justNow'))}</dd>
            </div>
          </dl>
        </Card>
      ))}
    </div>
  );
}
