/**
 * Batch writer of telemetry: one SQL statement per batch inserts new samples (duplicates of
 * device + timestamp are ignored), folds only the newly inserted ones into the 5-minute rollup and
 * moves each device's latest values forward. Arrays are passed whole (unnest), so a batch of 5,000
 * rows is one round trip.
 */
import type { DbHandle } from '../db/client';

/** One sample ready to store. w in W, soc in %, eIn/eOut energy counters in Wh (see device-protocol.md). */
export interface TelemetryRow {
  deviceId: number;
  ts: Date;
  w: number | null;
  soc: number | null;
  eIn: number | null;
  eOut: number | null;
  points: Record<string, number | string | boolean>;
}

const WRITE_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::real[], $4::real[], $5::float8[], $6::float8[], $7::text[])
    AS t(device_id, ts, w, soc, e_in, e_out, points)
), ins AS (
  INSERT INTO telemetry (device_id, ts, w, soc, e_in, e_out, points)
  SELECT device_id, ts, w, soc, e_in, e_out, points::jsonb FROM input
  ON CONFLICT DO NOTHING
  RETURNING device_id, ts, w, soc, e_in, e_out
), roll AS (
  INSERT INTO telemetry_5min AS r (device_id, bucket, w_sum, w_count, soc_last, e_in_max, e_out_max, last_ts)
  SELECT device_id, date_bin('5 minutes', ts, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
         coalesce(sum(w), 0), count(w),
         (array_agg(soc ORDER BY ts DESC) FILTER (WHERE soc IS NOT NULL))[1],
         max(e_in), max(e_out), max(ts)
  FROM ins GROUP BY 1, 2
  ON CONFLICT (device_id, bucket) DO UPDATE SET
    w_sum = r.w_sum + excluded.w_sum,
    w_count = r.w_count + excluded.w_count,
    soc_last = CASE WHEN excluded.last_ts >= r.last_ts THEN coalesce(excluded.soc_last, r.soc_last)
                    ELSE coalesce(r.soc_last, excluded.soc_last) END,
    e_in_max = greatest(r.e_in_max, excluded.e_in_max),
    e_out_max = greatest(r.e_out_max, excluded.e_out_max),
    last_ts = greatest(r.last_ts, excluded.last_ts)
  RETURNING 1
), latest AS (
  INSERT INTO device_latest AS l (device_id, ts, w, soc, e_in, e_out, points, last_seen_at)
  SELECT DISTINCT ON (device_id) device_id, ts, w, soc, e_in, e_out, points::jsonb, now()
  FROM input ORDER BY device_id, ts DESC
  ON CONFLICT (device_id) DO UPDATE SET
    last_seen_at = now(),
    ts = CASE WHEN excluded.ts >= l.ts THEN excluded.ts ELSE l.ts END,
    w = CASE WHEN excluded.ts >= l.ts THEN excluded.w ELSE l.w END,
    soc = CASE WHEN excluded.ts >= l.ts THEN excluded.soc ELSE l.soc END,
    e_in = CASE WHEN excluded.ts >= l.ts THEN excluded.e_in ELSE l.e_in END,
    e_out = CASE WHEN excluded.ts >= l.ts THEN excluded.e_out ELSE l.e_out END,
    points = CASE WHEN excluded.ts >= l.ts THEN excluded.points ELSE l.points END
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM roll)::int AS buckets,
       (SELECT count(*) FROM latest)::int AS devices`;

/**
 * Stores `rows` in one statement.
 * @returns how many were new (inserted) and how many were already stored (duplicates).
 */
export async function writeSamples(
  db: DbHandle,
  rows: TelemetryRow[],
): Promise<{ inserted: number; duplicates: number }> {
  if (rows.length === 0) return { inserted: 0, duplicates: 0 };
  const n = rows.length;
  const deviceIds = new Array<number>(n);
  const ts = new Array<string>(n);
  const w = new Array<number | null>(n);
  const soc = new Array<number | null>(n);
  const eIn = new Array<number | null>(n);
  const eOut = new Array<number | null>(n);
  const points = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    deviceIds[i] = r.deviceId;
    ts[i] = r.ts.toISOString();
    w[i] = r.w;
    soc[i] = r.soc;
    eIn[i] = r.eIn;
    eOut[i] = r.eOut;
    points[i] = JSON.stringify(r.points);
  }
  const res = await db.query<{ inserted: number }>(WRITE_SQL, [deviceIds, ts, w, soc, eIn, eOut, points]);
  const inserted = Number(res.rows[0]?.inserted ?? 0);
  return { inserted, duplicates: n - inserted };
}
