import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { DeviceDetailCard, SiteDevicesCard, SiteHighlightsCard } from '../../features/fleet';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
const renderHighlights = (stationId: number) => <SiteHighlightsCard stationId={stationId} />;
const renderManage = (stationId: number) => (
  <>
    <DeviceDetailCard stationId={stationId} />
    <SiteDevicesCard stationId={stationId} />
  </>
);

/**
 * /station: the station page with the alarms feature's worst-alarm indicator, the fleet's device detail
 * (deviceId in the query) and device card.
 */
export function StationRoute() {
  return (
    <StationPage
      renderWorstAlarm={renderWorstAlarm}
      renderManage={renderManage}
      renderHighlights={renderHighlights}
    />
  );
}
