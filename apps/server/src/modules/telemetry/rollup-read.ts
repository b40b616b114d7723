/**
 * Energy, power and SOC per device over buckets of whole local days (days, months, years) read from
 * the daily and monthly rollups (issue 12, docs/energy.md "Rollups"): months wholly before the current
 * one from energy_monthly, the current month's past days from energy_daily, and today live from the
 * 5-minute rows. Marked days before today are recomputed first, so the figures equal those of
 * loadBucketEnergy and of power lines built from the 5-minute rows.
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
import { ENERGY_DEVICE_TYPES } from './energy-flow';
import type { PickedEnergy } from './energy-source';
import {
  combineParts,
  emptyParts,
  type PeriodParts,
  partsOfRow,
  type RollupRowColumns,
} from './rollup-parts';
import {
  combinePower,
  emptyPower,
  loadPowerParts,
  type PowerParts,
  type PowerRowColumns,
  powerOfRow,
} from './rollup-power';
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

/** One device's rollup figures per bucket (in the order of the starts). */
export interface DevicePeriods {
  deviceId: number;
  deviceType: string;
  parts: PeriodParts[];
  power: PowerParts[];
}

/**
 * Energy parts and power per device and bucket; bucket i holds the local days [starts[i],
 * starts[i+1]) of each device's site and the last ends before `endDay` (all `YYYY-MM-DD`, ascending).
 * One read of the rollup tables for all devices, plus today's 5-minute rows per time zone (energy
 * parts for energy device types; power, when `withPower`, for every device).
 * @returns one entry per device, in the order given.
 */
export async function loadRollupPeriods(
  db: DbHandle,
  devices: readonly RollupDevice[],
  starts: readonly string[],
  endDay: string,
  now: number = Date.now(),
  withPower = true,
): Promise<DevicePeriods[]> {
  if (devices.length === 0 || starts.length === 0) return [];
  const from = starts[0]!;
  const todayOf = new Map(devices.map((d) => [d.deviceId, localToday(d.timeZone, now)]));
  await flushRollups(
    db,
    devices.map((d) => ({ deviceId: d.deviceId, before: todayOf.get(d.deviceId)! })),
  );
  // Months can be read whole only when every bucket is made of whole months.
  const byMonth = [...starts, endDay].every((k) => k.endsWith('-01'));
  const res = await db.query<RollupRowColumns & PowerRowColumns & { device_id: number; key: string }>(
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

  const acc = new Map<number, DevicePeriods>(
    devices.map((d) => [
      d.deviceId,
      {
        deviceId: d.deviceId,
        deviceType: d.deviceType,
        parts: starts.map(() => ({ eIn: emptyParts(), eOut: emptyParts() })),
        power: starts.map(() => emptyPower()),
      },
    ]),
  );
  const add = (deviceId: number, key: string, parts: PeriodParts | null, power: PowerParts | null) => {
    const i = bucketOf(starts, key);
    const entry = acc.get(deviceId);
    if (!entry || i < 0 || key >= endDay) return;
    if (parts) {
      const prev = entry.parts[i]!;
      entry.parts[i] = { eIn: combineParts(prev.eIn, parts.eIn), eOut: combineParts(prev.eOut, parts.eOut) };
    }
    if (power) entry.power[i] = combinePower(entry.power[i]!, power);
  };
  for (const r of res.rows) add(r.device_id, r.key, partsOfRow(r), withPower ? powerOfRow(r) : null);

  // Today (still open) live from the 5-minute rows, per time zone.
  const zones = new Map<string, RollupDevice[]>();
  for (const d of devices) {
    const today = todayOf.get(d.deviceId)!;
    if (today < from || today >= endDay) continue;
    zones.set(d.timeZone, [...(zones.get(d.timeZone) ?? []), d]);
  }
  for (const [tz, list] of zones) {
    const today = localToday(tz, now);
    const { start, end } = localDayRange(parseLocalDate(today)!, tz);
    const energyDevices = list.filter((d) => ENERGY_DEVICE_TYPES.has(d.deviceType));
    const live = await loadBucketParts(db, energyDevices, [new Date(start)], new Date(end));
    for (const p of live) add(p.deviceId, today, { eIn: p.eIn[0]!, eOut: p.eOut[0]! }, null);
    if (!withPower) continue;
    const power = await loadPowerParts(
      db,
      list.map((d) => d.deviceId),
      [new Date(start)],
      new Date(end),
    );
    for (const p of power) if (p.index === 0) add(p.deviceId, today, null, p.power);
  }
  return devices.map((d) => acc.get(d.deviceId)!);
}

/**
 * Energy per device and bucket over the same buckets as loadRollupPeriods (energy device types).
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
  const periods = await loadRollupPeriods(db, devices, starts, endDay, now, false);
  return energyOfPeriods(periods);
}

/** Energy figures (and their sources) of rollup periods, as loadBucketEnergy gives them. */
export function energyOfPeriods(periods: readonly DevicePeriods[]): {
  devices: DeviceBucketEnergy[];
  sources: PickedEnergy['source'][];
} {
  if (periods.length === 0) return { devices: [], sources: [] };
  const parts: DeviceBucketParts[] = periods.map((d) => ({
    deviceId: d.deviceId,
    type: d.deviceType as DeviceBucketParts['type'],
    eIn: d.parts.map((p) => p.eIn),
    eOut: d.parts.map((p) => p.eOut),
  }));
  return pickParts(parts);
}
