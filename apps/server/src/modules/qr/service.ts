/**
 * QR-code sign-in (spec §7, issue 3 §5). The desktop creates a code and polls it with its secret
 * tscode; a signed-in phone scans it (sees which browser asks) and confirms; the desktop's next poll
 * receives a one-time getToken, which it trades for a session of the confirming user.
 *
 * States, as polled: waiting → scanned → confirmed, or expired. A code reads as expired once its
 * expires_at has passed, once it was refused on the phone, or once its getToken was used. Each step
 * moves expires_at: creation gives QR_TTL_SECONDS; a scan gives the phone at least STEP_TTL_S to
 * confirm; confirming, and then issuing the getToken, each give STEP_TTL_S to finish. So a confirmed
 * code that nobody picks up expires like any other.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Token } from '@ems/contract/api/auth';
import { QR_TTL_SECONDS, type QrState } from '@ems/contract/api/qr';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import { hashToken } from '../../security/session-token';
import { accountDisabled } from '../auth/errors';
import { openSession } from '../auth/open-session';
import { qrExpired } from './errors';
import {
  consumeGetToken,
  findQrLogin,
  findUserDisabled,
  insertQrLogin,
  issueGetToken,
  pruneQrLogins,
  type QrLogin,
  updateQrLogin,
} from './repo';

/** Seconds each step after the scan has (confirm; pick up the getToken and exchange it). */
export const STEP_TTL_S = 60;

/** Ended codes are deleted this long after their expiry (at the next creation). */
const PRUNE_AFTER_MS = 3600_000;

const secret = (bytes: number) => randomBytes(bytes).toString('base64url');
const inSeconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

/** The state a poll shows (see the header comment). */
export function visibleState(row: QrLogin, now: Date): QrState {
  if (row.consumedAt || row.state === 'expired' || row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.state as QrState;
}

/** A new code: its id, the asking browser's secret tscode, and when it expires. */
export async function createQrLogin(
  db: Db,
  asker: { browser: string; ip: string },
  now = new Date(),
): Promise<{ qrcodeId: string; tscode: string; expiresAt: Date }> {
  const qrcodeId = secret(18);
  const tscode = secret(24);
  const expiresAt = inSeconds(now, QR_TTL_SECONDS);
  await pruneQrLogins(db, new Date(now.getTime() - PRUNE_AFTER_MS));
  await insertQrLogin(db, { id: qrcodeId, tscodeHash: hashToken(tscode), ...asker, expiresAt });
  return { qrcodeId, tscode, expiresAt };
}

/** True when `tscode` is the secret of `row` (constant-time compare of the hashes). */
function tscodeMatches(row: QrLogin, tscode: string): boolean {
  const a = Buffer.from(row.tscodeHash, 'hex');
  const b = Buffer.from(hashToken(tscode), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The desktop's poll. A wrong tscode reads exactly like an unknown code (expired). The first poll
 * after confirmation carries the getToken; later polls say confirmed without it.
 */
export async function pollQrLogin(
  db: Db,
  qrcodeId: string,
  tscode: string,
  now = new Date(),
): Promise<{ state: QrState; getToken: string | null }> {
  const row = await findQrLogin(db, qrcodeId);
  if (!row || !tscodeMatches(row, tscode)) return { state: 'expired', getToken: null };
  const state = visibleState(row, now);
  if (state !== 'confirmed' || row.getTokenHash) return { state, getToken: null };
  const getToken = secret(32);
  const issued = await issueGetToken(db, row.id, hashToken(getToken), inSeconds(now, STEP_TTL_S));
  return { state, getToken: issued ? getToken : null };
}

/**
 * The phone opened the code: it becomes scanned by `user` and the phone learns who asks.
 * @throws qrExpired (unknown or expired), noPermission (scanned by someone else, or already confirmed).
 */
export async function scanQrLogin(db: Db, user: SessionUser, qrcodeId: string, now = new Date()) {
  const row = await findQrLogin(db, qrcodeId);
  if (!row || visibleState(row, now) === 'expired') throw qrExpired();
  const mine = row.state === 'scanned' && row.userId === user.userId;
  if (row.state !== 'waiting' && !mine) throw noPermission();
  const expiresAt = new Date(Math.max(row.expiresAt.getTime(), inSeconds(now, STEP_TTL_S).getTime()));
  await updateQrLogin(db, row.id, { state: 'scanned', userId: user.userId, expiresAt });
  return {
    browser: row.browser,
    ip: row.ip,
    requestedAt: row.createdAt.toISOString(),
    state: 'scanned' as const,
  };
}

/**
 * The phone's answer: approve signs the desktop in as `user`, refuse ends the code.
 * @throws qrExpired (unknown or expired), noPermission (not scanned by this user).
 */
export async function confirmQrLogin(
  db: Db,
  user: SessionUser,
  qrcodeId: string,
  approve: boolean,
  now = new Date(),
): Promise<{ state: QrState; getToken: null }> {
  const row = await findQrLogin(db, qrcodeId);
  if (!row || visibleState(row, now) === 'expired') throw qrExpired();
  if (row.state !== 'scanned' || row.userId !== user.userId) throw noPermission();
  const state = approve ? 'confirmed' : 'expired';
  await updateQrLogin(db, row.id, { state, expiresAt: inSeconds(now, STEP_TTL_S) });
  return { state, getToken: null };
}

/**
 * Trades a getToken (once) for a new session of the confirming user, opened like a password sign-in.
 * @throws qrExpired (unknown, used or expired getToken), accountDisabled.
 */
export async function exchangeGetToken(
  db: Db,
  config: Pick<Config, 'TOKEN_EXPIRES_MINUTES'>,
  getToken: string,
  client: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<{ token: Token; userId: number }> {
  const userId = await consumeGetToken(db, hashToken(getToken), now);
  if (userId === undefined) throw qrExpired();
  const disabled = await findUserDisabled(db, userId);
  if (disabled === undefined) throw qrExpired();
  if (disabled) throw accountDisabled();
  return { token: await openSession(db, config, { userId, ...client }), userId };
}
