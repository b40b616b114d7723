/** GET /owner_api/webpvesc/ajax/user/info: the signed-in user, with roles (spec §3, §6). */
import type { UserInfo } from '@ems/contract/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../http/client';
import { getToken } from './cookies';

/** Reads the signed-in user. */
export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return api.get<UserInfo>('/webpvesc/ajax/user/info', undefined, signal);
}

/** One read per session: the user changes only through the personal centre, which refreshes it. */
export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'user-info'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The signed-in user; idle while there is no token. */
export function useUserInfo() {
  return useQuery({ ...userInfoQueryOptions(), enabled: Boolean(getToken()) });
}
