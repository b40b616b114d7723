import type { StationSummary } from '@ems/contract/api/station';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmKind } from '../../../shared/domain/alarm-level';
import { project } from '../lib/locations';

const W = 320;
const H = 220;

/**
 * Where the sites are, without map tiles (the platform must work offline): dots on a graticule,
 * green online, grey offline, red with a fault or worse. A dot opens its site.
 */
export function SiteLocations({ rows }: { rows: StationSummary[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = project(rows, W, H);
  const colour = (r: StationSummary) => {
    const kind = alarmKind(r.worstAlarmLevel);
    if (kind === 'fatal' || kind === 'fault') return '#e5484d';
    return r.online ? '#0ebe54' : '#a0a7b0';
  };
  return (
    <Card title={t('dashboard.map.title')} size="small" className="site-locations">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('dashboard.map.label', { count: rows.length })}>
        <rect width={W} height={H} rx="8" className="map-sea" />
        {p.meridians.map((lon) => (
          <line key={`m${lon}`} x1={p.x(lon)} x2={p.x(lon)} y1={0} y2={H} className="map-grid" />
        ))}
        {p.parallels.map((lat) => (
          <line key={`p${lat}`} y1={p.y(lat)} y2={p.y(lat)} x1={0} x2={W} className="map-grid" />
        ))}
        {rows.map((r) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG dot cannot be a <button>; it gets the button role and keys
          <g
            key={r.stationId}
            role="button"
            tabIndex={0}
            className="map-dot"
            onClick={() => navigate(`/station?stationId=${r.stationId}`)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(`/station?stationId=${r.stationId}`)}
          >
            <title>{r.stationName}</title>
            <circle
              cx={p.x(r.longitude)}
              cy={p.y(r.latitude)}
              r="5"
              fill={colour(r)}
              stroke="#fff"
              strokeWidth="1.5"
            />
          </g>
        ))}
      </svg>
      <div className="map-legend">
        <span>
          <i style={{ background: '#0ebe54' }} /> {t('common.status.online')}
        </span>
        <span>
          <i style={{ background: '#a0a7b0' }} /> {t('common.status.offline')}
        </span>
        <span>
          <i style={{ background: '#e5484d' }} /> {t('dashboard.map.fault')}
        </span>
      </div>
    </Card>
  );
}
