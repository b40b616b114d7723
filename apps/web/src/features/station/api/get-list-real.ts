/**
 * GET /owner_api/webpvesc/ajax/station/list/real?stationIds=ID (contract ListRealSchema): the site's
 * live energy flow, today's totals and device values, refreshed every 5 s.
 */
import type { StationReal } from '@ems/contract/api/station';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/** Live values of one site, or null when the answer does not hold it. */
export async function getStationReal(stationId: number, signal?: AbortSignal): Promise<StationReal | null> {
  const list = await api.get<StationReal[]>(
    '/webpvesc/ajax/station/list/real',
    { stationIds: [stationId] },
    signal,
  );
  return list.find((s) => s.stationId === stationId) ?? null;
}

/** Live query of one site (5 s, previous values kept). */
export function stationRealQueryOptions(stationId: number) {
  return queryOptions({
    queryKey: ['stations', 'list-real', stationId],
    queryFn: ({ signal }) => getStationReal(stationId, signal),
    ...LIVE_QUERY,
  });
}

/** Live values of one site. */
export function useStationReal(stationId: number) {
  return useQuery(stationRealQueryOptions(stationId));
}
