/**
 * Batch writer of telemetry: one SQL statement per batch inserts new samples (duplicates of
 * device + timestamp are ignored), folds only the newly inserted ones into the 5-minute rollup and
 * moves each device's latest values forward, and marks the local days whose energy rollups change
 * (rollup_dirty, issue 12). It also integrates power into energy per 5-minute bucket
 * (wh_pos / wh_neg, issue 12, docs/energy.md), correcting buckets that late samples touch. Arrays are
 * passed whole (unnest), so a batch of 5,000 rows is one round trip. Cost (issue 12 §4, EXPLAIN ANALYZE
 * in bench/writer-explain.ts): the energy steps work on float8 epoch seconds, not intervals and numeric
 * extract(); a step inside one bucket needs no generate_series; the caller marks each device's newest
 * row so device_latest needs no sort of the batch.
 */
import { POWER_GAP_LIMIT_MS } from '@ems/contract/constants';
import { type DbHandle, INGEST_LANE } from '../db/client';

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

/** SQL interval literal of each device type's power gap limit (CASE over devices.device_type). */
function gapSql(): string {
  const ms = (v: number) => `interval '${Math.round(v)} milliseconds'`;
  const cases = Object.entries(POWER_GAP_LIMIT_MS)
    .filter(([k, v]) => k !== 'default' && typeof v === 'number' && /^[a-z_]+$/.test(k))
    .map(([k, v]) => `WHEN '${k}' THEN ${ms(v as number)}`)
    .join(' ');
  const def = ms(POWER_GAP_LIMIT_MS.default);
  return cases ? `CASE d.device_type ${cases} ELSE ${def} END` : def;
}

/**
 * date_bin's origin for 5-minute buckets: a multiple of 300 s since the Unix epoch, which the energy steps'
 * bucket index k (epoch seconds / 300) relies on.
 */
const BUCKET_ORIGIN = "TIMESTAMPTZ '2000-01-01 00:00:00+00'";
/** The 5-minute bucket start (telemetry_5min.bucket) of the SQL timestamptz `expr`. */
const bin5 = (expr: string) => `date_bin('5 minutes', ${expr}, ${BUCKET_ORIGIN})`;

/**
 * Energy from power (issue 12): new samples change the trapezoid steps between their neighbouring
 * power samples, so every 5-minute bucket those steps cross ([a, b] below) is recomputed whole from
 * the stored samples plus the new ones (the statement does not see its own inserts). Steps longer
 * than the gap limit count as none. Each step is cut at bucket edges; a part whose power changes
 * sign is split at the zero crossing, so wh_pos / wh_neg hold the energy of W > 0 and W < 0.
 */
