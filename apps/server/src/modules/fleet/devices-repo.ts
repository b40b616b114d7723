/** SQL of device moves (issue 7 §3, issue 24 items 2 and 17). */
import { sql } from 'drizzle-orm';
import type { Tx } from './limits';

/** What a move did to the device's open alarms. */
export type MovedAlarms = {
  /** Open device and communication-loss alarms now on the new site. */
  carried: number;
  /** Open threshold-rule alarms closed: their rule belongs to the site the device left. */
  closed: number;
};

/** Devices on site `stationId` other than `deviceId` (each holds one base address of the site's bus). */
export async function countOtherDevicesOnSite(tx: Tx, stationId: number, deviceId: number): Promise<number> {
  const res = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM devices WHERE station_id = ${stationId} AND id <> ${deviceId}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Puts device `deviceId` on site `stationId` with its open alarms, in one statement:
 * - open device (`source` device) and communication-loss alarms follow the device, so the new site shows
 *   them and the old one no longer does (its status, lists, badge counts);
 * - open rule alarms are closed now: a rule is its site's, and the rules engine would close them at its
 *   next run anyway; the device's breach state of the old site's rules goes with them;
 * - cleared alarms (history) keep the site they happened on.
 * The UPDATE of open alarms fires the alarms table's badge_counts notice (migration 0011), so the badge
 * cache reloads its counts on the next call. An alarm event the ingest commits at the same instant may
 * still name the old site (its statement read the device before this one committed).
 */
export async function moveDeviceWithAlarms(
  tx: Tx,
  deviceId: number,
  stationId: number,
): Promise<MovedAlarms> {
  const res = await tx.execute<MovedAlarms>(
    sql`WITH moved AS (
          UPDATE devices SET station_id = ${stationId} WHERE id = ${deviceId} RETURNING id
        ), carried AS (
          UPDATE alarms SET station_id = ${stationId}
          WHERE device_id = ${deviceId} AND cleared_at IS NULL AND source <> 'rule' AND station_id <> ${stationId}
          RETURNING 1
        ), closed AS (
          UPDATE alarms SET cleared_at = greatest(started_at, now())
          WHERE device_id = ${deviceId} AND cleared_at IS NULL AND source = 'rule' AND station_id <> ${stationId}
          RETURNING 1
        ), breach AS (
          DELETE FROM alarm_rule_state s USING alarm_rules r
          WHERE s.device_id = ${deviceId} AND r.id = s.rule_id AND r.station_id <> ${stationId}
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM carried)::int AS carried, (SELECT count(*) FROM closed)::int AS closed`,
  );
  return res.rows[0] ?? { carried: 0, closed: 0 };
}
