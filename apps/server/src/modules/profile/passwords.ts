/**
 * Password checks of the personal centre: every password arrives RSA-OAEP-encrypted (as at sign-in);
 * the current password is checked with argon2id, at most 5 wrong tries per account in 5 minutes. The
 * typed values are validated by the caller with the contract's form schemas (account/form.ts).
 */
import { tooManyRequests } from '../../http/errors';
import { waitFor } from '../../security/limit-checks';
import { verifyPassword } from '../../security/password';
import type { RateLimits } from '../../security/rate-limits';
import { decryptPassword, type ServerKeyPair } from '../../security/rsa-keys';
import { passwordNotEncrypted } from '../auth/errors';
import { wrongPassword } from './errors';

/** Wrong current passwords tolerated per account (as sign-in: 5 in 5 minutes). */
export const PASSWORD_CHECK_LIMIT = { limit: 5, windowMs: 5 * 60_000 } as const;

/** Decrypts and verifies the passwords that authorise personal-centre changes. */
export interface PasswordChecks {
  /**
   * Decrypts every value of `encrypted` (base64 RSA-OAEP).
   * @throws passwordNotEncrypted (40000) when any is not a ciphertext for the server key.
   */
  decrypt<K extends string>(encrypted: Record<K, string>): Promise<Record<K, string>>;
  /**
   * Checks `password` against the stored hash; wrong answers count towards the limit.
   * @throws tooManyRequests (429) over the limit, wrongPassword(field) (40000) when it does not match.
   */
  verify(
    userId: number,
    passwordHash: string,
    password: string,
    field: 'oldPassword' | 'password',
  ): Promise<void>;
}

/** PasswordChecks with the server key pair from `keys` (AuthService.keys), counting failures in `limits`. */
export function createPasswordChecks(keys: () => Promise<ServerKeyPair>, limits: RateLimits): PasswordChecks {
  const failures = limits.limiter('profile.password', PASSWORD_CHECK_LIMIT);
  return {
    async decrypt(encrypted) {
      const pair = await keys();
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries<string>(encrypted)) {
        const plain = decryptPassword(pair, value);
        if (plain === null) throw passwordNotEncrypted();
        out[name] = plain;
      }
      return out as Record<keyof typeof encrypted, string>;
    },
    async verify(userId, passwordHash, password, field) {
      const key = String(userId);
      const waitS = await waitFor(failures, key);
      if (waitS > 0) throw tooManyRequests(waitS);
      if (await verifyPassword(passwordHash, password)) {
        await failures.delete(key);
        return;
      }
      await failures.penalty(key);
      throw wrongPassword(field);
    },
  };
}
