/**
 * The demo owner's default push rule (issue 20 §9): alarms of every level (PUSH_LEVEL_NAMES) of every
 * site, to the app channel, in the account's language, so a visitor who allows notifications on the push
 * page gets one for the demo fleet's next alarm. Made once per database: a settings marker is written in
 * the same statement, so a rule the owner deletes is not made again, and several nodes starting at once
 * make it once.
 */
import { PUSH_LEVEL_NAMES } from '@ems/contract/api/push';
import type { DbHandle } from '../client';
import { DEMO_ACCOUNT } from './accounts';

/** Settings key written with the default rule. */
export const DEMO_PUSH_RULE_MARKER = 'demo_push_rule_seeded';

/** Creates the demo owner's default alarm rule unless it was made before. @returns true when made now. */
export async function seedDemoPushRule(db: DbHandle): Promise<boolean> {
  const res = await db.query<{ id: number }>(
    `WITH owner AS (SELECT id, language_id FROM users WHERE login_name = $1),
     mark AS (
       INSERT INTO settings (key, value) SELECT $2, 'true'::jsonb FROM owner
       ON CONFLICT (key) DO NOTHING RETURNING 1
     )
     INSERT INTO push_rules (user_id, kind, channels, alarm_levels, receive_language_id)
     SELECT owner.id, 'alarm', ARRAY['app'], $3::text[], owner.language_id FROM owner, mark
     RETURNING id`,
    [DEMO_ACCOUNT.loginName, DEMO_PUSH_RULE_MARKER, PUSH_LEVEL_NAMES],
  );
  return res.rows.length > 0;
}
