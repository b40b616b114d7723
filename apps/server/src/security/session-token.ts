/**
 * Session tokens: 32 random bytes, base64url (43 characters). Only SHA-256 of a token is stored, so a
 * leaked sessions table gives no usable token; the token is already high-entropy, so no slow hash.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token and the hex SHA-256 to store for it. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Hex SHA-256 of a token, as kept in sessions.token_hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `token` has the shape this server issues (anything else is refused before any lookup). */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
