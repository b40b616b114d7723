import { SiteAlarmsCard } from '../../features/alarms/components/site-alarms-card';
import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { SiteDevicesCard } from '../../features/fleet';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
// issue 9: the site's (or focused device's) alarms above the fleet's device card.
const renderManage = (stationId: number) => (
  <>
    <SiteAlarmsCard stationId={stationId} />
    <SiteDevicesCard stationId={stationId} />
  </>
);

/** /station: the station page with the alarms feature's worst-alarm indicator and the fleet's device card. */
export function StationRoute() {
  return <StationPage renderWorstAlarm={renderWorstAlarm} renderManage={renderManage} />;
}
