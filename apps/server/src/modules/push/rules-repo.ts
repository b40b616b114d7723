/** SQL of push rules (issue 20 §1). */
import type { PushRule, PushRuleSave } from '@ems/contract/api/push';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, pushRules } from '../../db/schema';

type RuleRow = typeof pushRules.$inferSelect;

/** A rule row as the API answers it. */
export function presentRule(r: RuleRow): PushRule {
  return {
    id: r.id,
    kind: r.kind as PushRule['kind'],
    channels: r.channels as PushRule['channels'],
    stationIds: r.stationIds,
    deviceIds: r.deviceIds,
    alarmLevels: r.alarmLevels,
    notifyCleared: r.notifyCleared,
    period: r.period as PushRule['period'],
    pushTime: r.pushTime,
    receiveLanguageId: r.receiveLanguageId,
    mailboxIds: r.mailboxIds,
    quietFrom: r.quietFrom,
    quietTo: r.quietTo,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The rules of `userId`, newest first. */
export function listRules(db: Db, userId: number): Promise<RuleRow[]> {
  return db.select().from(pushRules).where(eq(pushRules.userId, userId)).orderBy(desc(pushRules.id));
}

/** How many rules `userId` has. */
export async function countRules(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushRules).where(eq(pushRules.userId, userId));
  return row?.n ?? 0;
}

/** The stored values of a saved rule (report fields only on report rules, levels only on alarm rules). */
function values(rule: PushRuleSave) {
  const alarm = rule.kind === 'alarm';
  return {
    kind: rule.kind,
    channels: rule.channels,
    stationIds: rule.stationIds,
    deviceIds: rule.deviceIds,
    alarmLevels: alarm ? rule.alarmLevels : [],
    notifyCleared: alarm && rule.notifyCleared,
    period: alarm ? null : (rule.period ?? null),
    pushTime: alarm ? null : (rule.pushTime ?? null),
    receiveLanguageId: rule.receiveLanguageId,
    mailboxIds: rule.mailboxIds,
    quietFrom: rule.quietFrom,
    quietTo: rule.quietTo,
    enabled: rule.enabled,
  };
}

/** Inserts a rule of `userId`. */
export async function insertRule(db: Db, userId: number, rule: PushRuleSave): Promise<RuleRow> {
  const [row] = await db
    .insert(pushRules)
    .values({ userId, ...values(rule) })
    .returning();
  return row!;
}

/** Updates rule `id` when it is `userId`'s. @returns the row, or undefined when it is not theirs. */
export async function updateRule(
  db: Db,
  userId: number,
  id: number,
  rule: PushRuleSave,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(pushRules)
    .set({ ...values(rule), updatedAt: new Date() })
    .where(and(eq(pushRules.id, id), eq(pushRules.userId, userId)))
    .returning();
  return row;
}

/** Deletes rule `id` when it is `userId`'s. @returns whether it was. */
export async function deleteRule(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushRules)
    .where(and(eq(pushRules.id, id), eq(pushRules.userId, userId)))
    .returning({ id: pushRules.id });
  return rows.length > 0;
}

/** The station of each of `deviceIds` that exists. */
export async function stationsOfDevices(
  db: Db,
  deviceIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, stationId: devices.stationId })
    .from(devices)
    .where(inArray(devices.id, [...deviceIds]));
  return new Map(rows.map((r) => [r.id, r.stationId]));
}
