/** SQL of verification codes and reset tickets (table verification_codes); times are the database's. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../mail/outbox';

type Runner = Tx | Db;

/** A live code row as a check needs it. */
export interface LiveCode {
  id: number;
  codeHash: string;
}

/**
 * Serialises code sends for one purpose and address until the transaction ends, so two concurrent
 * requests cannot both pass the 60-s check. Must run inside a transaction.
 */
export async function lockCodeSends(tx: Tx, purpose: string, address: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${address}`}, 0))`);
}

/** Seconds until another code may be sent for purpose + address (0 when it may now). */
export async function secondsUntilResend(
  tx: Runner,
  purpose: string,
  address: string,
  gapSeconds: number,
): Promise<number> {
  const res = await tx.execute<{ wait: number }>(sql`
    SELECT ceil(extract(epoch FROM max(created_at) + make_interval(secs => ${gapSeconds}) - now()))::int AS wait
      FROM verification_codes WHERE purpose = ${purpose} AND address = ${address}`);
  return Math.max(0, res.rows[0]?.wait ?? 0);
}

/**
 * Retires every unused code of purpose + address + user (a new one replaces them). Scoped to the user
 * because addresses are not unique: a code sent for one account must not kill another account's.
 */
export async function retireCodes(
  tx: Runner,
  c: { purpose: string; address: string; userId: number | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE verification_codes SET used_at = now()
     WHERE purpose = ${c.purpose} AND address = ${c.address} AND user_id IS NOT DISTINCT FROM ${c.userId}
       AND used_at IS NULL`);
}

/** Stores a code's hash, valid for `ttlSeconds` from now. */
export async function insertCode(
  tx: Runner,
  c: { purpose: string; address: string; userId: number | null; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO verification_codes (purpose, address, user_id, code_hash, expires_at)
    VALUES (${c.purpose}, ${c.address}, ${c.userId}, ${c.codeHash}, now() + make_interval(secs => ${c.ttlSeconds}))`);
}

/**
 * The newest code of purpose + address + user that is unused and not worn out by wrong tries, and either
 * still in time (`live`: the one a check compares with) or out of time (`expired`: what consumeCode compares
 * with to say "expired" rather than "invalid").
 */
export async function findCode(
  db: Runner,
  c: { purpose: string; address: string; userId: number; maxTries: number },
  state: 'live' | 'expired',
): Promise<LiveCode | undefined> {
  const inTime = state === 'live' ? sql`expires_at > now()` : sql`expires_at <= now()`;
  const res = await db.execute<{ id: number; code_hash: string }>(sql`
    SELECT id, code_hash FROM verification_codes
     WHERE purpose = ${c.purpose} AND address = ${c.address} AND user_id = ${c.userId}
       AND used_at IS NULL AND ${inTime} AND tries < ${c.maxTries}
     ORDER BY id DESC LIMIT 1`);
  const row = res.rows[0];
  return row ? { id: row.id, codeHash: row.code_hash } : undefined;
}

/** Marks a code used. @returns false when another request used it first. */
export async function useCode(db: Runner, id: number): Promise<boolean> {
  const res = await db.execute<{ id: number }>(sql`
    UPDATE verification_codes SET used_at = now() WHERE id = ${id} AND used_at IS NULL RETURNING id`);
  return res.rows.length === 1;
}

/** Counts one wrong try (the code dies at `maxTries`). */
export async function addWrongTry(db: Runner, id: number): Promise<void> {
  await db.execute(sql`UPDATE verification_codes SET tries = tries + 1 WHERE id = ${id}`);
}

/**
 * Uses the live ticket of `userId` whose hash is `codeHash` (purpose password_reset) in one statement.
 * @returns true when there was one.
 */
export async function useTicket(
  tx: Runner,
  userId: number,
  purpose: string,
  codeHash: string,
): Promise<boolean> {
  const res = await tx.execute<{ id: number }>(sql`
    UPDATE verification_codes SET used_at = now()
     WHERE purpose = ${purpose} AND user_id = ${userId} AND code_hash = ${codeHash}
       AND used_at IS NULL AND expires_at > now()
    RETURNING id`);
  return res.rows.length === 1;
}
