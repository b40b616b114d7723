/** GET /owner_api/webpvesc/ajax/manage/push/account (admin): official-account settings; no secret. */
import type { AccountSettingsSchema } from '@ems/contract/api/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The settings as the console reads them (`hasSecret` instead of the secret). */
export type PushAccountSettings = z.infer<typeof AccountSettingsSchema>;

/** Reads the settings. */
export function getPushAccount(signal?: AbortSignal): Promise<PushAccountSettings> {
  return api.get<PushAccountSettings>('/webpvesc/ajax/manage/push/account', undefined, signal);
}

/** The settings query. */
export function pushAccountQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'push-account'],
    queryFn: ({ signal }) => getPushAccount(signal),
  });
}

/** The official-account settings. */
export function usePushAccount() {
  return useQuery(pushAccountQueryOptions());
}
