import { SiteAlarmsCard } from '../../features/alarms/components/site-alarms-card';
import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { SiteDevicesCard } from '../../features/fleet';
import { OwnerOnly } from '../../features/social';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
// issue 9: the site's (or focused device's) alarms; issue 10 §2: a shared viewer gets no device
// management, so the device card shows for the site's owner only.
const renderManage = (stationId: number) => (
  <>
    <SiteAlarmsCard stationId={stationId} />
    <OwnerOnly stationId={stationId}>
      <SiteDevicesCard stationId={stationId} />
    </OwnerOnly>
  </>
);

/** /station: the station page with the alarms feature's worst-alarm indicator and the fleet's device card. */
export function StationRoute() {
  return <StationPage renderWorstAlarm={renderWorstAlarm} renderManage={renderManage} />;
}
