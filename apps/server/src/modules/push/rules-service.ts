/**
 * Push rules (issue 20 §1, spec §3 push configuration): a user's list of what to push where. Every
 * site, device and mailbox a rule names is checked to be the caller's to receive (sites they may view,
 * devices of those sites, their own verified mailboxes); a missing id and another user's answer alike.
 */
import { MAX_PUSH_RULES, type PushRule, type PushRuleSave } from '@ems/contract/api/push';
import { Status } from '@ems/contract/status-codes';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { languages, pushMailboxes } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { AppError, fieldError, noPermission } from '../../http/errors';
import { accessibleStationIds } from '../access/station-access';
import {
  countRules,
  deleteRule,
  insertRule,
  listRules,
  presentRule,
  stationsOfDevices,
  updateRule,
} from './rules-repo';

/** The caller's rules, newest first. */
export async function rulesOf(db: DbHandle, user: SessionUser): Promise<PushRule[]> {
  return (await listRules(db.db, user.userId)).map(presentRule);
}

/**
 * Checks every id `rule` names against what the caller may receive.
 * @throws AppError noPermission for a site or device the caller may not view, or a device outside the
 *   rule's sites; a field error for an unverified or foreign mailbox or an unknown language.
 */
async function checkObjects(db: DbHandle, user: SessionUser, rule: PushRuleSave): Promise<void> {
  const visible = new Set(await accessibleStationIds(db, user));
  if (rule.stationIds.some((id) => !visible.has(id))) throw noPermission();
  const stationOf = await stationsOfDevices(db.db, rule.deviceIds);
  const sites = rule.stationIds.length > 0 ? new Set(rule.stationIds) : visible;
  for (const id of rule.deviceIds) {
    const station = stationOf.get(id);
    if (station == null || !sites.has(station)) throw noPermission();
  }
  if (rule.mailboxIds.length > 0) {
    const mine = await db.db
      .select({ id: pushMailboxes.id })
      .from(pushMailboxes)
      .where(
        and(
          eq(pushMailboxes.userId, user.userId),
          inArray(pushMailboxes.id, rule.mailboxIds),
          isNotNull(pushMailboxes.verifiedAt),
        ),
      );
    if (mine.length !== rule.mailboxIds.length) throw fieldError('push.mailboxUnverified', 'mailboxIds');
  }
  const [language] = await db.db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.id, rule.receiveLanguageId));
  if (!language) throw fieldError('common.illegalInput', 'receiveLanguageId');
}

/**
 * Saves `rule`: a new one without `id`, else the caller's rule `id`.
 * @throws AppError noPermission (a foreign or missing rule or object), LIMIT_REACHED past MAX_PUSH_RULES.
 */
export async function saveRule(db: DbHandle, user: SessionUser, rule: PushRuleSave): Promise<PushRule> {
  await checkObjects(db, user, rule);
  if (rule.id === undefined) {
    if ((await countRules(db.db, user.userId)) >= MAX_PUSH_RULES) {
      throw new AppError(Status.LIMIT_REACHED, 'common.limitReached');
    }
    return presentRule(await insertRule(db.db, user.userId, rule));
  }
  const row = await updateRule(db.db, user.userId, rule.id, rule);
  if (!row) throw noPermission();
  return presentRule(row);
}

/** Deletes the caller's rule `id`. @throws AppError noPermission when it is not theirs. */
export async function removeRule(db: DbHandle, user: SessionUser, id: number): Promise<void> {
  if (!(await deleteRule(db.db, user.userId, id))) throw noPermission();
}
