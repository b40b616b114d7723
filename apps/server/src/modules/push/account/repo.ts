/**
 * Official-account bindings and their one-time scenes (issue 20 §4): SQL of push_account_bindings and
 * push_account_scenes (schema-push.ts). One WeChat user (openid) is bound to at most one account, and
 * an account to at most one WeChat user.
 */
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pushAccountBindings, pushAccountScenes } from '../../../db/schema';

/** The binding of `userId`, or null. */
export async function bindingOf(db: Db, userId: number): Promise<{ openid: string; boundAt: Date } | null> {
  const [row] = await db
    .select({ openid: pushAccountBindings.openid, boundAt: pushAccountBindings.boundAt })
    .from(pushAccountBindings)
    .where(eq(pushAccountBindings.userId, userId));
  return row ?? null;
}

/** Whether `openid` is (still) bound to `userId`. */
export async function isBound(db: Db, userId: number, openid: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: pushAccountBindings.userId })
    .from(pushAccountBindings)
    .where(and(eq(pushAccountBindings.userId, userId), eq(pushAccountBindings.openid, openid)));
  return row !== undefined;
}

/**
 * Stores a new scene of `userId` binding until `expiresAt`. The user's earlier scenes stop binding (only
 * the newest QR code does), and every expired scene is removed.
 */
export async function addScene(db: Db, userId: number, scene: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(pushAccountScenes)
      .where(or(eq(pushAccountScenes.userId, userId), lt(pushAccountScenes.expiresAt, sql`now()`)));
    await tx.insert(pushAccountScenes).values({ scene, userId, expiresAt });
  });
}

/** Removes a scene (its QR code could not be made). */
export async function dropScene(db: Db, scene: string): Promise<void> {
  await db.delete(pushAccountScenes).where(eq(pushAccountScenes.scene, scene));
}

/**
 * Binds `openid` to the user of `scene` when the scene is unused and not expired, and marks it used.
 * The openid leaves any other account it was bound to; the user's earlier openid is replaced.
 * @returns the user bound, or null (unknown, used or expired scene: nothing changes).
 */
export async function bindScene(db: Db, scene: string, openid: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(pushAccountScenes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(pushAccountScenes.scene, scene),
          isNull(pushAccountScenes.usedAt),
          gt(pushAccountScenes.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: pushAccountScenes.userId });
    if (!used) return null;
    await tx
      .delete(pushAccountBindings)
      .where(and(eq(pushAccountBindings.openid, openid), ne(pushAccountBindings.userId, used.userId)));
    await tx
      .insert(pushAccountBindings)
      .values({ userId: used.userId, openid })
      .onConflictDoUpdate({
        target: pushAccountBindings.userId,
        set: { openid, boundAt: sql`now()` },
      });
    return used.userId;
  });
}

/** Removes the binding of `userId` and its unused scenes. @returns whether one was bound. */
export async function unbindUser(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(pushAccountScenes).where(eq(pushAccountScenes.userId, userId));
    const rows = await tx
      .delete(pushAccountBindings)
      .where(eq(pushAccountBindings.userId, userId))
      .returning({ userId: pushAccountBindings.userId });
    return rows.length > 0;
  });
}

/** Removes the binding of `openid` (it unfollowed the account, or the API says it no longer can receive). */
export async function unbindOpenid(db: Db, openid: string): Promise<boolean> {
  const rows = await db
    .delete(pushAccountBindings)
    .where(eq(pushAccountBindings.openid, openid))
    .returning({ userId: pushAccountBindings.userId });
  return rows.length > 0;
}
