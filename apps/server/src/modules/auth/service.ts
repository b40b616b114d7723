/**
 * Authentication service (issue 2 §3–§6): server key pair, sign-in, token checks, logout. One instance
 * per open database, so the app's token hook and the auth routes share the session cache. The sign-in
 * limits are the app's (login-limits.ts), handed to login() by the auth routes.
 */
import type { PublicKey, Token } from '@ems/contract/api/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { Authenticate, SessionUser } from '../../http/context';
import { loggedOut, tokenInvalid } from '../../http/errors';
import type { ServerKeyPair } from '../../security/rsa-keys';
import { loadOrCreateServerKeyPair } from '../../security/server-key-repo';
import { hashToken, isWellFormedToken } from '../../security/session-token';
import { type LoginAttempt, login } from './login';
import type { SignInLimits } from './login-limits';
import { findSessionByTokenHash, revokeSession } from './repo';
import { createSessionCache } from './session-cache';

/**
 * Sign-in limits (issue 6 item 7; docs/security.md "Sign-in limits"): failures per (account, address)
 * pair and per address in five minutes lock that pair or address; the account ceiling, from 10 failures
 * in 15 minutes on, delays retries of addresses that failed on it (1 s doubling to 30 s), never locks.
 */
export const LOGIN_LIMITS = {
  perPair: 5,
  perIp: 20,
  windowMs: 5 * 60_000,
  account: { soft: 10, windowMs: 15 * 60_000, baseDelayS: 1, maxDelayS: 30 },
} as const;

/** What the auth routes and the app's token hook use. */
export interface AuthService {
  /** Token → SessionUser; tokenInvalid (21000) when unknown or malformed, loggedOut (1000) when dead. */
  authenticate: Authenticate;
  /**
   * The server key pair, loaded or generated once per database (a failed load is retried); the one
   * loader every module that decrypts passwords shares.
   */
  keys(): Promise<ServerKeyPair>;
  /** The public half of the server key pair (contract PublicKeySchema). */
  publicKey(): Promise<PublicKey>;
  /**
   * Verifies an attempt under the app's sign-in limits (login-limits.ts) and opens a session; see
   * login.ts for the errors.
   */
  login(attempt: LoginAttempt, log: FastifyBaseLogger, limits: SignInLimits): Promise<Token>;
  /** Revokes the caller's session: its token answers 1000 from now on. */
  logout(user: SessionUser, token: string): Promise<void>;
  /** Forgets cached sessions of a user whose account changed (disabled, password changed). */
  forgetUser(userId: number): void;
}

/** Options of the service (tests). */
export interface AuthServiceOptions {
  /** Clock of the session cache (tests). */
  now?: () => number;
}

/** The NOTIFY channel of migration 0012's triggers; the payload is user ids (`12,40`) or `*` (all). */
export const SESSIONS_CHANNEL = 'auth_sessions';
/**
 * How long a looked-up session is kept while the database's notices are heard (decision 0018): a
 * backstop against changes no trigger sees; every ordinary change drops the entry at once.
 */
const HEARD_TTL_MS = 10 * 60_000;
/** … and while they are not (PostgreSQL listener down, or not yet up): a revocation elsewhere bites within it. */
const UNHEARD_TTL_MS = 5_000;

const services = new WeakMap<DbHandle, AuthService>();

/**
 * Returns the auth service of `db`, creating it on first call (main.ts and test/helper.ts create it;
 * authRoutes gets the same instance back). The key pair is loaded, or generated, on first use.
 */
export function createAuthService(
  deps: { db: DbHandle; config: Config },
  opts: AuthServiceOptions = {},
): AuthService {
  const existing = services.get(deps.db);
  if (existing) return existing;
  const db = deps.db.db;
  let keys: Promise<ServerKeyPair> | undefined;
  const loadKeys = () => {
    keys ??= loadOrCreateServerKeyPair(db).catch((err: unknown) => {
      keys = undefined; // a failed load is retried by the next caller
      throw err;
    });
    return keys;
  };
  const cache = createSessionCache(UNHEARD_TTL_MS, 50_000, opts.now);
  // Bumped by every notice, so a lookup that raced a change is not kept.
  let generation = 0;
  let heard = false;
  deps.db
    .listen(SESSIONS_CHANNEL, {
      onNotify(payload) {
        generation++;
        if (payload === '*') cache.clear();
        else for (const id of payload.split(',')) cache.deleteUser(Number(id));
      },
      onListening(listening) {
        generation++;
        heard = listening;
        // Entries kept for long may have missed a change while nobody listened.
        cache.clear();
      },
    })
    .catch((err: unknown) => console.warn(`session notices not heard: ${(err as Error).message}`));

  const service: AuthService = {
    async authenticate(token) {
      if (!isWellFormedToken(token)) throw tokenInvalid();
      const tokenHash = hashToken(token);
      let session = cache.get(tokenHash);
      if (!session) {
        const before = generation;
        session = await findSessionByTokenHash(db, tokenHash);
        if (!session) throw tokenInvalid();
        if (generation === before) cache.set(tokenHash, session, heard ? HEARD_TTL_MS : UNHEARD_TTL_MS);
      }
      if (session.revokedAt || session.disabled || session.expiresAt.getTime() <= Date.now())
        throw loggedOut();
      return {
        userId: session.userId,
        sessionId: session.sessionId,
        loginName: session.loginName,
        roles: session.roles,
      };
    },
    keys: loadKeys,
    async publicKey() {
      const k = await loadKeys();
      return { publicKey: k.publicKeyPem, keyId: k.keyId, algorithm: 'RSA-OAEP-256' };
    },
    login: (attempt, log, limits) =>
      login({ db, config: deps.config, keys: loadKeys, ...limits }, attempt, log),
    async logout(user, token) {
      await revokeSession(db, user.sessionId);
      cache.delete(hashToken(token));
    },
    forgetUser: (userId) => cache.deleteUser(userId),
  };
  services.set(deps.db, service);
  return service;
}
