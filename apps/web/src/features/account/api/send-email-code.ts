/**
 * GET /owner_api/webpvesc/ajax/user/email/active?email= (spec §7): sends a code to `email` (signed in).
 * Without a session, `userName` asks for the registration code again (to the address registered).
 */
import type { CodeSentSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Where the code went (masked) and when another may be asked for. */
export type CodeSent = z.infer<typeof CodeSentSchema>;

/** Sends a verification code to `email`; with `userName`, the registration code again. */
export function sendEmailCode(email: string, userName?: string): Promise<CodeSent> {
  return api.get<CodeSent>('/webpvesc/ajax/user/email/active', userName ? { email, userName } : { email });
}
