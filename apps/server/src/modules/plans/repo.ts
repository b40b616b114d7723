/** SQL of report-plan orders (issue 24 item 15): tables plan_orders and users' plan columns. */
import type { Invoice, PlanOrder } from '@ems/contract/api/account';
import type { AdminPlanOrder } from '@ems/contract/api/admin';
import { and, count, desc, eq, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planOrders, users } from '../../db/schema';
import { containsPattern } from '../admin/like-pattern';
import type { Tx } from '../mail/outbox';

type OrderRow = typeof planOrders.$inferSelect;

const toOrder = (r: OrderRow): PlanOrder => ({
  id: r.id,
  months: r.months,
  amountYuan: r.amountYuan,
  state: r.state as PlanOrder['state'],
  invoice: r.invoiceName && r.invoiceIdNumber ? { name: r.invoiceName, idNumber: r.invoiceIdNumber } : null,
  createdAt: r.createdAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
});

/** The user's pending order, or undefined. */
export async function findPendingOrder(db: Db | Tx, userId: number): Promise<PlanOrder | undefined> {
  const rows = await db
    .select()
    .from(planOrders)
    .where(and(eq(planOrders.userId, userId), eq(planOrders.state, 'pending')));
  return rows[0] && toOrder(rows[0]);
}

/**
 * Cancels the user's pending order (if any) and records a new one, with the invoice details when given,
 * in one transaction.
 */
export async function replacePendingOrder(
  db: Db,
  userId: number,
  months: number,
  amountYuan: number,
  invoice: Invoice | null = null,
): Promise<PlanOrder> {
  return db.transaction(async (tx) => {
    await tx
      .update(planOrders)
      .set({ state: 'cancelled' })
      .where(and(eq(planOrders.userId, userId), eq(planOrders.state, 'pending')));
    const [row] = await tx
      .insert(planOrders)
      .values({
        userId,
        months,
        amountYuan,
        invoiceName: invoice?.name ?? null,
        invoiceIdNumber: invoice?.idNumber ?? null,
      })
      .returning();
    return toOrder(row!);
  });
}

/**
 * Confirms pending order `orderId` by administrator `adminId` at `now`: the user becomes premium (type
 * 2), the plan's term is `months` and it ends `months` after the later of now and the current end (a
 * renewal adds to what is left); the reminder is due again. @returns the user and the new end, or
 * undefined when no pending order has that id (nothing changes).
 */
export async function confirmOrder(
  db: Db,
  orderId: number,
  adminId: number,
  now: Date,
): Promise<{ userId: number; months: number; expiresAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(planOrders)
      .set({ state: 'confirmed', confirmedAt: now, confirmedBy: adminId })
      .where(and(eq(planOrders.id, orderId), eq(planOrders.state, 'pending')))
      .returning();
    if (!order) return undefined;
    const start = sql`greatest(${now.toISOString()}::timestamptz, coalesce(${users.planExpiresAt}, ${now.toISOString()}::timestamptz))`;
    const [user] = await tx
      .update(users)
      .set({
        usertype: 2,
        planMonths: order.months,
        planExpiresAt: sql`${start} + make_interval(months => ${order.months})`,
        planReminderSentAt: null,
      })
      .where(eq(users.id, order.userId))
      .returning({ id: users.id, expiresAt: users.planExpiresAt });
    return { userId: user!.id, months: order.months, expiresAt: user!.expiresAt! };
  });
}

/** One page of orders, newest first, by state and by the user's login name, name or e-mail. */
export async function findOrderPage(
  db: Db,
  q: { pageNum: number; pageSize: number; filterText?: string | undefined; state?: string | undefined },
): Promise<{ rows: AdminPlanOrder[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  const text = q.filterText?.trim();
  if (text) {
    const p = containsPattern(text);
    conditions.push(or(ilike(users.loginName, p), ilike(users.userName, p), ilike(users.email, p)));
  }
  if (q.state) conditions.push(eq(planOrders.state, q.state));
  const where = and(...conditions);
  const rows = await db
    .select({ order: planOrders, loginName: users.loginName, userName: users.userName, email: users.email })
    .from(planOrders)
    .innerJoin(users, eq(users.id, planOrders.userId))
    .where(where)
    .orderBy(desc(planOrders.createdAt), desc(planOrders.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(planOrders)
    .innerJoin(users, eq(users.id, planOrders.userId))
    .where(where);
  return {
    rows: rows.map((r) => ({
      ...toOrder(r.order),
      userId: r.order.userId,
      loginName: r.loginName,
      userName: r.userName,
      email: r.email,
    })),
    total: Number(total?.n ?? 0),
  };
}

/** A user whose plan ends within the reminder window and who has not been reminded yet. */
export interface PlanEnding {
  id: number;
  email: string;
  languageId: number;
  planMonths: number | null;
  planExpiresAt: Date;
}

/** Users with a verified e-mail whose plan ends after `now` and by `until`, not yet reminded. */
export async function findPlansEnding(db: Db, now: Date, until: Date): Promise<PlanEnding[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      languageId: users.languageId,
      planMonths: users.planMonths,
      planExpiresAt: users.planExpiresAt,
    })
    .from(users)
    .where(
      and(
        sql`${users.planExpiresAt} > ${now.toISOString()}::timestamptz`,
        lte(users.planExpiresAt, until),
        isNull(users.planReminderSentAt),
        eq(users.emailVerified, true),
        eq(users.disabled, false),
      ),
    );
  return rows.flatMap((r) =>
    r.email && r.planExpiresAt ? [{ ...r, email: r.email, planExpiresAt: r.planExpiresAt }] : [],
  );
}

/** Marks the user's current plan as reminded at `at` (same transaction as the queued mail). */
export async function markReminded(tx: Db | Tx, userId: number, at: Date): Promise<void> {
  await tx.update(users).set({ planReminderSentAt: at }).where(eq(users.id, userId));
}
