/**
 * Password hashing: argon2id with the OWASP minimum profile (m = 19456 KiB, t = 2, p = 1), PHC strings.
 */
import { randomBytes } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id parameters; the PHC string records them, so raising them later keeps old hashes valid. */
export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the package's enum is a `const enum`, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes `password` into an argon2id PHC string (random 16-byte salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the PHC string `passwordHash`; false (never throws) on a broken hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification against a hash nobody knows the password of, so a sign-in
 * with an unknown user name takes as long as one with a wrong password. Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64'));
  await verifyPassword(await dummyHash, password);
  return false;
}

const KINDS = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+-=?@^_';

/**
 * A random password of `length` characters (≈ 6.1 bits each; 24 gives ≈ 146 bits) holding all four
 * kinds of spec §5 (upper, lower, digit, special). Look-alike characters are left out, as a person
 * copies it from the console.
 */
export function generatePassword(length = 24): string {
  for (;;) {
    // Rejection sampling: bytes past the last whole multiple of the alphabet's size would bias `%`.
    const limit = 256 - (256 % ALPHABET.length);
    const chars: string[] = [];
    while (chars.length < length) {
      for (const b of randomBytes(length * 2)) {
        if (b < limit && chars.length < length) chars.push(ALPHABET[b % ALPHABET.length]!);
      }
    }
    const candidate = chars.join('');
    if (KINDS.every((k) => k.test(candidate))) return candidate;
  }
}