const ENERGY_SQL = `
span AS (
  -- append: nothing stored after the new samples' start, so old steps stay as they are and the new
  -- steps' energy is added to the buckets; otherwise the touched buckets are recomputed whole. Every
  -- stored sample is folded into its 5-minute row (last_ts >= its ts; retention and the history purge
  -- delete samples first and may keep the row), so one probe of that table answers it where telemetry
  -- needs one per partition after t0. A row with no sample left behind it only sends a batch the exact,
  -- slower way.
  -- Here, not in a subquery of its own, so that it is evaluated once per device.
  SELECT i.device_id, min(i.ts) AS t0, max(i.ts) AS t1, ${gapSql()} AS gap,
         NOT EXISTS (SELECT 1 FROM telemetry_5min r WHERE r.device_id = i.device_id
                     AND r.bucket >= ${bin5('min(i.ts)')}
                     AND r.last_ts > min(i.ts)) AS append
  FROM ins i JOIN devices d ON d.id = i.device_id
  WHERE i.w IS NOT NULL GROUP BY i.device_id, d.device_type
), bounds AS (
  SELECT s.device_id, s.gap, s.append, p.ts AS prev_ts, p.w AS prev_w,
         ${bin5('coalesce(p.ts, s.t0)')} AS a,
         ${bin5('coalesce(n.ts, s.t1)')} AS b,
         date_part('epoch', s.gap) AS gap_s,
         date_part('epoch', ${bin5('coalesce(p.ts, s.t0)')}) AS a_s,
         date_part('epoch', ${bin5('coalesce(n.ts, s.t1)')}) AS b_s
  FROM span s
  LEFT JOIN LATERAL (SELECT t.ts, t.w FROM telemetry t WHERE t.device_id = s.device_id AND t.ts < s.t0
                     AND t.ts >= s.t0 - s.gap AND t.w IS NOT NULL ORDER BY t.ts DESC LIMIT 1) p ON true
  -- When appending there is no next sample: the scan is skipped (a one-time filter).
  LEFT JOIN LATERAL (SELECT t.ts FROM telemetry t WHERE NOT s.append AND t.device_id = s.device_id
                     AND t.ts > s.t1 AND t.ts <= s.t1 + s.gap AND t.w IS NOT NULL ORDER BY t.ts ASC LIMIT 1) n ON true
), samples AS (
  -- Times as epoch seconds (float8, date_part: extract() would give numeric, ten times slower per use).
  SELECT b.device_id, date_part('epoch', o.ts) AS e, o.w::float8 AS w FROM bounds b
  CROSS JOIN LATERAL (SELECT t.ts, t.w FROM telemetry t WHERE t.device_id = b.device_id AND t.w IS NOT NULL
                      AND t.ts >= b.a - b.gap AND t.ts < b.b + interval '5 minutes' + b.gap) o
  WHERE NOT b.append
  UNION ALL
  -- The step from the last stored sample comes from bounds (a join back to telemetry would scan it).
  SELECT b.device_id, date_part('epoch', b.prev_ts), b.prev_w::float8 FROM bounds b WHERE b.append AND b.prev_ts IS NOT NULL
  UNION ALL
  SELECT i.device_id, date_part('epoch', i.ts), i.w::float8 FROM ins i JOIN bounds b ON b.device_id = i.device_id
  WHERE i.w IS NOT NULL
), steps AS (
  SELECT device_id, e, w, lead(e) OVER win AS ne, lead(w) OVER win AS nw
  FROM samples WINDOW win AS (PARTITION BY device_id ORDER BY e)
), live_steps AS (
  SELECT st.device_id, st.e, st.ne, st.w, st.nw, floor(st.e / 300)::bigint AS k0, ceil(st.ne / 300)::bigint - 1 AS k1,
         b.a_s, b.b_s
  FROM steps st JOIN bounds b ON b.device_id = st.device_id
  WHERE st.ne > st.e AND st.ne - st.e <= b.gap_s
), part_values AS MATERIALIZED (
  -- k: the 5-minute bucket's index since the Unix epoch (date_bin's origin is a multiple of 300 s);
  -- h: hours of the step in bucket k; v0 / v1: power at its ends there. Most steps lie inside one
  -- bucket: their ends are the samples' own (no generate_series, a function call per row). Materialized
  -- so that the CASEs below read v0 / v1 instead of re-deriving them at each use.
  SELECT device_id, k0 AS k, (ne - e) / 3600 AS h, w AS v0, nw AS v1
  FROM live_steps WHERE k1 = k0 AND k0 * 300::float8 BETWEEN a_s AND b_s
  UNION ALL
  SELECT device_id, k, (s1 - s0) / 3600, w + (nw - w) * (s0 - e) / (ne - e), w + (nw - w) * (s1 - e) / (ne - e)
  FROM (SELECT st.device_id, g.k, st.e, st.ne, st.w, st.nw,
               greatest(st.e, g.k * 300::float8) AS s0, least(st.ne, g.k * 300::float8 + 300) AS s1
        FROM live_steps st CROSS JOIN LATERAL generate_series(st.k0, st.k1) AS g(k)
        WHERE st.k1 > st.k0 AND g.k * 300::float8 BETWEEN st.a_s AND st.b_s) cut
), added AS (
  SELECT device_id, to_timestamp(k * 300::float8) AS bucket,
         sum(CASE WHEN v0 >= 0 AND v1 >= 0 THEN (v0 + v1) / 2 * h
                  WHEN v0 <= 0 AND v1 <= 0 THEN 0
                  ELSE greatest(v0, v1) ^ 2 / (abs(v0) + abs(v1)) * h / 2 END) AS wh_pos,
         sum(CASE WHEN v0 <= 0 AND v1 <= 0 THEN -(v0 + v1) / 2 * h
                  WHEN v0 >= 0 AND v1 >= 0 THEN 0
                  ELSE least(v0, v1) ^ 2 / (abs(v0) + abs(v1)) * h / 2 END) AS wh_neg
  FROM part_values GROUP BY device_id, k
), energy AS (
  SELECT a.device_id, a.bucket,
         a.wh_pos + CASE WHEN b.append THEN coalesce(r.wh_pos, 0) ELSE 0 END AS wh_pos,
         a.wh_neg + CASE WHEN b.append THEN coalesce(r.wh_neg, 0) ELSE 0 END AS wh_neg
  FROM added a JOIN bounds b ON b.device_id = a.device_id
  LEFT JOIN telemetry_5min r ON b.append AND r.device_id = a.device_id AND r.bucket = a.bucket
)`;

