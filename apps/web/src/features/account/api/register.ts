/** POST /owner_api/webpvesc/ajax/register (spec §7): creates the account; a code goes to its e-mail. */
import type { RegisteredSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import type { RegisterInput } from './register-check';

/** data of register: the new account (e-mail still unverified). */
export type Registered = z.infer<typeof RegisteredSchema>;

/** Creates the account. */
export function register(body: RegisterInput): Promise<Registered> {
  return api.post<Registered>('/webpvesc/ajax/register', body);
}
