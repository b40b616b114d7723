/**
 * Where an alarm click leads (issue 9): the station view of spec §2 (`/station?stationId=` and, for a
 * device or a detail link, `&deviceId=`).
 */
import type { AlarmOpenEvent } from './alarm-table-model';

/** The station route of an alarm event: the device's detail for device and log clicks, the site otherwise. */
export function alarmTarget(e: AlarmOpenEvent): string {
  const q = new URLSearchParams({ stationId: String(e.stationId) });
  if (e.kind !== 'station' && e.deviceId !== null) q.set('deviceId', String(e.deviceId));
  return `/station?${q.toString()}`;
}
