/** GET /owner_api/webpvesc/ajax/push/account: the caller's binding to the official account. */
import type { AccountBinding } from '@ems/contract/api/push-account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** How often the binding is asked for while a QR code waits to be scanned. */
export const BINDING_POLL_MS = 2000;

/** Reads the caller's binding. */
export function getAccountBinding(signal?: AbortSignal): Promise<AccountBinding> {
  return api.get<AccountBinding>('/webpvesc/ajax/push/account', undefined, signal);
}

/** The binding query; `poll` asks again every BINDING_POLL_MS (while a QR code is shown). */
export function accountBindingQueryOptions(poll = false) {
  return queryOptions({
    queryKey: ['push', 'account-binding'],
    queryFn: ({ signal }) => getAccountBinding(signal),
    refetchInterval: poll ? BINDING_POLL_MS : false,
    refetchIntervalInBackground: poll,
  });
}

/** The caller's binding, polled while `poll`. */
export function useAccountBinding(poll: boolean) {
  return useQuery(accountBindingQueryOptions(poll));
}
