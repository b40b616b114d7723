/**
 * GET /owner_api/webpvesc/ajax/station/lines (contract LinesSchema): today's power lines of a site,
 * 5-minute buckets, units upgraded (W→kW→MW) by the server.
 */
import type { Lines } from '@ems/contract/api/station';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

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

/** Live query of a day's lines. */
export function linesQueryOptions(stationId: number, searchDate: string) {
  return queryOptions({
    queryKey: ['stations', 'lines', stationId, searchDate],
    queryFn: ({ signal }) => getLines(stationId, searchDate, signal),
    ...LIVE_QUERY,
  });
}

/** Lines of `searchDate` (the site-local today); idle until the date is known. */
export function useTodayLines(stationId: number, searchDate: string | null) {
  return useQuery({ ...linesQueryOptions(stationId, searchDate ?? ''), enabled: searchDate !== null });
}
