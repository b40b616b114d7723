/**
 * GET station/statistics: energy per hour, day, month or year of a site from counter differences, or
 * from power where a device has no counter (issue 12, docs/energy.md), cut in the site's time zone,
 * with period totals, self-sufficiency and self-consumption.
 */
import type { Statistics } from '@ems/contract/api/station';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput } from '../../http/errors';
import { localParts, localToday, parseLocalDate } from '../../shared/zoned-time';
import { requireStationAccess } from '../access/station-access';
import { type StatisticsType, statisticsBuckets } from './bucket-edges';
import { loadBucketEnergy } from './bucket-energy';
import { deriveTotals, ENERGY_DEVICE_TYPES, sumByType } from './energy-flow';
import { selfConsumption, selfSufficiency } from './energy-ratios';
import { combineSources } from './energy-source';
import { firstDataAt, loadStationDevices } from './repo';

/** Query of statistics as the contract's StatisticsQuerySchema parses it. */
export interface StatisticsQuery {
  stationId: number;
  statisticsType: number;
  searchDate?: string;
}

/** Sum of the non-null values, null when there is none. */
const sumKnown = (values: readonly (number | null)[]) =>
  values.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);

/**
 * Energy statistics of the period of type `statisticsType` holding `searchDate` (default today in the
 * site's zone); type 4 spans the years from the site's first data to this year. Bucket energy per
 * device = sum of its counter's reading-to-reading differences (a reset counts from 0), or energy
 * integrated from power where the counter is missing or starts within the bucket; `energySource` says which.
 * @throws AppError noPermission for another user's station.
 */
export async function stationStatistics(
  db: DbHandle,
  user: SessionUser,
  q: StatisticsQuery,
  now: number = Date.now(),
): Promise<Statistics> {
  const station = await requireStationAccess(db, user, q.stationId);
  const tz = station.timeZone;
  const searchDate = q.searchDate ?? localToday(tz, now);
  const date = parseLocalDate(searchDate);
  if (!date) throw illegalInput();
  const type = q.statisticsType as StatisticsType;
  const devices = (await loadStationDevices(db, station.id)).filter((d) =>
    ENERGY_DEVICE_TYPES.has(d.deviceType),
  );
  const ids = devices.map((d) => d.deviceId);

  let span = {};
  if (type === 4) {
    const first = await firstDataAt(db, ids);
    const thisYear = localParts(now, tz).year;
    span = { firstYear: first ? localParts(first.getTime(), tz).year : thisYear, lastYear: thisYear };
  }
  const buckets = statisticsBuckets(type, date, tz, span);
  const starts = buckets.map((b) => new Date(b.start));
  const periodEnd = new Date(buckets[buckets.length - 1]!.end);
  const { devices: deltas, sources } = await loadBucketEnergy(db, devices, starts, periodEnd);

  const totalsOf = (pick: (d: (typeof deltas)[number]) => { eIn: number | null; eOut: number | null }) =>
    deriveTotals({
      eIn: sumByType(deltas.map((d) => ({ type: d.type, value: pick(d).eIn }))),
      eOut: sumByType(deltas.map((d) => ({ type: d.type, value: pick(d).eOut }))),
    });
  const totals = totalsOf((d) => ({ eIn: sumKnown(d.eIn), eOut: sumKnown(d.eOut) }));
  return {
    stationId: station.id,
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
    energySource: combineSources(sources),
  };
}
