/**
 * GET station/lines: one site-local day of power lines in `interval`-minute buckets, or (issue 12,
 * `endDate` / `width`) a span of days whose resolution follows its length (span-lines.ts).
 */
import { LINES_MAX_SPAN_DAYS, type Lines } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput, outOfRange } from '../../http/errors';
import { localToday, parseLocalDate } from '../../shared/zoned-time';
import { requireDeviceOfStation, requireStationAccess } from '../access/station-access';
import { dayBuckets } from './bucket-edges';
import { applyPowerUnit, type DeviceBuckets, deviceSeries, siteSeries } from './line-series';
import { loadStationDevices } from './repo';
import { loadPowerBuckets, type PowerBucketRow } from './rollup-power';
import {
  chooseResolution,
  daysInSpan,
  energySeries,
  loadSpanData,
  resolutionName,
  spanBuckets,
} from './span-lines';

/** W and SOC per bucket of each device (in the order given) from a line's power rows. */
function deviceBucketsOf(
  devices: readonly { deviceId: number; deviceType: string }[],
  count: number,
  rows: readonly PowerBucketRow[],
): DeviceBuckets[] {
  const perDevice = new Map<number, DeviceBuckets>(
    devices.map((d) => [
      d.deviceId,
      { type: d.deviceType as DeviceType, w: new Array(count).fill(null), soc: new Array(count).fill(null) },
    ]),
  );
  for (const r of rows) {
    const acc = perDevice.get(r.deviceId);
    if (!acc || r.index < 0 || r.index >= count) continue;
    acc.w[r.index] = r.w;
    acc.soc[r.index] = r.soc;
  }
  return [...perDevice.values()];
}

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

/**
 * Power lines of the local day `searchDate` (default today in the site's zone) from the 5-minute
 * rollup, aggregated per bucket in the database. Without fullTime the buckets stop at the one
 * holding `now`; with it the whole day is returned and later buckets are null.
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
  const devices = device
    ? [{ deviceId: device.id, deviceType: device.deviceType }]
    : await loadStationDevices(db, station.id);
  if (q.endDate !== undefined || q.width !== undefined) {
    const to = q.endDate ?? searchDate;
    const days = daysInSpan(searchDate, to);
    if (days < 1 || days > LINES_MAX_SPAN_DAYS) throw outOfRange();
    const resolution = chooseResolution(days, q.interval, q.width);
    const all = spanBuckets(searchDate, to, station.timeZone, resolution);
    const buckets = q.fullTime ? all : all.filter((b) => b.start <= now);
    const read = await loadSpanData(db, devices, buckets, resolution, station.timeZone, now);
    const deviceBuckets = deviceBucketsOf(devices, buckets.length, read.power);
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
  const rows = await loadPowerBuckets(
    db,
    devices.map((d) => d.deviceId),
    buckets,
  );
  const deviceBuckets = deviceBucketsOf(devices, buckets.length, rows);
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
