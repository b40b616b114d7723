/**
 * Opens a session for a user who has proved who they are (password sign-in, QR-code hand-off): one
 * place for the token, its stored hash, its expiry and the pruning of dead sessions, so every way in
 * issues the same kind of session (issue 3 §10).
 */
import type { Token } from '@ems/contract/api/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newSessionToken } from '../../security/session-token';
import { deleteDeadSessions, insertSession } from './repo';

/** Revoked and expired sessions are kept this long (for support questions), then pruned at sign-in. */
const DEAD_SESSION_KEEP_MS = 7 * 24 * 3600_000;

/** Who gets the session and from where (the client's address and User-Agent, kept for support). */
export interface NewSession {
  userId: number;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Creates a session of `TOKEN_EXPIRES_MINUTES` and returns its token (spec §3 token response,
 * expires_in in minutes). Only the token's SHA-256 is stored.
 */
export async function openSession(
  db: Db,
  config: Pick<Config, 'TOKEN_EXPIRES_MINUTES'>,
  s: NewSession,
): Promise<Token> {
  const now = Date.now();
  const { token, tokenHash } = newSessionToken();
  const minutes = config.TOKEN_EXPIRES_MINUTES;
  await deleteDeadSessions(db, s.userId, new Date(now - DEAD_SESSION_KEEP_MS));
  await insertSession(db, {
    userId: s.userId,
    tokenHash,
    expiresAt: new Date(now + minutes * 60_000),
    ip: s.ip,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { access_token: token, expires_in: minutes };
}
