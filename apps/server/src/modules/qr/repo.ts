/** SQL of QR-code sign-in (table qr_logins). Secrets are stored as SHA-256 only. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qrLogins, users } from '../../db/schema';

/** A hand-off row. */
export type QrLogin = typeof qrLogins.$inferSelect;

/** Inserts a new waiting hand-off. */
export async function insertQrLogin(
  db: Db,
  row: { id: string; tscodeHash: string; browser: string; ip: string; expiresAt: Date },
): Promise<QrLogin> {
  const rows = await db.insert(qrLogins).values(row).returning();
  return rows[0]!;
}

/** Deletes hand-offs that ended before `before` (they are worthless once expired). */
export async function pruneQrLogins(db: Db, before: Date): Promise<void> {
  await db.delete(qrLogins).where(lt(qrLogins.expiresAt, before));
}

/** The hand-off `id`, or undefined. */
export async function findQrLogin(db: Db, id: string): Promise<QrLogin | undefined> {
  const rows = await db.select().from(qrLogins).where(eq(qrLogins.id, id));
  return rows[0];
}

/** Sets state (and optionally the user and expiry) of a hand-off. */
export async function updateQrLogin(
  db: Db,
  id: string,
  set: { state: string; userId?: number; expiresAt?: Date },
): Promise<void> {
  await db.update(qrLogins).set(set).where(eq(qrLogins.id, id));
}

/**
 * Stores the getToken hash of a confirmed hand-off unless one was issued already (so concurrent polls
 * cannot both receive one); true when this call issued it.
 */
export async function issueGetToken(
  db: Db,
  id: string,
  getTokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(qrLogins)
    .set({ getTokenHash, expiresAt })
    .where(and(eq(qrLogins.id, id), eq(qrLogins.state, 'confirmed'), isNull(qrLogins.getTokenHash)))
    .returning({ id: qrLogins.id });
  return rows.length > 0;
}

/**
 * Marks the hand-off of `getTokenHash` consumed if it is confirmed, unconsumed and unexpired at `now`,
 * in one statement (single use even under concurrent calls).
 * @returns the confirming user's id, or undefined.
 */
export async function consumeGetToken(db: Db, getTokenHash: string, now: Date): Promise<number | undefined> {
  const rows = await db
    .update(qrLogins)
    .set({ consumedAt: now })
    .where(
      and(
        eq(qrLogins.getTokenHash, getTokenHash),
        eq(qrLogins.state, 'confirmed'),
        isNull(qrLogins.consumedAt),
        gt(qrLogins.expiresAt, now),
      ),
    )
    .returning({ userId: qrLogins.userId });
  return rows[0]?.userId ?? undefined;
}

/** Whether user `id` exists and is disabled (undefined when it does not exist). */
export async function findUserDisabled(db: Db, id: number): Promise<boolean | undefined> {
  const rows = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, id));
  return rows[0]?.disabled;
}
