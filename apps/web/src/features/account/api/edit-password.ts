/** POST /owner_api/webpvesc/ajax/user/password/edit (spec §7): change password; other sessions end. */
import { api } from '../../../shared/http/client';

/** All three passwords as RSA-OAEP ciphertexts. */
export function editPassword(body: {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/user/password/edit', body);
}
