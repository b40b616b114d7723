/**
 * Push rules (issue 20 §1, spec §3 push configuration): GET push/config/list, POST push/config/save (id
 * present means edit) and POST push/config/del {id}, under /owner_api/webpvesc/ajax/push.
 */
import type { PushRule, PushRuleSaveSchema } from '@ems/contract/api/push';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Base path of the user's push calls. */
export const PUSH_API = '/webpvesc/ajax/push';

/** The body of push/config/save as the form sends it (before the schema's defaults). */
export type PushRuleBody = z.input<typeof PushRuleSaveSchema>;

/** The caller's rules, newest first. */
export function rulesQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'rules'],
    queryFn: ({ signal }) => api.get<PushRule[]>(`${PUSH_API}/config/list`, undefined, signal),
  });
}

/** The caller's rules. */
export function usePushRules() {
  return useQuery(rulesQueryOptions());
}

/** Saves a rule (a new one without `id`). @returns the rule as stored. */
export function saveRule(body: PushRuleBody): Promise<PushRule> {
  return api.post<PushRule>(`${PUSH_API}/config/save`, { ...body });
}

/** Deletes the caller's rule `id`. */
export function deleteRule(id: number): Promise<null> {
  return api.post<null>(`${PUSH_API}/config/del`, { id });
}

/** Reads the rules again after a change. */
export function refreshRules(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: rulesQueryOptions().queryKey });
}
