/** GET /owner_api/webpvesc/ajax/app/version/last (public, spec §7): the newest app version per platform. */
import type { AppVersion } from '@ems/contract/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads the newest version of each platform (an empty list when none is published). */
export function getLastVersions(signal?: AbortSignal): Promise<AppVersion[]> {
  return api.get<AppVersion[]>('/webpvesc/ajax/app/version/last', undefined, signal);
}

/** Versions change when an administrator publishes one: a minute of reuse is plenty. */
export function lastVersionsQueryOptions() {
  return queryOptions({
    queryKey: ['versions', 'last'],
    queryFn: ({ signal }) => getLastVersions(signal),
    staleTime: 60_000,
  });
}

/** The newest versions. */
export function useLastVersions() {
  return useQuery(lastVersionsQueryOptions());
}
