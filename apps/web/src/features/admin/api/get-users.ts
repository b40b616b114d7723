/** GET /owner_api/webpvesc/ajax/manage/users (admin): users by page, searched by name or e-mail. */
import type { AdminUserPageSchema } from '@ems/contract/api/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** One page of users and the total. */
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;
/** Paging and search of the console's tables. */
export interface PageParams {
  pageNum: number;
  pageSize: number;
  filterText?: string;
}

/** Reads one page of users. */
export function getUsers(params: PageParams, signal?: AbortSignal): Promise<AdminUserPage> {
  return api.get<AdminUserPage>('/webpvesc/ajax/manage/users', { ...params }, signal);
}

/** Query of one page; the previous page stays while the next loads. */
export function usersQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The page of users for `params`. */
export function useUsers(params: PageParams) {
  return useQuery(usersQueryOptions(params));
}
