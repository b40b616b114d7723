import { ActiveAlarmsCard } from '../../features/alarms/components/active-alarms-card';
import { useStationList } from '../../features/dashboard/api/get-station-list';
import { DashboardKpis } from '../../features/dashboard/components/dashboard-kpis';
import '../../features/dashboard/components/dashboard.css';
import { useTranslation } from 'react-i18next';
import { DigitalMapPage } from '../../features/map';
import { errorText } from '../../shared/http/api-error';
import { useCurrentSystemType } from '../layout/use-current-system-type';

/**
 * /map: the digital map of the top bar's system type with the dashboard's fleet totals (power now,
 * energy today, sites online and offline, active alarms); the site list refreshes every 5 s (LIVE_QUERY).
 */
export function MapRoute() {
  const { t } = useTranslation();
  const systemType = useCurrentSystemType();
  const list = useStationList(systemType);
  const rows = list.data?.rows ?? [];
  return (
    <DigitalMapPage
      rows={rows}
      error={list.isError && !list.data ? errorText(list.error, t('common.errors.tryLater')) : undefined}
      totals={
        <DashboardKpis
          systemType={systemType}
          rows={rows}
          loading={list.isPending}
          alarmsCard={<ActiveAlarmsCard />}
        />
      }
    />
  );
}
