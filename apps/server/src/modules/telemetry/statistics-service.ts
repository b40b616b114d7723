/**
 * GET station/statistics: energy per hour, day, month or year of a site, a group or all of the
 * caller's sites, from counter differences, or from power where a device has no counter (issue 12,
 * docs/energy.md), cut in each site's time zone, with period totals, self-sufficiency and
 * self-consumption. Hours read the 5-minute rows; days, months and years the daily and monthly
 * rollups (rollup-read.ts), which give the same figures.
 */
import type { Statistics } from '@ems/contract/api/station';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput, noPermission } from '../../http/errors';
import { localParts, localToday, nextDay, parseLocalDate } from '../../shared/zoned-time';
import {
  accessibleStationIds,
  requireStationAccess,
  requireStationsAccess,
  type StationRow,
} from '../access/station-access';
import { groupStationIds } from '../reports/repo';
import { type Bucket, dayBuckets, type StatisticsType, statisticsBuckets } from './bucket-edges';
import { type DeviceBucketEnergy, loadBucketEnergy } from './bucket-energy';
import { deriveTotals, ENERGY_DEVICE_TYPES, sumByType } from './energy-flow';
import { selfConsumption, selfSufficiency } from './energy-ratios';
import { combineSources, type PickedEnergy } from './energy-source';
import { firstDataAt } from './repo';
import { loadRollupEnergy, type RollupDevice } from './rollup-read';

/** Query of statistics as the contract's StatisticsQuerySchema parses it (exactly one scope field). */
export interface StatisticsQuery {
  stationId?: number;
  groupId?: number;
  all?: number;
  statisticsType: number;
  searchDate?: string;
}

/** Sum of the non-null values, null when there is none. */
const sumKnown = (values: readonly (number | null)[]) =>
  values.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);

/**
 * The sites of the query: the named one, the caller's group, or every site the caller may view.
 * @throws AppError noPermission for a site or group that is not the caller's.
 */
async function statisticsStations(
  db: DbHandle,
  user: SessionUser,
  q: StatisticsQuery,
): Promise<StationRow[]> {
  if (q.stationId !== undefined) return [await requireStationAccess(db, user, q.stationId)];
  const visible = await accessibleStationIds(db, user);
  if (q.groupId !== undefined) {
    const ids = await groupStationIds(db, user.userId, q.groupId, visible);
    if (ids === null) throw noPermission();
    return requireStationsAccess(db, user, ids);
  }
  return requireStationsAccess(db, user, visible);
}

/** Energy devices of the sites, each with its site's time zone. */
async function loadDevices(db: DbHandle, stations: readonly StationRow[]): Promise<RollupDevice[]> {
  if (stations.length === 0) return [];
  const zoneOf = new Map(stations.map((s) => [s.id, s.timeZone]));
  const res = await db.query<{ deviceId: number; deviceType: string; stationId: number }>(
    `SELECT id AS "deviceId", device_type AS "deviceType", station_id AS "stationId"
     FROM devices WHERE station_id = ANY($1::int[]) ORDER BY id`,
    [stations.map((s) => s.id)],
  );
  return res.rows
    .filter((d) => ENERGY_DEVICE_TYPES.has(d.deviceType as never))
    .map((d) => ({ deviceId: d.deviceId, deviceType: d.deviceType, timeZone: zoneOf.get(d.stationId)! }));
}

/** First local day of each bucket of type 2–4 and the day after the last (`YYYY-MM-DD`). */
function bucketDays(type: StatisticsType, buckets: readonly Bucket[]): { starts: string[]; end: string } {
  const starts = buckets.map((b) =>
    type === 2 ? b.label : type === 3 ? `${b.label}-01` : `${b.label}-01-01`,
  );
  const last = buckets[buckets.length - 1]!.label;
  const end =
    type === 2
      ? nextDay(last)
      : type === 3
        ? `${Number(last.slice(0, 4)) + 1}-01-01`
        : `${Number(last) + 1}-01-01`;
  return { starts, end };
}

/**
 * Hourly energy of a day for devices in several time zones: each zone's own hours (23 or 25 on its DST
 * days), added to the hour of the first zone with the same label (the n-th repeat to the n-th).
 */
