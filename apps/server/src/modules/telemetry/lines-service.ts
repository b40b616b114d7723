/**
 * GET station/lines: one site-local day of power lines in `interval`-minute buckets, or (issue 12,
 * `endDate` / `width`) a span of days whose resolution follows its length (span-lines.ts).
 */
import type { Lines } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput } from '../../http/errors';
import { localToday, parseLocalDate } from '../../shared/zoned-time';
import { requireDeviceOfStation, requireStationAccess } from '../access/station-access';
import { bucketIndexOf, dayBuckets } from './bucket-edges';
import { applyPowerUnit, type DeviceBuckets, deviceSeries, siteSeries } from './line-series';
import { loadRollupPower, loadStationDevices } from './repo';
import {
  chooseResolution,
  daysInSpan,
  energySeries,
  loadSpanData,
  resolutionName,
  spanBuckets,
} from './span-lines';

/** Query of lines as the contract's LinesQuerySchema parses it (the fields used here). */
export interface LinesQuery {
  stationId: number;
  deviceId?: number;
  interval: number;
  searchDate?: string;
  unitUpgrade?: boolean;
  fullTime?: boolean;
  /** Issue 12: last local day of a span (inclusive). */
  endDate?: string;
  /** Issue 12: chart width in pixels (at most ~2 × width points). */
  width?: number;
}

/** Longest span a line covers (days): 20 years of monthly points. */
const MAX_SPAN_DAYS = 20 * 366;

/**
 * Power lines of the local day `searchDate` (default today in the site's zone) from the 5-minute
 * rollup. Without fullTime the buckets stop at the one holding `now`; with it the whole day is
 * returned and later buckets are null.
 * @throws AppError noPermission for another user's station or a device of another station.
 */
export async function stationLines(
  db: DbHandle,
  user: SessionUser,
  q: LinesQuery,
  now: number = Date.now(),
): Promise<Lines> {
  const station = await requireStationAccess(db, user, q.stationId);
  const device = q.deviceId === undefined ? null : await requireDeviceOfStation(db, station, q.deviceId);
  const searchDate = q.searchDate ?? localToday(station.timeZone, now);
  const date = parseLocalDate(searchDate);
  if (!date) throw illegalInput();
  if (q.endDate !== undefined || q.width !== undefined) {
    const to = q.endDate ?? searchDate;
    const days = daysInSpan(searchDate, to);
    if (days < 1 || days > MAX_SPAN_DAYS) throw illegalInput();
    const devices = device
      ? [{ deviceId: device.id, deviceType: device.deviceType }]
      : await loadStationDevices(db, station.id);
    const resolution = chooseResolution(days, q.interval, q.width);
    const all = spanBuckets(searchDate, to, station.timeZone, resolution);
    const buckets = q.fullTime ? all : all.filter((b) => b.start <= now);
    const read = await loadSpanData(db, devices, buckets, resolution, station.timeZone, now);
    const perDevice = new Map<number, DeviceBuckets>(
      devices.map((d) => [
        d.deviceId,
        { type: d.deviceType as DeviceType, w: buckets.map(() => null), soc: buckets.map(() => null) },
      ]),
    );
    for (const r of read.power) {
      const acc = perDevice.get(r.deviceId);
      if (!acc || r.index < 0 || r.index >= buckets.length) continue;
      acc.w[r.index] = r.w;
      acc.soc[r.index] = r.soc;
    }
    const deviceBuckets = [...perDevice.values()];
    const series = device ? deviceSeries(deviceBuckets[0]!) : siteSeries(deviceBuckets, buckets.length);
    const energy =
      'minutes' in resolution || device || buckets.length === 0
        ? []
        : energySeries(read.energy, buckets.length, q.unitUpgrade === true);
    return {
      stationId: station.id,
      deviceId: device?.id ?? null,
      searchDate,
      timeZone: station.timeZone,
      times: buckets.map((b) => new Date(b.start).toISOString()),
      series: [...applyPowerUnit(series, q.unitUpgrade === true), ...energy],
      resolution: resolutionName(resolution),
    };
  }
  const whole = dayBuckets(date, station.timeZone, q.interval);
  const buckets = q.fullTime ? whole : whole.filter((b) => b.start <= now);

  const devices = device
    ? [{ deviceId: device.id, deviceType: device.deviceType }]
    : await loadStationDevices(db, station.id);
  const perDevice = new Map<number, DeviceBuckets & { sum: number[]; count: number[] }>();
  for (const d of devices) {
    perDevice.set(d.deviceId, {
      type: d.deviceType as DeviceType,
      w: [],
      soc: new Array(buckets.length).fill(null),
      sum: new Array(buckets.length).fill(0),
      count: new Array(buckets.length).fill(0),
    });
  }
  if (buckets.length > 0) {
    const rows = await loadRollupPower(
      db,
      devices.map((d) => d.deviceId),
      new Date(buckets[0]!.start),
      new Date(buckets[buckets.length - 1]!.end),
    );
    // Rows come by device then time, so the last SOC written into a bucket is its latest.
    for (const r of rows) {
      const acc = perDevice.get(r.deviceId);
      const i = bucketIndexOf(buckets, r.bucket.getTime());
      if (!acc || i < 0) continue;
      acc.sum[i]! += r.wSum;
      acc.count[i]! += r.wCount;
      if (r.socLast !== null) acc.soc[i] = r.socLast;
    }
  }
  const deviceBuckets = [...perDevice.values()].map((d) => ({
    type: d.type,
    w: d.sum.map((s, i) => (d.count[i]! > 0 ? s / d.count[i]! : null)),
    soc: d.soc,
  }));
  const series = device ? deviceSeries(deviceBuckets[0]!) : siteSeries(deviceBuckets, buckets.length);
  return {
    stationId: station.id,
    deviceId: device?.id ?? null,
    searchDate,
    timeZone: station.timeZone,
    times: buckets.map((b) => new Date(b.start).toISOString()),
    series: applyPowerUnit(series, q.unitUpgrade === true),
  };
}
