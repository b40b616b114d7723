/**
 * Alarms written as history (issue 20 §9: the demo backfill's past faults). They are inserted already
 * cleared, and the push events the alarms triggers leave for them (migration 0014) are deleted in the
 * same transaction: no fan-out ever sees them, so history is never pushed, while live alarms keep the
 * one path of the triggers.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';

/** A past alarm of a device: level and description from its catalogue, times in ms. */
export interface HistoricAlarm {
  deviceId: number;
  code: string;
  level: number;
  desc: string;
  catalog: string;
  start: number;
  end: number;
}

/**
 * Inserts `alarms` as cleared device alarms (devices not on a site are skipped) without push events.
 * @returns how many were written.
 */
export async function insertHistoricAlarms(db: DbHandle, alarms: readonly HistoricAlarm[]): Promise<number> {
  if (alarms.length === 0) return 0;
  const rows = alarms.map((a) => ({
    device_id: a.deviceId,
    code: a.code,
    level: a.level,
    descr: a.desc,
    catalog: a.catalog,
    start_ts: new Date(a.start).toISOString(),
    end_ts: new Date(Math.max(a.start, a.end)).toISOString(),
  }));
  return db.db.transaction(async (tx) => {
    const ins = await tx.execute<{ id: string }>(
      sql`INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source,
            started_at, cleared_at)
          SELECT d.station_id, r.device_id, r.code, r.level, r.descr, r.catalog, 'device', r.start_ts, r.end_ts
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(device_id int, code text, level int,
            descr text, catalog text, start_ts timestamptz, end_ts timestamptz)
          JOIN devices d ON d.id = r.device_id AND d.station_id IS NOT NULL
          RETURNING id`,
    );
    const ids = ins.rows.map((r) => r.id);
    if (ids.length > 0)
      await tx.execute(
        sql`DELETE FROM alarm_push_events WHERE alarm_id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
      );
    return ids.length;
  });
}
