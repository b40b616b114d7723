/** GET /owner_api/auth/owner/publickey: the RSA key the browser encrypts the password with. */
import type { PublicKey } from '@ems/contract/api/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../http/client';

/** Reads the server's current public key. */
export function getPublicKey(signal?: AbortSignal): Promise<PublicKey> {
  return api.get<PublicKey>('/auth/owner/publickey', undefined, signal);
}

/** The key changes rarely (it is generated once and kept), so ten minutes of reuse is safe. */
export function publicKeyQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'publickey'],
    queryFn: ({ signal }) => getPublicKey(signal),
    staleTime: 10 * 60_000,
  });
}
