import { AlarmRulesCard } from '../../features/alarms/components/alarm-rules-card';
import { SiteAlarmsCard } from '../../features/alarms/components/site-alarms-card';
import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { useDeviceParamsTabs } from '../../features/device-params';
import { DeviceDetailCard, SiteDevicesCard, SiteHighlightsCard } from '../../features/fleet';
import { ChargersCard } from '../../features/ocpp';
import { OwnerOnly, SiteSharesCard, useOwnsSite } from '../../features/social';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;
// issue 22: a charging site's OCPP chargers, operated by the owner only (a shared viewer reads them).
const renderHighlights = (stationId: number) => (
  <>
    <SiteHighlightsCard stationId={stationId} />
    <ChargersCard stationId={stationId} useIsOwner={useOwnsSite} />
  </>
);
// issue 9: the site's (or focused device's) alarms; issue 7: the device detail (read by viewers too);
// issue 10 §2: a shared viewer gets no device management, so that card shows for the owner only;
// issue 24 item 9: nor the threshold alarm rules, which are the owner's. Issue 21: the device detail's
// Parameters tab (read-only for a viewer, who may read but not set). Issue 35 item 5: with whom the owner
// shares the site.
const renderManage = (stationId: number) => (
  <>
    <DeviceDetailCard stationId={stationId} useDeviceTabs={useDeviceParamsTabs} />
    <SiteAlarmsCard stationId={stationId} />
    <OwnerOnly stationId={stationId}>
      <SiteDevicesCard stationId={stationId} />
      <AlarmRulesCard stationId={stationId} />
      <SiteSharesCard stationId={stationId} />
    </OwnerOnly>
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
