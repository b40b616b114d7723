import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { SiteDevicesCard } from '../../features/fleet';
import { OwnerOnly } from '../../features/social';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
// A shared viewer gets no device management (issue 10 §2): the card shows for the site's owner only.
const renderManage = (stationId: number) => (
  <OwnerOnly stationId={stationId}>
    <SiteDevicesCard stationId={stationId} />
  </OwnerOnly>
);

/** /station: the station page with the alarms feature's worst-alarm indicator and the fleet's device card. */
export function StationRoute() {
  return <StationPage renderWorstAlarm={renderWorstAlarm} renderManage={renderManage} />;
}
