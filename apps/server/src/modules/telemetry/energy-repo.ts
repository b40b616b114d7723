/**
 * SQL of energy per period bucket from the 5-minute rollup (issue 12): counter energy as the sum of
 * reading-to-reading differences (a reading below the previous one is a reset or rollover and counts
 * from 0), and power energy as the sum of the writer's wh_pos / wh_neg. Aggregated in the database,
 * so a year of 5-minute rows never reaches Node.
 */
import type { DbHandle } from '../../db/client';
import type { CounterPair } from './repo';

/** Energy of one device in bucket `index` (Wh); null where nothing was measured. */
export interface EnergyBucketRow {
  deviceId: number;
  index: number;
  inWh: number | null;
  /** False when the e_in counter's first reading in the period has no earlier reading (starts here). */
  inWhole: boolean;
  /** When not whole: the 5-minute bucket of the e_in counter's first reading. */
  inStart: Date | null;
  outWh: number | null;
  outWhole: boolean;
  outStart: Date | null;
  posWh: number | null;
  negWh: number | null;
}

const counterCte = (col: 'e_in_max' | 'e_out_max', base: 'base_in' | 'base_out', name: string) => `
${name} AS (
  SELECT device_id, idx, sum(CASE WHEN p IS NULL THEN 0 WHEN v < p THEN v ELSE v - p END) AS wh,
         bool_and(p IS NOT NULL) AS whole, min(bucket) FILTER (WHERE p IS NULL) AS start
  FROM (SELECT r.device_id, r.idx, r.bucket, r.${col} AS v,
               coalesce(lag(r.${col}) OVER (PARTITION BY r.device_id ORDER BY r.bucket), b.${base}) AS p
        FROM r JOIN base b ON b.device_id = r.device_id WHERE r.${col} IS NOT NULL) x
  GROUP BY 1, 2)`;

/**
 * Energy per device and bucket; buckets are [starts[i], starts[i+1]) and the last ends at `to`.
 * `baselines` are each device's last counter readings before starts[0] (absent: none).
 */
export async function loadEnergyBuckets(
  db: DbHandle,
  deviceIds: readonly number[],
  starts: readonly Date[],
  to: Date,
  baselines: ReadonlyMap<number, CounterPair>,
): Promise<EnergyBucketRow[]> {
  if (deviceIds.length === 0 || starts.length === 0) return [];
  const res = await db.query<EnergyBucketRow>(
    `WITH base AS (
       SELECT * FROM unnest($1::int[], $5::float8[], $6::float8[]) AS b(device_id, base_in, base_out)
     ), r AS (
       SELECT device_id, bucket, width_bucket(bucket, $2::timestamptz[]) - 1 AS idx,
              e_in_max, e_out_max, wh_pos, wh_neg
       FROM telemetry_5min WHERE device_id = ANY($1::int[]) AND bucket >= $3 AND bucket < $4
     ), pw AS (
       SELECT device_id, idx, sum(wh_pos) AS pos, sum(wh_neg) AS neg FROM r GROUP BY 1, 2
     ), ${counterCte('e_in_max', 'base_in', 'ci')}, ${counterCte('e_out_max', 'base_out', 'co')}
     SELECT pw.device_id AS "deviceId", pw.idx AS "index", ci.wh AS "inWh", coalesce(ci.whole, false) AS "inWhole",
            ci.start AS "inStart", co.wh AS "outWh", coalesce(co.whole, false) AS "outWhole", co.start AS "outStart", pw.pos AS "posWh", pw.neg AS "negWh"
     FROM pw LEFT JOIN ci ON ci.device_id = pw.device_id AND ci.idx = pw.idx
             LEFT JOIN co ON co.device_id = pw.device_id AND co.idx = pw.idx`,
    [
      deviceIds,
      starts.map((s) => s.toISOString()),
      starts[0]!.toISOString(),
      to.toISOString(),
      deviceIds.map((id) => baselines.get(id)?.eIn ?? null),
      deviceIds.map((id) => baselines.get(id)?.eOut ?? null),
    ],
  );
  return res.rows.map((r) => ({ ...r, index: Number(r.index) }));
}

/** Energy from power (Wh, by sign) of each device's buckets in [from, until), one entry per request in order. */
export async function loadPowerEnergy(
  db: DbHandle,
  requests: readonly { deviceId: number; from: Date; until: Date }[],
): Promise<{ pos: number | null; neg: number | null }[]> {
  if (requests.length === 0) return [];
  const res = await db.query<{ pos: number | null; neg: number | null }>(
    `SELECT e.pos, e.neg
     FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS r(device_id, since, until, n)
     CROSS JOIN LATERAL (SELECT sum(wh_pos) AS pos, sum(wh_neg) AS neg FROM telemetry_5min t
                         WHERE t.device_id = r.device_id AND t.bucket >= r.since AND t.bucket < r.until) e
     ORDER BY r.n`,
    [
      requests.map((r) => r.deviceId),
      requests.map((r) => r.from.toISOString()),
      requests.map((r) => r.until.toISOString()),
    ],
  );
  return res.rows;
}
