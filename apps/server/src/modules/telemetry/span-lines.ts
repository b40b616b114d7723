/**
 * station/lines over a span of local days (issue 12): the bucket size follows the span (≤ 1 day: the
 * asked interval, ≤ 1 week: 1 h, ≤ 3 months: 1 day, longer: 1 month) and is made coarser until the
 * points fit about twice the chart's width. Power is the average W per bucket: minute buckets
 * aggregate the 5-minute rows in the database; day and month buckets read power and energy together
 * from the daily and monthly rollups (rollup-read.ts), so a year line reads ~13 rows per device.
 */
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import {
  datesBetween,
  daysBetween,
  formatLocalDate,
  nextDay,
  parseLocalDate,
  startOfLocalDay,
} from '../../shared/zoned-time';
import { type Bucket, dayBuckets } from './bucket-edges';
import type { DeviceBucketEnergy } from './bucket-energy';
import { deriveTotals, ENERGY_DEVICE_TYPES, sumByType } from './energy-flow';
import type { Series } from './line-series';
import { round } from './power-unit';
import { loadHourlyPower } from './rollup-hours';
import { averageW, loadPowerBuckets, type PowerBucketRow } from './rollup-power';
import { energyOfPeriods, loadRollupPeriods } from './rollup-read';

/** Bucket size of a span line: minutes within days, whole local days or whole local months. */
export type SpanResolution = { minutes: 5 | 15 | 30 | 60 } | { days: 1 } | { months: 1 };

const LADDER: SpanResolution[] = [
  { minutes: 5 },
  { minutes: 15 },
  { minutes: 30 },
  { minutes: 60 },
  { days: 1 },
  { months: 1 },
];

/** Name of a resolution as the API says it (`5min` … `1h`, `1d`, `1mo`). */
export function resolutionName(r: SpanResolution): string {
  if ('minutes' in r) return r.minutes === 60 ? '1h' : `${r.minutes}min`;
  return 'days' in r ? '1d' : '1mo';
}

