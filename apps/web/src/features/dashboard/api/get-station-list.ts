/**
 * GET /owner_api/webpvesc/ajax/station/systemtype/list (contract StationListSchema): the sites of one
 * system type with live power, today's energy and status. Used by the dashboard (live), the map and
 * the alarm and report pages' site filters.
 */
import type { StationList } from '@ems/contract/api/station';
import type { SystemType } from '@ems/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/** Reads the unpaged site list of a system type, optionally filtered by name. */
export function getStationList(
  params: { systemType: SystemType; filterText?: string },
  signal?: AbortSignal,
): Promise<StationList> {
  return api.get<StationList>(
    '/webpvesc/ajax/station/systemtype/list',
    { systemType: params.systemType, ispaging: false, filterText: params.filterText || undefined },
    signal,
  );
}

/** The dashboard's list, refreshed every 5 s. */
export function stationListQueryOptions(systemType: SystemType) {
  return queryOptions({
    queryKey: ['stations', 'systemtype-list', systemType],
    queryFn: ({ signal }) => getStationList({ systemType }, signal),
    ...LIVE_QUERY,
  });
}

/** The dashboard's site list, refreshed every 5 s. */
export function useStationList(systemType: SystemType) {
  return useQuery(stationListQueryOptions(systemType));
}
