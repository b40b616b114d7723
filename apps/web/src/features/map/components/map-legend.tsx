import { useTranslation } from 'react-i18next';
import { SEVERITY_COLORS, type SiteSeverity } from '../lib/map-data';

const ORDER: readonly SiteSeverity[] = ['online', 'offline', 'alarm', 'fault'];

/** The marker colours of the site map, in words. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <div className="map-legend">
      {ORDER.map((s) => (
        <span key={s}>
          <i style={{ background: SEVERITY_COLORS[s] }} /> {t(`map.legend.${s}`)}
        </span>
      ))}
    </div>
  );
}
