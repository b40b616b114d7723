/**
 * The hourly power rollup (issue 12, docs/energy.md "Rollups"): telemetry_hourly holds Σ W, sample
 * count and latest SOC per device and local hour of its site, rebuilt from telemetry_5min by the
 * rollup job for each day it recomputes, and read by lines of up to a week (1-hour buckets): past days
 * from the hourly rows, today (still open) live from the 5-minute rows, so a 7-day line reads 168 rows
 * per device instead of 2,016 and shows the same figures.
 */
import type { DbHandle } from '../../db/client';
import { localToday, parseLocalDate } from '../../shared/zoned-time';
import { type Bucket, bucketIndexOf, dayBuckets, localDayRange } from './bucket-edges';
import {
  averageW,
  isEmptyPower,
  loadPowerBuckets,
  loadPowerParts,
  type PowerBucketRow,
  type PowerParts,
  type PowerRowColumns,
  powerOfRow,
} from './rollup-power';
import { flushRollups } from './rollup-refresh';

/**
 * Rebuilds the hourly rows of `deviceIds` over the consecutive local days `days` of `timeZone`:
 * deletes the hours of those days, then inserts every hour holding samples or an SOC.
 * @returns those hours' power with their local day, for the day rows (rollup-refresh.ts), which are
 *   these hours combined.
 */
export async function recomputeHours(
  db: DbHandle,
  deviceIds: readonly number[],
  days: readonly string[],
  timeZone: string,
): Promise<{ deviceId: number; day: string; power: PowerParts }[]> {
  if (deviceIds.length === 0 || days.length === 0) return [];
  const dayOfHour: string[] = [];
  const hours = days.flatMap((day) => {
    const list = dayBuckets(parseLocalDate(day)!, timeZone, 60);
    dayOfHour.push(...list.map(() => day));
    return list;
  });
  const starts = hours.map((h) => new Date(h.start));
  const end = new Date(hours[hours.length - 1]!.end);
  const rows = (await loadPowerParts(db, deviceIds, starts, end)).filter((r) => !isEmptyPower(r.power));
  await db.query(
    'DELETE FROM telemetry_hourly WHERE device_id = ANY($1::int[]) AND bucket >= $2 AND bucket < $3',
    [deviceIds, starts[0]!.toISOString(), end.toISOString()],
  );
  if (rows.length > 0) {
    await db.query(
      `INSERT INTO telemetry_hourly (device_id, bucket, w_sum, w_count, soc_last, soc_at)
     SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::int[], $5::real[], $6::timestamptz[])`,
      [
        rows.map((r) => r.deviceId),
        rows.map((r) => starts[r.index]!.toISOString()),
        rows.map((r) => r.power.wSum),
        rows.map((r) => r.power.wCount),
        rows.map((r) => r.power.socLast),
        rows.map((r) => r.power.socAt?.toISOString() ?? null),
      ],
    );
  }
  return rows.map((r) => ({ deviceId: r.deviceId, day: dayOfHour[r.index]!, power: r.power }));
}

/**
 * Average W and latest SOC per device and hour bucket of a line (`buckets`: the local hours of
 * consecutive days of `timeZone`, as dayBuckets cuts them). Marked days before today are recomputed
 * first; today and later come from the 5-minute rows.
 */
export async function loadHourlyPower(
  db: DbHandle,
  deviceIds: readonly number[],
  buckets: readonly Bucket[],
  timeZone: string,
  now: number = Date.now(),
): Promise<PowerBucketRow[]> {
  if (deviceIds.length === 0 || buckets.length === 0) return [];
  const today = localToday(timeZone, now);
  await flushRollups(
    db,
    deviceIds.map((deviceId) => ({ deviceId, before: today })),
  );
  const todayStart = localDayRange(parseLocalDate(today)!, timeZone).start;
  const first = buckets[0]!.start;
  const last = buckets[buckets.length - 1]!.end;
  const out: PowerBucketRow[] = [];
  if (first < todayStart) {
    const res = await db.query<PowerRowColumns & { device_id: number; bucket: Date | string }>(
      `SELECT device_id, bucket, w_sum, w_count, soc_last, soc_at FROM telemetry_hourly
       WHERE device_id = ANY($1::int[]) AND bucket >= $2 AND bucket < $3`,
      [deviceIds, new Date(first).toISOString(), new Date(Math.min(last, todayStart)).toISOString()],
    );
    for (const r of res.rows) {
      const index = bucketIndexOf(buckets, new Date(r.bucket).getTime());
      if (index < 0) continue;
      const p = powerOfRow(r);
      out.push({ deviceId: r.device_id, index, w: averageW(p), soc: p.socLast });
    }
  }
  const open = buckets.findIndex((b) => b.start >= todayStart);
  if (open >= 0) {
    for (const r of await loadPowerBuckets(db, deviceIds, buckets.slice(open))) {
      out.push({ ...r, index: open + r.index });
    }
  }
  return out;
}
