/** POST /owner_api/webpvesc/ajax/user/password/resert (spec §7): the new password with the reset ticket. */
import type { PasswordResetBodySchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The body without languageId; passwords are RSA-OAEP ciphertexts. */
export type PasswordResetInput = Omit<z.input<typeof PasswordResetBodySchema>, 'languageId'>;

/** Sets the new password; every session of the account ends. */
export function passwordReset(body: PasswordResetInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/user/password/resert', body);
}
