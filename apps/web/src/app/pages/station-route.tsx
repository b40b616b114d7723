import { WorstAlarm } from '../../features/alarms/components/worst-alarm';
import { StationPage } from '../../features/station/pages/station-page';

const renderWorstAlarm = (stationId: number) => <WorstAlarm stationId={stationId} />;

/** /station: the station page with the alarms feature's worst-alarm indicator. */
export function StationRoute() {
  return <StationPage renderWorstAlarm={renderWorstAlarm} />;
}
