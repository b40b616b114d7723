/**
 * Raising and clearing alarms (issue 9). Device codes arrive on `ems/v1/SN/alarm` (docs/device-protocol.md,
 * "Alarms"); the ingest hands them here after validation, and data of any device clears its
 * communication-loss alarm once its samples are committed. Every write is one set-based statement per
 * batch; the partial unique index alarms_open_once (device, code while cleared_at is null) with
 * `ON CONFLICT DO NOTHING` keeps one open alarm per device and code whatever the number of processes.
 */
import { LRUCache } from 'lru-cache';
import { type DbHandle, INGEST_LANE } from '../../db/client';
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

// Every lookup is a probe of an index per event (devices' key, alarms_open_once), so the statement costs
// the same with a hundred open alarms or a million, and under a generic plan too: written as joins, the
// prepared statement's generic plan hashed the devices table and every open alarm for each batch
// (issue 36 §2).
/** The statement of applyDeviceEvents: $1–$7 the events' columns (device, code, level, text, catalogue, start, end). */
export const APPLY_SQL = `
WITH ev AS (
  SELECT t.*, (SELECT d.station_id FROM devices d WHERE d.id = t.device_id) AS station_id,
         (SELECT a.id FROM alarms a
          WHERE a.device_id = t.device_id AND a.alarm_code = t.code AND a.cleared_at IS NULL LIMIT 1) AS open_id
  FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])
    AS t(device_id, code, level, descr, catalog, start_ts, end_ts)
), ins AS (
  INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at, cleared_at)
  SELECT ev.station_id, ev.device_id, ev.code, ev.level, ev.descr, ev.catalog, 'device', ev.start_ts,
         CASE WHEN ev.end_ts IS NULL THEN NULL ELSE greatest(ev.start_ts, ev.end_ts) END
  FROM ev
  WHERE ev.start_ts IS NOT NULL AND ev.station_id IS NOT NULL AND ev.open_id IS NULL
  ON CONFLICT (device_id, alarm_code) WHERE cleared_at IS NULL DO NOTHING
  RETURNING 1
), clr AS (
  UPDATE alarms a SET cleared_at = greatest(a.started_at, (SELECT ev.end_ts FROM ev WHERE ev.open_id = a.id LIMIT 1))
  WHERE a.id = ANY(ARRAY(SELECT ev.open_id FROM ev WHERE ev.end_ts IS NOT NULL AND ev.open_id IS NOT NULL))
    AND a.source = 'device'
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS raised, (SELECT count(*) FROM clr)::int AS cleared`;

/** Catalogue family (catalog.ts `catalogFamily`) of each of `ids` that exists; absent ids are unknown devices. */
export type FamilyLookup = (ids: readonly number[]) => Promise<Map<number, string>>;

/** Reads the catalogue families of devices from the database, every call. */
export function readFamilies(db: DbHandle): FamilyLookup {
  return async (ids) => {
    const res = await db.query<{
      id: number;
      device_type: string;
      manufacturer: string | null;
      model: string | null;
    }>(
      'SELECT id, device_type, manufacturer, model FROM devices WHERE id = ANY($1::int[])',
      [ids],
      'alarm-devices',
    );
    return new Map(res.rows.map((r) => [r.id, catalogFamily(r.device_type, r.manufacturer, r.model)]));
  };
}

/**
 * readFamilies with each device's family kept `ttlMs` (the ingest's alarm queue: a device that raises
 * alarms often costs one read a minute, not one per alarm). Only the catalogue family is kept: whether the
 * device still exists and on which site is read by the alarm statement itself, so a device deleted or moved
 * meanwhile is handled as if nothing were cached; a changed model reaches new alarms' level and text
 * within `ttlMs`.
 */
export function cachedFamilies(db: DbHandle, ttlMs = 60_000, max = 100_000): FamilyLookup {
  const read = readFamilies(db);
  const kept = new LRUCache<number, string>({ max, ttl: ttlMs });
  return async (ids) => {
    const out = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const family = kept.get(id);
      if (family === undefined) missing.push(id);
      else out.set(id, family);
    }
    if (missing.length === 0) return out;
    for (const [id, family] of await read(missing)) {
      kept.set(id, family);
      out.set(id, family);
    }
    return out;
  };
}

/**
 * Applies device alarm events in one statement. Per device and code the batch reduces to its first
 * activation and, when the last event clears, that clearing time: an alarm raised and cleared within one
 * batch still lands in history. Codes unknown to the device's catalogue are kept (level 3, the code as text).
 * Events of devices that are gone or on no site are dropped.
 */
export async function applyDeviceEvents(
  db: DbHandle,
  events: readonly DeviceAlarmEvent[],
  families: FamilyLookup = readFamilies(db),
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
  const family = await families([...new Set([...byKey.values()].map((v) => v.deviceId))]);
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
  const out = await db.query<ApplyResult>(APPLY_SQL, cols, `${INGEST_LANE}alarm-apply`);
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
