/** GET /owner_api/webpvesc/ajax/manage/outbox (admin): queued and sent mail, newest first. */
import type { OutboxPageSchema } from '@ems/contract/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';
import type { PageParams } from './get-users';

/** One page of mail and the total. */
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/** Reads one page of the outbox. */
export function getOutbox(params: PageParams, signal?: AbortSignal): Promise<OutboxPage> {
  return api.get<OutboxPage>('/webpvesc/ajax/manage/outbox', { ...params }, signal);
}

/** The outbox changes while the sender works: read again at the interface's refresh while the tab is open. */
export function outboxQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: ['admin', 'outbox', params],
    queryFn: ({ signal }) => getOutbox(params, signal),
    ...LIVE_QUERY,
  });
}

/** The page of mail for `params`. */
export function useOutbox(params: PageParams) {
  return useQuery(outboxQueryOptions(params));
}
