/**
 * Each channel's state for the caller (GET push/channels: not set up, unbound or ready with its number of
 * recipients) and a test send (POST push/test {channel}, issue 20 §1).
 */
import type { ChannelState, PushChannel } from '@ems/contract/api/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, requestWithMessage } from '../../../shared/http/client';
import { PUSH_API } from './push-rules';

/** The three channels' states. */
export function channelsQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'channels'],
    queryFn: ({ signal }) => api.get<ChannelState[]>(`${PUSH_API}/channels`, undefined, signal),
  });
}

/** The three channels' states. */
export function usePushChannels() {
  return useQuery(channelsQueryOptions());
}

/** What a test send did: how many recipients it went to, whether the channel is set up, the server's text. */
export interface TestResult {
  recipients: number;
  setUp: boolean;
  msg: string;
}

/** Sends a test on `channel` to every recipient the caller has there. */
export async function sendTest(channel: PushChannel): Promise<TestResult> {
  const { data, msg } = await requestWithMessage<{ recipients: number; setUp: boolean }>(
    'POST',
    `${PUSH_API}/test`,
    { body: { channel } },
  );
  return { ...data, msg };
}
