import type { StationSummary } from '@ems/contract/api/station';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapLegend, SiteMap } from '../../map';

/**
 * Where the sites are (UX.md "Dashboard map"): the offline site map (country outlines bundled, markers by
 * status and worst alarm, clustered when dense; a marker opens its site) with a link to the digital map.
 */
export function SiteLocations({ rows }: { rows: StationSummary[] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('dashboard.map.title')}
      size="small"
      className="site-locations"
      extra={<Link to="/map">{t('app.routes.map')}</Link>}
    >
      <SiteMap rows={rows} height={240} />
      <MapLegend />
    </Card>
  );
}
