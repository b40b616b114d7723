import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AlarmRulesCard } from '../../features/alarms/components/alarm-rules-card';
import { SiteAlarmsCard } from '../../features/alarms/components/site-alarms-card';
import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { useDeviceParamsTabs } from '../../features/device-params';
import { DeviceDetailCard, SiteDevicesCard, SiteHighlightsCard } from '../../features/fleet';
import { ChargersCard } from '../../features/ocpp';
import { OwnerOnly, SiteSharesCard, useOwnsSite } from '../../features/social';
import { useBaseInfo } from '../../features/station/api/get-base-info';
import { positiveIntParam } from '../../features/station/lib/station-id';
import { StationPage } from '../../features/station/pages/station-page';
import { readUser } from '../../shared/session/storage';
import { rememberSite } from '../lib/last-site';
import { OpenLastSite } from './open-last-site';

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
 * /station: without a site, the last-opened one (else the first); the station page with the alarms feature's worst-alarm indicator, the fleet's device detail
 * (deviceId in the query) and device card.
 */
export function StationRoute() {
  const [params] = useSearchParams();
  const stationId = positiveIntParam(params.get('stationId'));
  const opened = useBaseInfo(stationId).isSuccess;
  // A site that opened is the one the side menu's "Station" opens next (issue 34 item 8).
  useEffect(() => {
    if (stationId !== null && opened) rememberSite(readUser()?.userId ?? null, stationId, localStorage);
  }, [stationId, opened]);
  const page = (
    <StationPage
      renderWorstAlarm={renderWorstAlarm}
      renderManage={renderManage}
      renderHighlights={renderHighlights}
    />
  );
  return stationId === null ? <OpenLastSite fallback={page} /> : page;
}
