import {
  CloudServerOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { capacityUnit } from '@ems/contract/api/fleet';
import type { StationSummary } from '@ems/contract/api/station';
import type { SystemType } from '@ems/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCapacity,
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPower,
  MISSING,
} from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { KpiCard } from '../../../shared/ui/kpi-card';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { chargersCharging, dashboardKpis, type DashboardKpis as Kpis } from '../lib/kpis';

function TypeCard({
  systemType,
  rows,
  kpis,
  shown,
}: {
  systemType: SystemType;
  rows: StationSummary[];
  kpis: Kpis;
  /** The card's value as shown ("–" when the list is unknown). */
  shown: (value: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  if (systemType === 6 || systemType === 7) {
    return (
      <KpiCard
        label={t('dashboard.kpi.avgSoc')}
        icon={<DashboardOutlined />}
        accent={SERIES_COLORS.charge}
        value={shown(formatPercent(kpis.avgSoc, locale))}
        testId="kpi-type"
      />
    );
  }
  if (systemType === 2) {
    const chargers = chargersCharging(rows);
    const value = t('dashboard.kpi.chargingValue', chargers);
    return (
      <KpiCard
        label={t('dashboard.kpi.chargersCharging')}
        icon={<ThunderboltOutlined />}
        accent={SERIES_COLORS.directConsumption}
        value={shown(value)}
        testId="kpi-type"
      />
    );
  }
  return (
    <KpiCard
      label={t('dashboard.kpi.capacity')}
      icon={<EnvironmentOutlined />}
      accent={SERIES_COLORS.production}
      value={shown(formatCapacity(kpis.capacityKwp, locale, capacityUnit(systemType)))}
      testId="kpi-type"
    />
  );
}

/**
 * KPI cards of the dashboard (UX.md): sites, online/offline, active alarms (given by the caller, it is
 * the alarms feature's), power now, energy today and one card of the system type. With `unknown` (the
 * site list could not be loaded) every value is "–": missing is never 0.
 */
export function DashboardKpis(props: {
  systemType: SystemType;
  rows: StationSummary[];
  loading: boolean;
  alarmsCard: ReactNode;
  unknown?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const unknown = props.unknown ?? false;
  const shown = (value: ReactNode) => (unknown ? MISSING : value);
  const k = dashboardKpis(props.rows);
  const devices = props.rows.reduce((a, r) => a + r.deviceCount, 0);
  const devicesOnline = props.rows.reduce((a, r) => a + r.onlineDeviceCount, 0);
  return (
    <div className="kpi-grid">
      <KpiCard
        label={t('dashboard.kpi.sites')}
        icon={<EnvironmentOutlined />}
        value={shown(formatNumber(k.sites, locale))}
        sub={
          unknown ? undefined : t('dashboard.kpi.devicesOnline', { online: devicesOnline, total: devices })
        }
        loading={props.loading}
        testId="kpi-sites"
      />
      <KpiCard
        label={t('dashboard.kpi.onlineOffline')}
        icon={<CloudServerOutlined />}
        accent="#0ebe54"
        value={shown(
          <>
            <span className="text-online">{formatNumber(k.online, locale)}</span>
            <span className="kpi-divider">/</span>
            <span className="text-offline">{formatNumber(k.offline, locale)}</span>
          </>,
        )}
        sub={t('dashboard.kpi.onlineOfflineSub')}
        loading={props.loading}
        testId="kpi-online"
      />
      {props.alarmsCard}
      <KpiCard
        label={t('dashboard.kpi.powerNow')}
        icon={<ThunderboltOutlined />}
        accent={SERIES_COLORS.production}
        value={shown(formatPower(k.powerW, locale))}
        loading={props.loading}
        testId="kpi-power"
      />
      <KpiCard
        label={t('dashboard.kpi.energyToday')}
        icon={<DashboardOutlined />}
        accent={SERIES_COLORS.gridSell}
        value={shown(formatEnergy(k.todayKwh, locale))}
        loading={props.loading}
        testId="kpi-energy"
      />
      <TypeCard systemType={props.systemType} rows={props.rows} kpis={k} shown={shown} />
    </div>
  );
}
