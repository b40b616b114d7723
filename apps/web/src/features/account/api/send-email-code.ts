/** GET /owner_api/webpvesc/ajax/user/email/active?email= (spec §7): sends a code to `email` (signed in). */
import type { CodeSentSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Where the code went (masked) and when another may be asked for. */
export type CodeSent = z.infer<typeof CodeSentSchema>;

/** Sends a verification code to `email`. */
export function sendEmailCode(email: string): Promise<CodeSent> {
  return api.get<CodeSent>('/webpvesc/ajax/user/email/active', { email });
}
