/** SQL of device moves (issue 7 §3, issue 24 item 2). */
import type { DbHandle } from '../../db/client';

/** What a move did to the device's open alarms. */
export interface MovedAlarms {
  /** Open device and communication-loss alarms now on the new site. */
  carried: number;
  /** Open threshold-rule alarms closed: their rule belongs to the site the device left. */
  closed: number;
}

/**
 * Puts device `deviceId` on site `stationId` with its open alarms, in one statement (one transaction):
 * - open device (`source` device) and communication-loss alarms follow the device, so the new site shows
 *   them and the old one no longer does (its status, lists, badge counts);
 * - open rule alarms are closed now: a rule is its site's, and the rules engine would close them at its
 *   next run anyway; the rule's breach state of the device goes with them;
 * - cleared alarms (history) keep the site they happened on.
 * The UPDATE of open alarms fires the alarms table's badge_counts notice (migration 0011), so the badge
 * cache reloads its counts on the next call. An alarm event the ingest commits at the same instant may
 * still name the old site (its statement read the device before this one committed).
 */
export async function moveDeviceWithAlarms(
  db: DbHandle,
  deviceId: number,
  stationId: number,
): Promise<MovedAlarms> {
  const res = await db.query<MovedAlarms>(
    `WITH moved AS (
       UPDATE devices SET station_id = $2 WHERE id = $1 RETURNING id
     ), carried AS (
       UPDATE alarms SET station_id = $2
       WHERE device_id = $1 AND cleared_at IS NULL AND source <> 'rule' AND station_id <> $2
       RETURNING 1
     ), closed AS (
       UPDATE alarms SET cleared_at = greatest(started_at, now())
       WHERE device_id = $1 AND cleared_at IS NULL AND source = 'rule'
         AND station_id <> $2
       RETURNING 1
     ), breach AS (
       DELETE FROM alarm_rule_state s USING alarm_rules r
       WHERE s.device_id = $1 AND r.id = s.rule_id AND r.station_id <> $2
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM carried)::int AS carried, (SELECT count(*) FROM closed)::int AS closed`,
    [deviceId, stationId],
  );
  return res.rows[0] ?? { carried: 0, closed: 0 };
}
