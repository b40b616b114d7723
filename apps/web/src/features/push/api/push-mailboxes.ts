/**
 * Receiving mailboxes (issue 20 §2, spec §2): GET push/mailbox/list, POST push/mailbox/add {email} (a code
 * is mailed to it), POST push/mailbox/verify {id, validCode} and POST push/mailbox/del {id}.
 */
import type { Mailbox } from '@ems/contract/api/push';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { PUSH_API } from './push-rules';

/** The caller's mailboxes, the account's own verified e-mail first. */
export function mailboxesQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'mailboxes'],
    queryFn: ({ signal }) => api.get<Mailbox[]>(`${PUSH_API}/mailbox/list`, undefined, signal),
  });
}

/** The caller's mailboxes. */
export function useMailboxes() {
  return useQuery(mailboxesQueryOptions());
}

/** Adds `email` unverified and mails it a code. @returns the new mailbox. */
export function addMailbox(email: string): Promise<Mailbox> {
  return api.post<Mailbox>(`${PUSH_API}/mailbox/add`, { email });
}

/** Verifies mailbox `id` with the code mailed to it. */
export function verifyMailbox(id: number, validCode: string): Promise<null> {
  return api.post<null>(`${PUSH_API}/mailbox/verify`, { id, validCode });
}

/** Deletes mailbox `id` (the server also takes it out of the rules). */
export function deleteMailbox(id: number): Promise<null> {
  return api.post<null>(`${PUSH_API}/mailbox/del`, { id });
}

/** After a mailbox change: the list, the e-mail channel's recipients and the rules (a deleted id leaves them). */
export async function refreshMailboxes(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['push', 'mailboxes'] }),
    client.invalidateQueries({ queryKey: ['push', 'channels'] }),
    client.invalidateQueries({ queryKey: ['push', 'rules'] }),
  ]);
}
