/**
 * Threshold rules of a site (issue 9): listed, saved and deleted by the site's owner only
 * (requireOwnedStation); at most RULE_BOUNDS.perStation rules per site. Evaluation is rules-engine.ts,
 * run by the alarm job at once after a save or delete on this node (onRulesChanged), else every 30 s.
 */
import { type AlarmRule, type AlarmRuleSave, RULE_BOUNDS } from '@ems/contract/api/alarm';
import { and, count, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { alarmRules } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import { createDbSignal } from '../../shared/db-signal';
import { requireOwnedStation } from '../access/station-access';
import { limitReached } from '../fleet/errors';

type RuleRow = typeof alarmRules.$inferSelect;

const changed = createDbSignal();

/**
 * Calls `wake` after each rule saved or deleted on `db` in this process (committed), so the alarm job
 * raises or clears its alarms now, not at its next period. @returns the unsubscribe function.
 */
export function onRulesChanged(db: DbHandle, wake: () => void): () => void {
  return changed.on(db, wake);
}

function toRule(r: RuleRow): AlarmRule {
  return {
    id: r.id,
    stationId: r.stationId,
    name: r.name,
    deviceType: r.deviceType,
    point: r.point,
    op: r.op as AlarmRule['op'],
    threshold: r.threshold,
    durationS: r.durationS,
    level: r.level,
    enabled: r.enabled,
  };
}

/** The rules of `stationId`, oldest first. @throws AppError noPermission unless the caller owns it. */
export async function listRules(db: DbHandle, user: SessionUser, stationId: number): Promise<AlarmRule[]> {
  await requireOwnedStation(db, user, stationId);
  const rows = await db.db
    .select()
    .from(alarmRules)
    .where(eq(alarmRules.stationId, stationId))
    .orderBy(alarmRules.id);
  return rows.map(toRule);
}

/**
 * Creates (no id) or edits (id of a rule of that station) a rule.
 * @throws AppError noPermission unless the caller owns the station and the rule is of it;
 *   limitReached when the site already has RULE_BOUNDS.perStation rules.
 */
export async function saveRule(db: DbHandle, user: SessionUser, body: AlarmRuleSave): Promise<AlarmRule> {
  await requireOwnedStation(db, user, body.stationId);
  const values = {
    stationId: body.stationId,
    name: body.name,
    deviceType: body.deviceType ?? null,
    point: body.point,
    op: body.op,
    threshold: body.threshold,
    durationS: body.durationS,
    level: body.level,
    enabled: body.enabled ?? true,
  };
  if (body.id !== undefined) {
    const [row] = await db.db
      .update(alarmRules)
      .set(values)
      .where(and(eq(alarmRules.id, body.id), eq(alarmRules.stationId, body.stationId)))
      .returning();
    if (!row) throw noPermission();
    changed.emit(db);
    return toRule(row);
  }
  const [{ n } = { n: 0 }] = await db.db
    .select({ n: count() })
    .from(alarmRules)
    .where(eq(alarmRules.stationId, body.stationId));
  if (n >= RULE_BOUNDS.perStation) throw limitReached();
  const [row] = await db.db.insert(alarmRules).values(values).returning();
  changed.emit(db);
  return toRule(row!);
}

/** Deletes a rule (its history stays; an open alarm of it clears at the next evaluation). @throws AppError noPermission unless owned and of that station. */
export async function deleteRule(
  db: DbHandle,
  user: SessionUser,
  id: number,
  stationId: number,
): Promise<void> {
  await requireOwnedStation(db, user, stationId);
  const gone = await db.db
    .delete(alarmRules)
    .where(and(eq(alarmRules.id, id), eq(alarmRules.stationId, stationId)))
    .returning({ id: alarmRules.id });
  if (gone.length === 0) throw noPermission();
  changed.emit(db);
}
