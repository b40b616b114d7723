/**
 * Raising and clearing alarms (issue 9). Device codes arrive on `ems/v1/SN/alarm` (docs/device-protocol.md,
 * "Alarms"); the ingest hands them here after validation, and data of any device clears its
 * communication-loss alarm once its samples are committed. Every write is one set-based statement per
 * batch; the partial unique index alarms_open_once (device, code while cleared_at is null) with
 * `ON CONFLICT DO NOTHING` keeps one open alarm per device and code whatever the number of processes.
 */
import type { DbHandle } from '../../db/client';
import { COMM_LOSS, catalogFamily, lookupAlarm } from './catalog';

/** One device alarm event: `code` became active (true) or cleared (false) at `ts`. */
export interface DeviceAlarmEvent {
  deviceId: number;
  code: string;
  active: boolean;
  ts: Date;
}

/** What a batch did: alarms opened (new history rows too) and alarms closed. */
export interface ApplyResult {
  raised: number;
  cleared: number;
}

const APPLY_SQL = `
WITH ev AS (
  SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])
    AS t(device_id, code, level, descr, catalog, start_ts, end_ts)
), ins AS (
  INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at, cleared_at)
  SELECT d.station_id, ev.device_id, ev.code, ev.level, ev.descr, ev.catalog, 'device', ev.start_ts,
         CASE WHEN ev.end_ts IS NULL THEN NULL ELSE greatest(ev.start_ts, ev.end_ts) END
  FROM ev JOIN devices d ON d.id = ev.device_id AND d.station_id IS NOT NULL
  WHERE ev.start_ts IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM alarms a WHERE a.device_id = ev.device_id AND a.alarm_code = ev.code AND a.cleared_at IS NULL)
  ON CONFLICT (device_id, alarm_code) WHERE cleared_at IS NULL DO NOTHING
  RETURNING 1
), clr AS (
  UPDATE alarms a SET cleared_at = greatest(a.started_at, ev.end_ts)
  FROM ev
  WHERE ev.end_ts IS NOT NULL AND a.device_id = ev.device_id AND a.alarm_code = ev.code
    AND a.cleared_at IS NULL AND a.source = 'device'
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS raised, (SELECT count(*) FROM clr)::int AS cleared`;

/**
 * Applies device alarm events in one statement. Per device and code the batch reduces to its first
 * activation and, when the last event clears, that clearing time: an alarm raised and cleared within one
 * batch still lands in history. Codes unknown to the device's catalogue are kept (level 3, the code as text).
 */
export async function applyDeviceEvents(
  db: DbHandle,
  events: readonly DeviceAlarmEvent[],
): Promise<ApplyResult> {
  if (events.length === 0) return { raised: 0, cleared: 0 };
  const sorted = [...events].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const byKey = new Map<string, { deviceId: number; code: string; start: Date | null; end: Date | null }>();
  for (const e of sorted) {
    const key = `${e.deviceId}\u0000${e.code}`;
    const cur = byKey.get(key) ?? { deviceId: e.deviceId, code: e.code, start: null, end: null };
    if (e.active) {
      cur.start ??= e.ts;
      cur.end = null;
    } else cur.end = e.ts;
    byKey.set(key, cur);
  }
  const ids = [...new Set([...byKey.values()].map((v) => v.deviceId))];
  const res = await db.query<{
    id: number;
    device_type: string;
    manufacturer: string | null;
    model: string | null;
  }>('SELECT id, device_type, manufacturer, model FROM devices WHERE id = ANY($1::int[])', [ids]);
  const family = new Map(res.rows.map((r) => [r.id, catalogFamily(r.device_type, r.manufacturer, r.model)]));
  const cols: [number[], string[], number[], string[], string[], (string | null)[], (string | null)[]] = [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
  ];
  for (const v of byKey.values()) {
    const fam = family.get(v.deviceId);
    if (!fam) continue;
    const entry = lookupAlarm(fam, v.code) ?? { level: 3, desc: v.code };
    cols[0].push(v.deviceId);
    cols[1].push(v.code);
    cols[2].push(entry.level);
    cols[3].push(entry.desc);
    cols[4].push(fam);
    cols[5].push(v.start?.toISOString() ?? null);
    cols[6].push(v.end?.toISOString() ?? null);
  }
  if (cols[0].length === 0) return { raised: 0, cleared: 0 };
  const out = await db.query<ApplyResult>(APPLY_SQL, cols);
  return out.rows[0] ?? { raised: 0, cleared: 0 };
}

/**
 * Clears the communication-loss alarms of `deviceIds` (their data is back, just committed).
 * @returns how many were cleared.
 */
export async function clearCommLoss(db: DbHandle, deviceIds: readonly number[]): Promise<number> {
  if (deviceIds.length === 0) return 0;
  const res = await db.query<{ n: number }>(
    `WITH c AS (UPDATE alarms SET cleared_at = now()
       WHERE device_id = ANY($1::int[]) AND alarm_code = $2 AND cleared_at IS NULL RETURNING 1)
     SELECT count(*)::int AS n FROM c`,
    [deviceIds, COMM_LOSS],
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * Raises a communication-loss alarm on every device of a site whose last data is older than
 * `offlineAfterS` (devices that never sent data are left alone: not yet installed), and clears those
 * whose data is back. Run by the alarm job on one node at a time.
 */
export async function evaluateCommLoss(
  db: DbHandle,
  offlineAfterS: number,
  now = new Date(),
): Promise<ApplyResult> {
  const entry = lookupAlarm(null, COMM_LOSS)!;
  const res = await db.query<ApplyResult>(
    `WITH ins AS (
       INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at)
       SELECT d.station_id, d.id, $1, $2, $3, 'platform', 'offline', l.last_seen_at + make_interval(secs => $4)
       FROM device_latest l JOIN devices d ON d.id = l.device_id AND d.station_id IS NOT NULL
       WHERE l.last_seen_at < $5::timestamptz - make_interval(secs => $4)
       ON CONFLICT (device_id, alarm_code) WHERE cleared_at IS NULL DO NOTHING
       RETURNING 1
     ), clr AS (
       UPDATE alarms a SET cleared_at = l.last_seen_at
       FROM device_latest l
       WHERE a.device_id = l.device_id AND a.alarm_code = $1 AND a.cleared_at IS NULL
         AND l.last_seen_at >= $5::timestamptz - make_interval(secs => $4)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ins)::int AS raised, (SELECT count(*) FROM clr)::int AS cleared`,
    [COMM_LOSS, entry.level, entry.desc, offlineAfterS, now.toISOString()],
  );
  return res.rows[0] ?? { raised: 0, cleared: 0 };
}
