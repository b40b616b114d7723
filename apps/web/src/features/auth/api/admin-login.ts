/** POST /owner_api/auth/owner/admin/login (spec §7): the administrator's sign-in, same body as gettoken. */
import type { Token } from '@ems/contract/api/auth';
import { api } from '../../../shared/http/client';
import type { GetTokenInput } from './get-token';

/** Resolves with the administrator's token. */
export function adminLogin(body: GetTokenInput): Promise<Token> {
  return api.post<Token>('/auth/owner/admin/login', body);
}
