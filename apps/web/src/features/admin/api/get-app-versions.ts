/** GET /owner_api/webpvesc/ajax/manage/app/versions (admin): every published app version, newest first. */
import type { AppVersion } from '@ems/contract/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads all versions. */
export function getAppVersions(signal?: AbortSignal): Promise<AppVersion[]> {
  return api.get<AppVersion[]>('/webpvesc/ajax/manage/app/versions', undefined, signal);
}

/** The versions query. */
export function appVersionsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'app-versions'],
    queryFn: ({ signal }) => getAppVersions(signal),
  });
}

/** All versions. */
export function useAppVersions() {
  return useQuery(appVersionsQueryOptions());
}
