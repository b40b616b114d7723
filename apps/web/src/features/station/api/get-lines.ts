/**
 * GET /owner_api/webpvesc/ajax/station/lines (contract LinesSchema): a day's power lines of a site or
 * device, 5-minute buckets, units upgraded (W→kW→MW) by the server (the history's Day view reads them).
 */
import type { Lines } from '@ems/contract/api/station';
import { api } from '../../../shared/http/client';

/** Reads one local day of power lines (of one device when `deviceId` is given). */
export function getLines(
  stationId: number,
  searchDate: string,
  signal?: AbortSignal,
  deviceId?: number,
): Promise<Lines> {
  return api.get<Lines>(
    '/webpvesc/ajax/station/lines',
    { stationId, searchDate, interval: 5, unitUpgrade: true, ...(deviceId ? { deviceId } : {}) },
    signal,
  );
}
