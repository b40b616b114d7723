/**
 * SQL of live values, power lines and energy statistics. Reads device_latest and the 5-minute rollup
 * only (never raw telemetry), each query by primary key or index: (device_id, bucket) for the rollup,
 * devices_station for a site's devices.
 */
import type { DbHandle } from '../../db/client';

/** A device of a site with its latest values (all null when it never reported). */
export interface LiveDeviceRow {
  deviceId: number;
  stationId: number;
  deviceType: string;
  ts: Date | null;
  w: number | null;
  soc: number | null;
  eIn: number | null;
  eOut: number | null;
  lastSeenAt: Date | null;
  /** SunSpec points as last received; null when not asked for or never reported. */
  points: Record<string, number | string | boolean> | null;
}

/** Every device of the stations with its latest values: one query, by station then device id. */
export async function loadLiveDevices(
  db: DbHandle,
  stationIds: readonly number[],
  withPoints: boolean,
): Promise<LiveDeviceRow[]> {
  if (stationIds.length === 0) return [];
  const res = await db.query<LiveDeviceRow>(
    `SELECT d.id AS "deviceId", d.station_id AS "stationId", d.device_type AS "deviceType",
            l.ts, l.w, l.soc, l.e_in AS "eIn", l.e_out AS "eOut", l.last_seen_at AS "lastSeenAt",
            ${withPoints ? 'l.points' : 'NULL::jsonb AS points'}
     FROM devices d LEFT JOIN device_latest l ON l.device_id = d.id
     WHERE d.station_id = ANY($1::int[])
     ORDER BY d.station_id, d.id`,
    [stationIds],
    // list/real's hot path (every open browser, every 5 s): parsed once per connection on PostgreSQL.
    withPoints ? 'live_devices_points' : 'live_devices',
  );
  return res.rows;
}

/** Which counters of a device to look up, and before which instant. */
export interface BaselineRequest {
  deviceId: number;
  before: Date;
  eIn: boolean;
  eOut: boolean;
}

/** Counter readings (Wh) of a device at a point in time; null when not found. */
export interface CounterPair {
  eIn: number | null;
  eOut: number | null;
}

/**
 * The last counter readings of each device before `before` (the rollup bucket's maximum). With
 * `orFirstAfter`, a counter with no earlier reading falls back to its first reading from `before` on
 * (the first data ever counts from its own start): the raw sample's own value, not its bucket's
 * maximum, which grows as the bucket fills. A baseline taken from a bucket still filling was above the
 * latest value read a moment before it, and "today" read as the whole counter (4.87 MWh for 5.9 kWh;
 * backfill-today.test.ts, replayed-baseline.test.ts). One query for all devices.
 */
export async function loadCounterBaselines(
  db: DbHandle,
  requests: readonly BaselineRequest[],
  orFirstAfter: boolean,
): Promise<Map<number, CounterPair>> {
  const out = new Map<number, CounterPair>();
  if (requests.length === 0) return out;
  const lateral = (col: 'e_in' | 'e_out', want: 'want_in' | 'want_out', name: string) => `
    LEFT JOIN LATERAL (
      SELECT ${col}_max AS v FROM telemetry_5min t
      WHERE r.${want} AND t.device_id = r.device_id AND t.bucket < r.before AND t.has_${col}
      ORDER BY t.bucket DESC LIMIT 1) ${name}_b ON true
    LEFT JOIN LATERAL (
      SELECT ${col} AS v FROM telemetry t
      WHERE $5 AND r.${want} AND ${name}_b.v IS NULL AND t.device_id = r.device_id
        AND t.ts >= r.before AND ${col} IS NOT NULL
      ORDER BY t.ts ASC LIMIT 1) ${name}_f ON true`;
  const res = await db.query<{ deviceId: number; eIn: number | null; eOut: number | null }>(
    `SELECT r.device_id AS "deviceId", coalesce(i_b.v, i_f.v) AS "eIn", coalesce(o_b.v, o_f.v) AS "eOut"
     FROM unnest($1::int[], $2::timestamptz[], $3::bool[], $4::bool[]) AS r(device_id, before, want_in, want_out)
     ${lateral('e_in', 'want_in', 'i')}
     ${lateral('e_out', 'want_out', 'o')}`,
    [
      requests.map((r) => r.deviceId),
      requests.map((r) => r.before.toISOString()),
      requests.map((r) => r.eIn),
      requests.map((r) => r.eOut),
      orFirstAfter,
    ],
  );
  for (const r of res.rows) out.set(r.deviceId, { eIn: r.eIn, eOut: r.eOut });
  return out;
}

/** One 5-minute rollup row of power and SOC. */
export interface RollupPowerRow {
  deviceId: number;
  bucket: Date;
  wSum: number;
  wCount: number;
  socLast: number | null;
}

/** Rollup rows of the devices in [from, to), by device then time. */
export async function loadRollupPower(
  db: DbHandle,
  deviceIds: readonly number[],
  from: Date,
  to: Date,
): Promise<RollupPowerRow[]> {
  if (deviceIds.length === 0) return [];
  const res = await db.query<RollupPowerRow>(
    `SELECT device_id AS "deviceId", bucket, w_sum AS "wSum", w_count AS "wCount", soc_last AS "socLast"
     FROM telemetry_5min
     WHERE device_id = ANY($1::int[]) AND bucket >= $2 AND bucket < $3
     ORDER BY device_id, bucket`,
    [deviceIds, from.toISOString(), to.toISOString()],
  );
  return res.rows;
}

/** Time of the first rollup bucket of any of the devices, or null without data. */
export async function firstDataAt(db: DbHandle, deviceIds: readonly number[]): Promise<Date | null> {
  if (deviceIds.length === 0) return null;
  // One index probe per device (min of a primary-key prefix) instead of a scan over all rows.
  const res = await db.query<{ first: Date | null }>(
    `SELECT min(f.bucket) AS first FROM unnest($1::int[]) AS d(id)
     CROSS JOIN LATERAL (SELECT bucket FROM telemetry_5min t WHERE t.device_id = d.id
                         ORDER BY bucket ASC LIMIT 1) f`,
    [deviceIds],
  );
  const first = res.rows[0]?.first ?? null;
  return first === null ? null : new Date(first);
}

/** A device's id and type. */
export interface DeviceTypeRow {
  deviceId: number;
  deviceType: string;
}

/** The devices of a station, by id. */
export async function loadStationDevices(db: DbHandle, stationId: number): Promise<DeviceTypeRow[]> {
  const res = await db.query<DeviceTypeRow>(
    'SELECT id AS "deviceId", device_type AS "deviceType" FROM devices WHERE station_id = $1 ORDER BY id',
    [stationId],
  );
  return res.rows;
}
