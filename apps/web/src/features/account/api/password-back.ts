/**
 * POST /owner_api/webpvesc/ajax/user/password/back (spec §7): without a code, sends one to the
 * account's verified e-mail; with the code, answers a single-use reset ticket.
 */
import type { PasswordBackSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Either {resendAfterSeconds} (the same answer for every name) or {resetTicket}. */
export type PasswordBack = z.infer<typeof PasswordBackSchema>;

/** Asks for a code (no validCode) or trades the code for a reset ticket. */
export function passwordBack(body: { userName: string; validCode?: string }): Promise<PasswordBack> {
  return api.post<PasswordBack>('/webpvesc/ajax/user/password/back', body);
}