/** Number of local days from `from` to `to`, both included. */
export function daysInSpan(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** Approximate bucket count of `r` over `days` days. */
const countOf = (r: SpanResolution, days: number) =>
  'minutes' in r ? (days * 1440) / r.minutes : 'days' in r ? days : Math.ceil(days / 30) + 1;

/**
 * The resolution of a span of `days` local days: the asked `interval` for one day, 1 h up to a week,
 * 1 day up to 92 days, else 1 month; then coarser while there would be more than 2 × `width` points.
 */
export function chooseResolution(days: number, interval: number, width?: number): SpanResolution {
  let i =
    days <= 1
      ? Math.max(
          0,
          LADDER.findIndex((r) => 'minutes' in r && r.minutes === interval),
        )
      : days <= 7
        ? 3
        : days <= 92
          ? 4
          : 5;
  while (width !== undefined && i < LADDER.length - 1 && countOf(LADDER[i]!, days) > 2 * width) i++;
  return LADDER[i]!;
}

/** Buckets of `r` covering local days `from`..`to` in `timeZone`, with their first local day (`day`). */
export function spanBuckets(
  from: string,
  to: string,
  timeZone: string,
  r: SpanResolution,
): (Bucket & { day: string })[] {
  const out: (Bucket & { day: string })[] = [];
  if ('months' in r) {
    const a = parseLocalDate(from)!;
    const b = parseLocalDate(to)!;
    const last = b.year * 12 + b.month - 1;
    for (let k = a.year * 12 + a.month - 1; k <= last; k++) {
      const y = Math.floor(k / 12);
      const m = (k % 12) + 1;
      out.push({
        start: startOfLocalDay(y, m, 1, timeZone),
        end: startOfLocalDay(y, m + 1, 1, timeZone),
        label: `${y}-${String(m).padStart(2, '0')}`,
        day: formatLocalDate(y, m, 1),
      });
    }
    return out;
  }
  for (const day of datesBetween(from, to)) {
    const p = parseLocalDate(day)!;
    if ('days' in r) {
      out.push({
        start: startOfLocalDay(p.year, p.month, p.day, timeZone),
        end: startOfLocalDay(p.year, p.month, p.day + 1, timeZone),
        label: day,
        day,
      });
    } else out.push(...dayBuckets(p, timeZone, r.minutes).map((b) => ({ ...b, day })));
  }
  return out;
}

/** Units an energy series can be shown in. */
export type EnergyUnit = 'kWh' | 'MWh' | 'GWh';

/** kWh below 10 MWh, MWh below 10 GWh, GWh above (as power: one unit per chart, from its largest value). */
export function pickEnergyUnit(maxAbsKwh: number): EnergyUnit {
  if (maxAbsKwh >= 10_000_000) return 'GWh';
  if (maxAbsKwh >= 10_000) return 'MWh';
  return 'kWh';
}

/**
 * Power per device and bucket of a span line and, for day and month buckets, energy per energy device
 * (Wh): 5- to 30-minute buckets from the 5-minute rows, hours from the hourly rollup, day and month
 * buckets in one read of the rollups (the
 * buckets end with the last one given, so a line cut at now reads nothing after it).
 */
export async function loadSpanData(
  db: DbHandle,
  devices: readonly { deviceId: number; deviceType: string }[],
  buckets: readonly (Bucket & { day: string })[],
  resolution: SpanResolution,
  timeZone: string,
  now: number = Date.now(),
): Promise<{ power: PowerBucketRow[]; energy: DeviceBucketEnergy[] }> {
  if (devices.length === 0 || buckets.length === 0) return { power: [], energy: [] };
  if ('minutes' in resolution && resolution.minutes === 60) {
    const ids = devices.map((d) => d.deviceId);
    return { power: await loadHourlyPower(db, ids, buckets, timeZone, now), energy: [] };
  }
  if ('minutes' in resolution) {
    const ids = devices.map((d) => d.deviceId);
    return { power: await loadPowerBuckets(db, ids, buckets), energy: [] };
  }
  const last = buckets[buckets.length - 1]!.day;
  const endDay = 'months' in resolution ? nextMonth(last) : nextDay(last);
  const periods = await loadRollupPeriods(
    db,
    devices.map((d) => ({ ...d, timeZone })),
    buckets.map((b) => b.day),
    endDay,
    now,
  );
  const power = periods.flatMap((d) =>
    d.power.map((p, index) => ({ deviceId: d.deviceId, index, w: averageW(p), soc: p.socLast })),
  );
  const energy = energyOfPeriods(periods.filter((d) => ENERGY_DEVICE_TYPES.has(d.deviceType))).devices;
  return { power, energy };
}

/** First day of the month after the one holding `day` (`YYYY-MM-DD`). */
function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
}

/**
 * Site energy series per day or month bucket (kWh from the rollups; MWh or GWh when `upgrade` and the
 * largest value calls for it): production, consumption, grid buy and sell, charge and discharge, from
 * the energy per device of loadSpanData.
 */
export function energySeries(
  energy: readonly DeviceBucketEnergy[],
  bucketCount: number,
  upgrade: boolean,
): Series[] {
  const totals = Array.from({ length: bucketCount }, (_, i) =>
    deriveTotals({
      eIn: sumByType(energy.map((d) => ({ type: d.type as DeviceType, value: d.eIn[i] ?? null }))),
      eOut: sumByType(energy.map((d) => ({ type: d.type as DeviceType, value: d.eOut[i] ?? null }))),
    }),
  );
  const keys = [
    ['productionEnergy', 'productionKwh'],
    ['consumptionEnergy', 'consumptionKwh'],
    ['gridBuyEnergy', 'gridBuyKwh'],
    ['gridSellEnergy', 'gridSellKwh'],
    ['chargeEnergy', 'chargeKwh'],
    ['dischargeEnergy', 'dischargeKwh'],
  ] as const;
  const raw = keys
    .map(([key, field]) => ({ key, values: totals.map((t) => t[field]) }))
    .filter((s) => s.values.some((v) => v !== null));
  let max = 0;
  for (const s of raw) for (const v of s.values) if (v !== null && Math.abs(v) > max) max = Math.abs(v);
  const unit: EnergyUnit = upgrade ? pickEnergyUnit(max) : 'kWh';
  const factor = unit === 'GWh' ? 1_000_000 : unit === 'MWh' ? 1_000 : 1;
  return raw.map((s) => ({
    key: s.key,
    unit,
    values: s.values.map((v) => (v === null ? null : round(v / factor, 3))),
  }));
}
