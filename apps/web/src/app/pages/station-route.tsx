import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { SiteDevicesCard } from '../../features/fleet';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
const renderManage = (stationId: number) => <SiteDevicesCard stationId={stationId} />;

/** /station: the station page with the alarms feature's worst-alarm indicator and the fleet's device card. */
export function StationRoute() {
  return <StationPage renderWorstAlarm={renderWorstAlarm} renderManage={renderManage} />;
}
