/**
 * The sign-in flow of gettoken and admin/login (issue 2 §4): rate limits, RSA-OAEP password, argon2id
 * check, then a new session. Every refusal is logged with login name, IP and reason; never a secret.
 * The limits (issue 6 item 7, docs/security.md "Sign-in limits") are per (account, address) pair, per
 * address over all accounts, and a slowing ceiling per account that never locks its owner out.
 */
import type { Token } from '@ems/contract/api/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../http/errors';
import { waitFor } from '../../security/limit-checks';
import { verifyDummy, verifyPassword } from '../../security/password';
import { decryptPassword, type ServerKeyPair } from '../../security/rsa-keys';
import { isAdmin } from '../access/require-admin';
import { accountDisabled, loginFailed, passwordNotEncrypted } from './errors';
import type { SignInLimits } from './login-limits';
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

/** What the flow needs: database, config, the server key pair and the three sign-in limits. */
export interface LoginDeps extends SignInLimits {
  db: Db;
  config: Config;
  keys: () => Promise<ServerKeyPair>;
}

/** The limiter key of an (account, address) pair; JSON so no name or address can forge another pair. */
export const pairKey = (accountKey: string, ip: string): string => JSON.stringify([accountKey, ip]);

/**
 * Verifies an attempt and opens a session.
 * @returns the token response (expires_in in minutes, spec §3).
 * @throws tooManyRequests (429, Retry-After), passwordNotEncrypted (400), loginFailed or accountDisabled (200).
 */
export async function login(deps: LoginDeps, attempt: LoginAttempt, log: FastifyBaseLogger): Promise<Token> {
  const loginName = attempt.username;
  const accountKey = loginName.toLowerCase();
  const { ip } = attempt;
  const refuse = (reason: string, extra: Record<string, unknown> = {}) =>
    log.warn({ loginName, ip, reason, adminOnly: attempt.adminOnly, ...extra }, 'sign-in refused');

  const pair = pairKey(accountKey, ip);

  const [pairWait, addressWait, accountWait] = await Promise.all([
    waitFor(deps.perPair, pair),
    waitFor(deps.perIp, ip),
    deps.perAccount.waitFor(accountKey, ip),
  ]);
  const waits = { pair: pairWait, address: addressWait, account: accountWait };
  const waitS = Math.max(waits.pair, waits.address, waits.account);
  if (waitS > 0) {
    const limits = Object.keys(waits).filter((k) => waits[k as keyof typeof waits] > 0);
    refuse('rate_limited', { retryAfterS: waitS, limits });
    throw tooManyRequests(waitS);
  }
  const fail = async (reason: string) => {
    await Promise.all([
      deps.perPair.penalty(pair),
      deps.perIp.penalty(ip),
      deps.perAccount.recordFailure(accountKey, ip),
    ]);
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
  // Only this pair starts afresh: the account's ceiling keeps counting while an attack may go on.
  await deps.perPair.delete(pair);

  const token = await openSession(deps.db, deps.config, {
    userId: account.id,
    ip,
    userAgent: attempt.userAgent,
  });
  log.info({ loginName, ip, userId: account.id, adminOnly: attempt.adminOnly }, 'signed in');
  return token;
}