const WRITE_SQL = `
WITH input AS (
  -- The points come as one JSON array, not a text[] of JSON documents: \`pg\` quoted and escaped each
  -- document into the array literal, a sixth of the ingest's allocation for a 1-sample message (issue 36).
  SELECT * FROM ROWS FROM (unnest($1::int[]), unnest($2::timestamptz[]), unnest($3::real[]), unnest($4::real[]),
                           unnest($5::float8[]), unnest($6::float8[]), jsonb_array_elements($7::jsonb),
                           unnest($8::bool[]))
    AS t(device_id, ts, w, soc, e_in, e_out, points, newest)
), ins AS (
  INSERT INTO telemetry (device_id, ts, w, soc, e_in, e_out, points)
  SELECT device_id, ts, w, soc, e_in, e_out, points FROM input
  ON CONFLICT DO NOTHING
  RETURNING device_id, ts, w, soc, e_in, e_out
), ${ENERGY_SQL}, fresh AS (
  SELECT device_id, ${bin5('ts')} AS bucket,
         coalesce(sum(w), 0) AS w_sum, count(w) AS w_count,
         (array_agg(soc ORDER BY ts DESC) FILTER (WHERE soc IS NOT NULL))[1] AS soc_last,
         max(e_in) AS e_in_max, max(e_out) AS e_out_max, max(ts) AS last_ts
  FROM ins GROUP BY 1, 2
), roll AS (
  -- A bucket a step crosses without holding a sample gets a row with w_count 0 (its energy only).
  INSERT INTO telemetry_5min AS r (device_id, bucket, w_sum, w_count, soc_last, e_in_max, e_out_max, last_ts,
                                   wh_pos, wh_neg)
  SELECT coalesce(f.device_id, e.device_id), coalesce(f.bucket, e.bucket), coalesce(f.w_sum, 0),
         coalesce(f.w_count, 0), f.soc_last, f.e_in_max, f.e_out_max, coalesce(f.last_ts, e.bucket),
         e.wh_pos, e.wh_neg
  FROM fresh f FULL JOIN energy e ON e.device_id = f.device_id AND e.bucket = f.bucket
  ON CONFLICT (device_id, bucket) DO UPDATE SET
    w_sum = r.w_sum + excluded.w_sum,
    w_count = r.w_count + excluded.w_count,
    soc_last = CASE WHEN excluded.last_ts >= r.last_ts THEN coalesce(excluded.soc_last, r.soc_last)
                    ELSE coalesce(r.soc_last, excluded.soc_last) END,
    e_in_max = greatest(r.e_in_max, excluded.e_in_max),
    e_out_max = greatest(r.e_out_max, excluded.e_out_max),
    last_ts = greatest(r.last_ts, excluded.last_ts),
    -- Recomputed whole (not added): a bucket the new steps do not cross keeps its value.
    wh_pos = coalesce(excluded.wh_pos, r.wh_pos),
    wh_neg = coalesce(excluded.wh_neg, r.wh_neg)
  RETURNING 1
), next_counter AS (
  -- A new counter reading changes the first difference of the next day holding a reading (issue 12).
  SELECT c.device_id, n.bucket
  FROM (SELECT device_id, max(ts) FILTER (WHERE e_in IS NOT NULL) AS in_ts,
               max(ts) FILTER (WHERE e_out IS NOT NULL) AS out_ts
        FROM ins GROUP BY 1) c
  CROSS JOIN LATERAL (
    (SELECT t.bucket FROM telemetry_5min t WHERE c.in_ts IS NOT NULL AND t.device_id = c.device_id
       AND t.has_e_in AND t.bucket > c.in_ts ORDER BY t.bucket LIMIT 1)
    UNION ALL
    (SELECT t.bucket FROM telemetry_5min t WHERE c.out_ts IS NOT NULL AND t.device_id = c.device_id
       AND t.has_e_out AND t.bucket > c.out_ts ORDER BY t.bucket LIMIT 1)) n
), dirty AS (
  -- Issue 12: the local days whose daily energy rollup this batch changes (rollup-refresh.ts).
  INSERT INTO rollup_dirty (device_id, day)
  SELECT DISTINCT x.device_id, (x.bucket AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date
  FROM (SELECT device_id, bucket FROM fresh UNION ALL SELECT device_id, bucket FROM energy
        UNION ALL SELECT device_id, bucket FROM next_counter) x
  JOIN devices d ON d.id = x.device_id LEFT JOIN stations s ON s.id = d.station_id
  ON CONFLICT DO NOTHING
  RETURNING 1
), latest AS (
  INSERT INTO device_latest AS l (device_id, ts, w, soc, e_in, e_out, points, last_seen_at)
  -- newest: each device's latest row of the batch, picked by the caller (no sort of the batch here).
  SELECT device_id, ts, w, soc, e_in, e_out, points, now() FROM input WHERE newest
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
  const points = new Array<TelemetryRow['points']>(n);
  const newest = new Array<boolean>(n).fill(false);
  const newestAt = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    deviceIds[i] = r.deviceId;
    ts[i] = r.ts.toISOString();
    w[i] = r.w;
    soc[i] = r.soc;
    eIn[i] = r.eIn;
    eOut[i] = r.eOut;
    points[i] = r.points;
    const j = newestAt.get(r.deviceId);
    if (j === undefined || rows[j]!.ts.getTime() <= r.ts.getTime()) newestAt.set(r.deviceId, i);
  }
  for (const i of newestAt.values()) newest[i] = true;
  const res = await db.query<{ inserted: number }>(
    WRITE_SQL,
    [deviceIds, ts, w, soc, eIn, eOut, JSON.stringify(points), newest],
    `${INGEST_LANE}telemetry-write`,
  );
  const inserted = Number(res.rows[0]?.inserted ?? 0);
  return { inserted, duplicates: n - inserted };
}
