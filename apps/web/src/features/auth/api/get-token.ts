/** POST /owner_api/auth/owner/gettoken (spec §7): user name + encrypted password give a session token. */
import type { GetTokenBody, Token } from '@ems/contract/api/auth';
import { api } from '../../../shared/http/client';

/** The body without languageId, which the client adds. */
export type GetTokenInput = Omit<GetTokenBody, 'languageId'>;

/** Resolves with the token; rejects with the server msg on a refusal. */
export function getToken(body: GetTokenInput): Promise<Token> {
  return api.post<Token>('/auth/owner/gettoken', body);
}
