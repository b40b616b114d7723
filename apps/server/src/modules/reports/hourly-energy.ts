/**
 * Hourly energy of many sites over whole local days (issue 8 reports): the same figures as
 * station/statistics (telemetry/bucket-energy: counters where a device sends them, integrated power
 * otherwise), cut in each site's time zone. Sites sharing a time zone share their hour edges, so each zone costs two queries in all;
 * whole days are read from the daily rollups (issue 12), which give the same figures.
 */
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { datesBetween, parseLocalDate } from '../../shared/zoned-time';
import { dayBuckets } from '../telemetry/bucket-edges';
import { loadBucketEnergy } from '../telemetry/bucket-energy';
import { deriveTotals, ENERGY_DEVICE_TYPES, sumByType } from '../telemetry/energy-flow';
import { loadSitePeriods } from './daily-energy';
import { type PeriodEnergy, partsOfTotals } from './period-parts';

/** A site as the hourly reader needs it. */
export interface HourlySite {
  id: number;
  timeZone: string;
}

/** Devices (id, type) of the sites that have energy counters, by site. */
async function loadEnergyDevices(
  db: DbHandle,
  stationIds: readonly number[],
): Promise<Map<number, { deviceId: number; deviceType: DeviceType }[]>> {
  const res = await db.query<{ stationId: number; deviceId: number; deviceType: DeviceType }>(
    `SELECT station_id AS "stationId", id AS "deviceId", device_type AS "deviceType"
     FROM devices WHERE station_id = ANY($1::int[]) ORDER BY id`,
    [stationIds],
  );
  const out = new Map<number, { deviceId: number; deviceType: DeviceType }[]>();
  for (const r of res.rows) {
    if (!ENERGY_DEVICE_TYPES.has(r.deviceType)) continue;
    const list = out.get(r.stationId) ?? [];
    list.push({ deviceId: r.deviceId, deviceType: r.deviceType });
    out.set(r.stationId, list);
  }
  return out;
}

/**
 * Energy of each site over the local days `from`..`to` (inclusive), per hour, or per whole local day
 * or month (then each entry is labelled 00:00 and lists only periods with a figure; enough where no
 * time-of-use price needs the hour, and far less work for a year). A site without energy devices gets
 * all-null hours, or no periods.
 */
export async function loadHourlyEnergy(
  db: DbHandle,
  sites: readonly HourlySite[],
  from: string,
  to: string,
  per: 'hour' | 'day' | 'month' = 'hour',
): Promise<Map<number, PeriodEnergy[]>> {
  const out = new Map<number, PeriodEnergy[]>();
  if (sites.length === 0) return out;
  const devicesOf = await loadEnergyDevices(
    db,
    sites.map((s) => s.id),
  );
  const dates = datesBetween(from, to);

  // Whole days and months come from the daily rollups (issue 12), summed per site and period in the database.
  if (per !== 'hour') return loadSitePeriods(db, sites, devicesOf, dates, per === 'month');
  const zones = Map.groupBy(sites, (s) => s.timeZone);
  for (const [timeZone, zoneSites] of zones) {
    const hours = dates.flatMap((date) => {
      const parts = parseLocalDate(date)!;
      return dayBuckets(parts, timeZone, 60).map((b) => ({ ...b, date }));
    });
    const starts = hours.map((h) => new Date(h.start));
    const end = new Date(hours[hours.length - 1]!.end);
    const devices = zoneSites.flatMap((s) => devicesOf.get(s.id) ?? []);
    const read = await loadBucketEnergy(db, devices, starts, end);
    const byDevice = new Map(read.devices.map((d) => [d.deviceId, d]));
    for (const site of zoneSites) {
      const deltas = (devicesOf.get(site.id) ?? []).map((d) => byDevice.get(d.deviceId)!);
      out.set(
        site.id,
        hours.map((h, i) => {
          const [hh, mm] = h.label.split(':').map(Number);
          return partsOfTotals({
            date: h.date,
            label: h.label,
            minuteOfDay: hh! * 60 + mm!,
            totals: deriveTotals({
              eIn: sumByType(deltas.map((d) => ({ type: d.type, value: d.eIn[i] ?? null }))),
              eOut: sumByType(deltas.map((d) => ({ type: d.type, value: d.eOut[i] ?? null }))),
            }),
          });
        }),
      );
    }
  }
  return out;
}
