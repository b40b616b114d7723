/** GET /owner_api/webpvesc/ajax/manage/push/outboxes (admin): every push channel's messages by state. */
import type { ChannelOutboxesSchema } from '@ems/contract/api/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/** One row per channel: set up or not, queued, waiting, sent, failed, suppressed, retries. */
export type ChannelOutbox = z.infer<typeof ChannelOutboxesSchema>[number];

/** The counts move while messages go out: read again at the interface's refresh while the tab is open. */
export function pushOutboxesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'push', 'outboxes'],
    queryFn: ({ signal }) =>
      api.get<ChannelOutbox[]>('/webpvesc/ajax/manage/push/outboxes', undefined, signal),
    ...LIVE_QUERY,
  });
}

/** Every push channel's outbox. */
export function usePushOutboxes() {
  return useQuery(pushOutboxesQueryOptions());
}
