/** SQL of the app channel (issue 20 §4): the browsers subscribed to Web Push (push_app_subscriptions). */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alarms, pushAppSubscriptions, pushDeliveries } from '../../db/schema';

/** A stored subscription. */
export type AppSubscriptionRow = typeof pushAppSubscriptions.$inferSelect;

/** The fields a browser sends, with the user agent label. */
export interface NewAppSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  agent: string;
}

/**
 * Stores `sub` for `userId`, or updates the row of the same endpoint (a browser subscribing again, or
 * another account signed in on it: the browser follows its latest account), then drops the user's
 * oldest subscriptions beyond `cap`, all in one transaction.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  sub: NewAppSubscription,
  cap: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushAppSubscriptions)
      .values({ userId, ...sub })
      .onConflictDoUpdate({
        target: pushAppSubscriptions.endpoint,
        set: { userId, p256dh: sub.p256dh, auth: sub.auth, agent: sub.agent, createdAt: sql`now()` },
      });
    const keep = tx
      .select({ id: pushAppSubscriptions.id })
      .from(pushAppSubscriptions)
      .where(eq(pushAppSubscriptions.userId, userId))
      .orderBy(desc(pushAppSubscriptions.createdAt), desc(pushAppSubscriptions.id))
      .limit(cap);
    await tx
      .delete(pushAppSubscriptions)
      .where(and(eq(pushAppSubscriptions.userId, userId), notInArray(pushAppSubscriptions.id, keep)));
  });
}

/** Deletes the caller's subscription of `endpoint`. @returns whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushAppSubscriptions)
    .where(and(eq(pushAppSubscriptions.userId, userId), eq(pushAppSubscriptions.endpoint, endpoint)))
    .returning({ id: pushAppSubscriptions.id });
  return rows.length > 0;
}

/** Deletes subscription `id` (the push service said it is gone). */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushAppSubscriptions).where(eq(pushAppSubscriptions.id, id));
}

/** The user's subscriptions, newest first. */
export function subscriptionsOf(db: Db, userId: number): Promise<AppSubscriptionRow[]> {
  return db
    .select()
    .from(pushAppSubscriptions)
    .where(eq(pushAppSubscriptions.userId, userId))
    .orderBy(desc(pushAppSubscriptions.createdAt), desc(pushAppSubscriptions.id));
}

/** Subscription `id`, or null. */
export async function subscriptionById(db: Db, id: number): Promise<AppSubscriptionRow | null> {
  const [row] = await db.select().from(pushAppSubscriptions).where(eq(pushAppSubscriptions.id, id));
  return row ?? null;
}

/** The alarm level (1–5) of the alarm a delivery is about, or null for reports and tests. */
export async function alarmLevelOfDelivery(db: Db, deliveryId: number): Promise<number | null> {
  const [row] = await db
    .select({ level: alarms.alarmLevel })
    .from(pushDeliveries)
    .innerJoin(alarms, eq(alarms.id, pushDeliveries.alarmId))
    .where(eq(pushDeliveries.id, deliveryId));
  return row?.level ?? null;
}
