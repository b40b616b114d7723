/**
 * The sign-in flow of gettoken and admin/login (issue 2 §4): rate limits, RSA-OAEP password, argon2id
 * check, then a new session. Every refusal is logged with login name, IP and reason; never a secret.
 */
import type { Token } from '@ems/contract/api/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../http/errors';
import { verifyDummy, verifyPassword } from '../../security/password';
import type { FailureLimiter } from '../../security/rate-limiter';
import { decryptPassword, type ServerKeyPair } from '../../security/rsa-keys';
import { isAdmin } from '../access/require-admin';
import { accountDisabled, loginFailed, passwordNotEncrypted } from './errors';
import { openSession } from './open-session';
import { findLoginAccount } from './repo';

/** One sign-in attempt. `password` is the base64 RSA-OAEP ciphertext the browser sent. */
export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** admin/login: only accounts with role 'admin' may pass; others get the wrong-password answer. */
  adminOnly: boolean;
}

/** What the flow needs: database, config, the server key pair and the two failure limiters. */
export interface LoginDeps {
  db: Db;
  config: Config;
  keys: () => Promise<ServerKeyPair>;
  perAccount: FailureLimiter;
  perIp: FailureLimiter;
}

/**
 * Verifies an attempt and opens a session.
 * @returns the token response (expires_in in minutes, spec §3).
 * @throws tooManyRequests (429), passwordNotEncrypted (400), loginFailed or accountDisabled (200).
 */
export async function login(deps: LoginDeps, attempt: LoginAttempt, log: FastifyBaseLogger): Promise<Token> {
  const loginName = attempt.username;
  const accountKey = loginName.toLowerCase();
  const { ip } = attempt;
  const refuse = (reason: string, extra: Record<string, unknown> = {}) =>
    log.warn({ loginName, ip, reason, adminOnly: attempt.adminOnly, ...extra }, 'sign-in refused');

  const waitS = Math.max(await deps.perAccount.blockedFor(accountKey), await deps.perIp.blockedFor(ip));
  if (waitS > 0) {
    refuse('rate_limited', { retryAfterS: waitS });
    throw tooManyRequests(waitS);
  }
  const fail = async (reason: string) => {
    await deps.perAccount.recordFailure(accountKey);
    await deps.perIp.recordFailure(ip);
    refuse(reason);
  };

  const password = decryptPassword(await deps.keys(), attempt.password);
  if (password === null) {
    await fail('password_not_encrypted');
    throw passwordNotEncrypted();
  }
  const account = await findLoginAccount(deps.db, loginName);
  // Unknown names cost one argon2 verification too, so timing does not tell which names exist.
  const matches = account
    ? await verifyPassword(account.passwordHash, password)
    : await verifyDummy(password);
  if (!account || !matches) {
    await fail(account ? 'wrong_password' : 'unknown_user');
    throw loginFailed();
  }
  if (attempt.adminOnly && !isAdmin(account)) {
    await fail('not_admin');
    throw loginFailed();
  }
  if (account.disabled) {
    refuse('account_disabled');
    throw accountDisabled();
  }
  await deps.perAccount.reset(accountKey);

  const token = await openSession(deps.db, deps.config, {
    userId: account.id,
    ip,
    userAgent: attempt.userAgent,
  });
  log.info({ loginName, ip, userId: account.id, adminOnly: attempt.adminOnly }, 'signed in');
  return token;
}
