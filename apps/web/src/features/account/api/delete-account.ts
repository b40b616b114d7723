/** POST /owner_api/webpvesc/ajax/user/delete: deletes the caller's account after its password. */
import { api } from '../../../shared/http/client';

/** `password` is the RSA-OAEP ciphertext of the current password. */
export function deleteAccount(password: string): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/user/delete', { password });
}
