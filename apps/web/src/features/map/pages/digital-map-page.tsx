import type { StationSummary } from '@ems/contract/api/station';
import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLegend } from '../components/map-legend';
import { MapSiteList } from '../components/map-site-list';
import { SiteMap } from '../components/site-map';

/**
 * /map, the full-screen "digital map" (UX.md, issue 7 item 7): fleet totals on top (`totals`, from the
 * app: power now, energy today, sites online and offline, active alarms), the offline map of `rows` and
 * the list of the same sites beside it. The caller refreshes `rows` every 5 s.
 */
export function DigitalMapPage({
  rows,
  totals,
  error,
}: {
  rows: StationSummary[];
  totals: ReactNode;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="page digital-map-page">
      <div className="page-head">
        <Typography.Title level={3}>{t('map.title')}</Typography.Title>
      </div>
      {error && <Alert type="error" showIcon title={error} />}
      {totals}
      <div className="digital-map-body">
        <Card size="small" className="digital-map-card">
          <SiteMap rows={rows} height="100%" />
          <MapLegend />
        </Card>
        <Card size="small" title={t('map.sites')} className="digital-map-list">
          <MapSiteList rows={rows} />
        </Card>
      </div>
    </div>
  );
}
