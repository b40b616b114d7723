/**
 * POST /owner_api/webpvesc/ajax/user/email/verify (spec §7): the e-mail code. Signed in: the code
 * alone (the caller's pending e-mail); right after registration: userName + code.
 */
import { api } from '../../../shared/http/client';

/** Checks the code; resolves when the e-mail is verified. */
export function verifyEmail(body: { validCode: string; userName?: string }): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/user/email/verify', body);
}
