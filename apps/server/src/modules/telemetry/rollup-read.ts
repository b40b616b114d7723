/**
 * Energy per device over buckets of whole local days (days, months, years) read from the daily and
 * monthly rollups (issue 12, docs/energy.md "Rollups"): months wholly before the current one from
 * energy_monthly, the current month's past days from energy_daily, and today live from the 5-minute
 * rows. Marked days before today are recomputed first, so the figures equal those of loadBucketEnergy.
 */
import type { DbHandle } from '../../db/client';
import { localToday, parseLocalDate } from '../../shared/zoned-time';
import { localDayRange } from './bucket-edges';
import {
  type DeviceBucketEnergy,
  type DeviceBucketParts,
  type EnergyDevice,
  loadBucketParts,
  pickParts,
} from './bucket-energy';
import type { PickedEnergy } from './energy-source';
import {
  combineParts,
  emptyParts,
  type PeriodParts,
  partsOfRow,
  type RollupRowColumns,
} from './rollup-parts';
import { flushRollups } from './rollup-refresh';

/** A device with its site's time zone (its rollup days are that zone's local days). */
export interface RollupDevice extends EnergyDevice {
  timeZone: string;
}

/** Index of the last bucket whose start key is ≤ `key` (keys sorted), -1 before the first. */
function bucketOf(starts: readonly string[], key: string): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= key) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Energy per device and bucket; bucket i holds the local days [starts[i], starts[i+1]) of each
 * device's site and the last ends before `endDay` (all `YYYY-MM-DD`, ascending).
 * @returns the same shape as loadBucketEnergy: figures per device (in the order given) and the
 *   source of every figure.
 */
export async function loadRollupEnergy(
  db: DbHandle,
  devices: readonly RollupDevice[],
  starts: readonly string[],
  endDay: string,
  now: number = Date.now(),
): Promise<{ devices: DeviceBucketEnergy[]; sources: PickedEnergy['source'][] }> {
  if (devices.length === 0 || starts.length === 0) return { devices: [], sources: [] };
  const from = starts[0]!;
  const todayOf = new Map(devices.map((d) => [d.deviceId, localToday(d.timeZone, now)]));
  await flushRollups(
    db,
    devices.map((d) => ({ deviceId: d.deviceId, before: todayOf.get(d.deviceId)! })),
  );
  // Months can be read whole only when every bucket is made of whole months.
  const byMonth = [...starts, endDay].every((k) => k.endsWith('-01'));
  const res = await db.query<RollupRowColumns & { device_id: number; key: string }>(
    `WITH u AS (SELECT * FROM unnest($1::int[], $2::date[]) AS u(id, today))
     SELECT m.*, m.month::text AS key FROM u JOIN energy_monthly m ON m.device_id = u.id
       AND $5 AND m.month >= $3::date AND m.month < least($4::date, date_trunc('month', u.today)::date)
     UNION ALL
     SELECT d.*, d.day::text AS key FROM u JOIN energy_daily d ON d.device_id = u.id
       AND d.day >= CASE WHEN $5 THEN greatest($3::date, date_trunc('month', u.today)::date) ELSE $3::date END
       AND d.day < least($4::date, u.today)
     ORDER BY device_id, key`,
    [devices.map((d) => d.deviceId), devices.map((d) => todayOf.get(d.deviceId)!), from, endDay, byMonth],
  );

  const acc = new Map<number, PeriodParts[]>(
    devices.map((d) => [d.deviceId, starts.map(() => ({ eIn: emptyParts(), eOut: emptyParts() }))]),
  );
  const add = (deviceId: number, key: string, parts: PeriodParts) => {
    const i = bucketOf(starts, key);
    const list = acc.get(deviceId);
    if (!list || i < 0 || key >= endDay) return;
    const prev = list[i]!;
    list[i] = { eIn: combineParts(prev.eIn, parts.eIn), eOut: combineParts(prev.eOut, parts.eOut) };
  };
  for (const r of res.rows) add(r.device_id, r.key, partsOfRow(r));

  // Today (still open) live from the 5-minute rows, one query per time zone.
  const zones = new Map<string, RollupDevice[]>();
  for (const d of devices) {
    const today = todayOf.get(d.deviceId)!;
    if (today < from || today >= endDay) continue;
    zones.set(d.timeZone, [...(zones.get(d.timeZone) ?? []), d]);
  }
  for (const [tz, list] of zones) {
    const today = localToday(tz, now);
    const { start, end } = localDayRange(parseLocalDate(today)!, tz);
    const live = await loadBucketParts(db, list, [new Date(start)], new Date(end));
    for (const p of live) add(p.deviceId, today, { eIn: p.eIn[0]!, eOut: p.eOut[0]! });
  }

  const parts: DeviceBucketParts[] = devices.map((d) => {
    const list = acc.get(d.deviceId)!;
    return {
      deviceId: d.deviceId,
      type: d.deviceType as DeviceBucketParts['type'],
      eIn: list.map((p) => p.eIn),
      eOut: list.map((p) => p.eOut),
    };
  });
  return pickParts(parts);
}
