/** DELETE /owner_api/auth/owner/logout (spec §7): revokes the token. Its answer is taken as it is (spec §8). */
import { requestEnvelope } from '../../../shared/http/client';

/** Revokes the token; resolves with the envelope whatever its status. */
export function logout() {
  return requestEnvelope<null>('DELETE', '/auth/owner/logout');
}
