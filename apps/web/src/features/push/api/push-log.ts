/** The delivery log (issue 20 §6): GET push/log?pageNum&pageSize, newest first, recipients masked. */
import type { DeliveryPageSchema } from '@ems/contract/api/push';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';
import { PUSH_API } from './push-rules';

/** One page of the log and the total. */
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;

/** Page `pageNum` (from 1) of `pageSize` rows, read again every 5 s while shown (states move on). */
export function logQueryOptions(pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: ['push', 'log', pageNum, pageSize],
    queryFn: ({ signal }) => api.get<DeliveryPage>(`${PUSH_API}/log`, { pageNum, pageSize }, signal),
    ...LIVE_QUERY,
  });
}

/** One page of the log. */
export function usePushLog(pageNum: number, pageSize: number) {
  return useQuery(logQueryOptions(pageNum, pageSize));
}

/** Reads the log again (after a test send: its rows appear, then change state). */
export function refreshLog(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['push', 'log'] });
}
