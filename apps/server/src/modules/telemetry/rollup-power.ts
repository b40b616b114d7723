/**
 * Power and SOC of a period in the day and month rollups (issue 12, docs/energy.md "Rollups"). A
 * period holds Σ w_sum and Σ w_count of its 5-minute rows and its latest SOC with the 5-minute bucket
 * it came from, so periods combine (sums add, the later SOC wins) and a line bucket built from day or
 * month rows shows the same average W and SOC as one built from the 5-minute rows.
 */
import type { DbHandle } from '../../db/client';

/** Power of one device over one period: W sums and sample count, latest SOC (%) and its bucket. */
export interface PowerParts {
  wSum: number;
  wCount: number;
  socLast: number | null;
  socAt: Date | null;
}

/** Power of a period with no sample. */
export const emptyPower = (): PowerParts => ({ wSum: 0, wCount: 0, socLast: null, socAt: null });

/** Power of two periods together: sums add; the SOC of the later reading (earlier one on a tie). */
export function combinePower(a: PowerParts, b: PowerParts): PowerParts {
  const later = b.socAt !== null && (a.socAt === null || b.socAt.getTime() > a.socAt.getTime()) ? b : a;
  return {
    wSum: a.wSum + b.wSum,
    wCount: a.wCount + b.wCount,
    socLast: later.socLast,
    socAt: later.socAt,
  };
}

/** True when a period holds neither power samples nor an SOC. */
export const isEmptyPower = (p: PowerParts): boolean => p.wCount === 0 && p.socLast === null;

/** Average W of a period (Σ w_sum / Σ w_count), null without samples. */
export const averageW = (p: PowerParts): number | null => (p.wCount > 0 ? p.wSum / p.wCount : null);

/** Power columns of an energy_daily / energy_monthly row as the database returns them. */
export interface PowerRowColumns {
  w_sum: number | string;
  w_count: number | string;
  soc_last: number | string | null;
  soc_at: Date | string | null;
}

/** Power parts of a rollup row. */
export function powerOfRow(r: PowerRowColumns): PowerParts {
  return {
    wSum: Number(r.w_sum),
    wCount: Number(r.w_count),
    socLast: r.soc_last === null ? null : Number(r.soc_last),
    socAt: r.soc_at === null ? null : new Date(r.soc_at),
  };
}

/**
 * Power parts per device and bucket from the 5-minute rows; buckets are [starts[i], starts[i+1]) and
 * the last ends at `end`. One grouped query by primary key (device_id, bucket).
 * @returns (deviceId, bucket index, parts) for each pair holding at least one row.
 */
export async function loadPowerParts(
  db: DbHandle,
  deviceIds: readonly number[],
  starts: readonly Date[],
  end: Date,
): Promise<{ deviceId: number; index: number; power: PowerParts }[]> {
  if (deviceIds.length === 0 || starts.length === 0) return [];
  const res = await db.query<PowerRowColumns & { device_id: number; index: number }>(
    `SELECT device_id, width_bucket(bucket, $2::timestamptz[]) - 1 AS index,
            sum(w_sum) AS w_sum, sum(w_count) AS w_count,
            (array_agg(soc_last ORDER BY bucket DESC) FILTER (WHERE soc_last IS NOT NULL))[1] AS soc_last,
            max(bucket) FILTER (WHERE soc_last IS NOT NULL) AS soc_at
     FROM telemetry_5min WHERE device_id = ANY($1::int[]) AND bucket >= $3 AND bucket < $4
     GROUP BY 1, 2`,
    [deviceIds, starts.map((s) => s.toISOString()), starts[0]!.toISOString(), end.toISOString()],
  );
  return res.rows.map((r) => ({ deviceId: r.device_id, index: Number(r.index), power: powerOfRow(r) }));
}

/** Average W and latest SOC of one device in one bucket of a line. */
export interface PowerBucketRow {
  deviceId: number;
  index: number;
  w: number | null;
  soc: number | null;
}

/**
 * Average W and latest SOC per device and bucket of a line from the 5-minute rows (buckets consecutive,
 * [start, end) in epoch ms); pairs without a row are left out.
 */
export async function loadPowerBuckets(
  db: DbHandle,
  deviceIds: readonly number[],
  buckets: readonly { start: number; end: number }[],
): Promise<PowerBucketRow[]> {
  if (buckets.length === 0) return [];
  const starts = buckets.map((b) => new Date(b.start));
  const rows = await loadPowerParts(db, deviceIds, starts, new Date(buckets[buckets.length - 1]!.end));
  return rows.map((r) => ({
    deviceId: r.deviceId,
    index: r.index,
    w: averageW(r.power),
    soc: r.power.socLast,
  }));
}
