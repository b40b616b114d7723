/**
 * Every password on the wire is RSA-OAEP ciphertext under the server's key (spec §7, issue 3 §10):
 * sign-in, registration, password reset and change, account deletion. This reads the key (cached
 * ten minutes) and encrypts; a cached key the browser cannot import is read afresh once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { encryptPassword } from './encrypt-password';
import { getPublicKey, publicKeyQueryOptions } from './get-public-key';

/** Encrypts each of `passwords` (UTF-8) in order; resolves with base64 ciphertexts. */
export async function encryptForServer(queryClient: QueryClient, ...passwords: string[]): Promise<string[]> {
  let key = await queryClient.fetchQuery(publicKeyQueryOptions());
  try {
    return await Promise.all(passwords.map((p) => encryptPassword(p, key.publicKey)));
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    key = await getPublicKey();
    queryClient.setQueryData(publicKeyQueryOptions().queryKey, key);
    return Promise.all(passwords.map((p) => encryptPassword(p, key.publicKey)));
  }
}
