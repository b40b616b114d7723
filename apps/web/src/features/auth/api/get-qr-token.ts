/** GET /owner_api/auth/owner/qrcode/token?getToken= (spec §7): trades the one-time getToken for a session. */
import type { Token } from '@ems/contract/api/auth';
import { api } from '../../../shared/http/client';

/** Resolves with a session token like gettoken's; a used or unknown getToken is refused. */
export function getQrToken(getToken: string): Promise<Token> {
  return api.get<Token>('/auth/owner/qrcode/token', { getToken });
}
