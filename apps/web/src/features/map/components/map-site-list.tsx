import type { StationSummary } from '@ems/contract/api/station';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPower } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { SEVERITY_COLORS, siteSeverity } from '../lib/map-data';

/**
 * The digital map's site list: the same sites as the markers, with their colour, power and a link to
 * the site, so every marker is also reachable by keyboard and screen readers.
 */
export function MapSiteList({ rows }: { rows: StationSummary[] }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  if (rows.length === 0) return <Typography.Text type="secondary">{t('map.empty')}</Typography.Text>;
  return (
    <ul className="map-site-list" aria-label={t('map.sites')}>
      {rows.map((r) => {
        const severity = siteSeverity(r);
        return (
          <li key={r.stationId}>
            <i style={{ background: SEVERITY_COLORS[severity] }} title={t(`map.legend.${severity}`)} />
            <Link to={`/station?stationId=${r.stationId}`}>{r.stationName}</Link>
            <span className="map-site-power">{formatPower(r.powerW, locale)}</span>
          </li>
        );
      })}
    </ul>
  );
}