async function hourlyEnergy(
  db: DbHandle,
  devices: readonly RollupDevice[],
  buckets: readonly Bucket[],
  date: { year: number; month: number; day: number },
  primaryZone: string,
): Promise<{ devices: DeviceBucketEnergy[]; sources: PickedEnergy['source'][] }> {
  const zones = new Map<string, RollupDevice[]>();
  for (const d of devices) zones.set(d.timeZone, [...(zones.get(d.timeZone) ?? []), d]);
  const out: DeviceBucketEnergy[] = [];
  const sources: PickedEnergy['source'][] = [];
  const occurrence = (list: readonly Bucket[]) => {
    const seen = new Map<string, number>();
    return list.map((b) => {
      const n = seen.get(b.label) ?? 0;
      seen.set(b.label, n + 1);
      return `${b.label}#${n}`;
    });
  };
  const primaryIndex = new Map(occurrence(buckets).map((k, i) => [k, i]));
  for (const [tz, list] of zones) {
    const own = tz === primaryZone ? [...buckets] : dayBuckets(date, tz, 60);
    const read = await loadBucketEnergy(
      db,
      list,
      own.map((b) => new Date(b.start)),
      new Date(own[own.length - 1]!.end),
    );
    sources.push(...read.sources);
    const target = occurrence(own).map((k) => primaryIndex.get(k) ?? -1);
    for (const d of read.devices) {
      const eIn: (number | null)[] = buckets.map(() => null);
      const eOut: (number | null)[] = buckets.map(() => null);
      target.forEach((j, i) => {
        if (j < 0) return;
        eIn[j] = sumKnown([eIn[j]!, d.eIn[i] ?? null]);
        eOut[j] = sumKnown([eOut[j]!, d.eOut[i] ?? null]);
      });
      out.push({ ...d, eIn, eOut });
    }
  }
  return { devices: out, sources };
}

/**
 * Energy statistics of the period of type `statisticsType` holding `searchDate` (default today in the
 * first site's zone); type 4 spans the years from the first data to this year. Bucket energy per
 * device = sum of its counter's reading-to-reading differences (a reset counts from 0), or energy
 * integrated from power where the counter is missing or starts within the bucket; `energySource` says
 * which. Several sites: each site's days are cut in its own zone and added by label; `start` is the
 * first site's.
 * @throws AppError noPermission for another user's station or group.
 */
export async function stationStatistics(
  db: DbHandle,
  user: SessionUser,
  q: StatisticsQuery,
  now: number = Date.now(),
): Promise<Statistics> {
  const stations = await statisticsStations(db, user, q);
  const tz = stations[0]?.timeZone ?? 'UTC';
  const searchDate = q.searchDate ?? localToday(tz, now);
  const date = parseLocalDate(searchDate);
  if (!date) throw illegalInput();
  const type = q.statisticsType as StatisticsType;
  const devices = await loadDevices(db, stations);

  let span = {};
  if (type === 4) {
    const first = await firstDataAt(
      db,
      devices.map((d) => d.deviceId),
    );
    const thisYear = localParts(now, tz).year;
    span = { firstYear: first ? localParts(first.getTime(), tz).year : thisYear, lastYear: thisYear };
  }
  const buckets = statisticsBuckets(type, date, tz, span);
  let read: { devices: DeviceBucketEnergy[]; sources: PickedEnergy['source'][] };
  if (type === 1) read = await hourlyEnergy(db, devices, buckets, date, tz);
  else {
    const { starts, end } = bucketDays(type, buckets);
    read = await loadRollupEnergy(db, devices, starts, end, now);
  }
  const deltas = read.devices;

  const totalsOf = (pick: (d: (typeof deltas)[number]) => { eIn: number | null; eOut: number | null }) =>
    deriveTotals({
      eIn: sumByType(deltas.map((d) => ({ type: d.type, value: pick(d).eIn }))),
      eOut: sumByType(deltas.map((d) => ({ type: d.type, value: pick(d).eOut }))),
    });
  const totals = totalsOf((d) => ({ eIn: sumKnown(d.eIn), eOut: sumKnown(d.eOut) }));
  return {
    stationId: q.stationId ?? 0,
    stationIds: stations.map((s) => s.id),
    statisticsType: type,
    searchDate,
    buckets: buckets.map((b, i) => ({
      label: b.label,
      start: new Date(b.start).toISOString(),
      ...totalsOf((d) => ({ eIn: d.eIn[i] ?? null, eOut: d.eOut[i] ?? null })),
    })),
    totals,
    selfSufficiency: selfSufficiency(totals.gridBuyKwh, totals.consumptionKwh),
    selfConsumption: selfConsumption(totals.gridSellKwh, totals.productionKwh),
    energySource: combineSources(read.sources),
  };
}
