/** GET /owner_api/webpvesc/ajax/station/baseinfo (contract StationBaseInfoSchema): a site and its devices. */
import type { StationBaseInfo } from '@ems/contract/api/station';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads a site and its devices. */
export function getBaseInfo(stationId: number, signal?: AbortSignal): Promise<StationBaseInfo> {
  return api.get<StationBaseInfo>('/webpvesc/ajax/station/baseinfo', { stationId }, signal);
}

/** A site's description changes rarely; live state comes from list/real, so one read a minute is enough. */
export function baseInfoQueryOptions(stationId: number) {
  return queryOptions({
    queryKey: ['stations', 'baseinfo', stationId],
    queryFn: ({ signal }) => getBaseInfo(stationId, signal),
    staleTime: 60_000,
  });
}

/** The site of `stationId`; idle while no id is known. */
export function useBaseInfo(stationId: number | null) {
  return useQuery({ ...baseInfoQueryOptions(stationId ?? 0), enabled: stationId !== null });
}
