/**
 * Hourly energy of many sites over whole local days (issue 8 reports): the same figures as
 * station/statistics (telemetry/bucket-energy: counters where a device sends them, integrated power
 * otherwise), cut in each site's time zone. Sites sharing a time zone share their hour edges, so each zone costs two queries in all;
 * whole days are read from the daily rollups (issue 12), which give the same figures.
 */
import type { EnergyTotals } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { parseLocalDate } from '../../shared/zoned-time';
import { dayBuckets } from '../telemetry/bucket-edges';
import { loadBucketEnergy } from '../telemetry/bucket-energy';
import { deriveTotals, ENERGY_DEVICE_TYPES, sumByType } from '../telemetry/energy-flow';
import { loadDailySiteEnergy } from './daily-energy';

/** One local hour of one site. */
export interface HourEnergy {
  /** Local date `YYYY-MM-DD`. */
  date: string;
  /** Local start `HH:mm` (twice the same on the day clocks go back). */
  label: string;
  /** Minutes after local midnight of the hour's start, for time-of-use prices. */
  minuteOfDay: number;
  totals: EnergyTotals;
}

/** A site as the hourly reader needs it. */
export interface HourlySite {
  id: number;
  timeZone: string;
}

/** Every local date from `from` to `to` inclusive (`YYYY-MM-DD`). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const [y, m, d] = from.split('-').map(Number);
  for (let t = Date.UTC(y!, m! - 1, d!); ; t += 86_400_000) {
    const iso = new Date(t).toISOString().slice(0, 10);
    if (iso > to) break;
    out.push(iso);
  }
  return out;
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
 * when `perDay` (then each entry is labelled 00:00; enough where no time-of-use price needs the
 * hour, and 24 times less work for a year). A site without energy devices gets all-null figures.
 */
export async function loadHourlyEnergy(
  db: DbHandle,
  sites: readonly HourlySite[],
  from: string,
  to: string,
  perDay = false,
): Promise<Map<number, HourEnergy[]>> {
  const out = new Map<number, HourEnergy[]>();
  if (sites.length === 0) return out;
  const devicesOf = await loadEnergyDevices(
    db,
    sites.map((s) => s.id),
  );
  const zones = new Map<string, HourlySite[]>();
  for (const s of sites) zones.set(s.timeZone, [...(zones.get(s.timeZone) ?? []), s]);
  const dates = datesBetween(from, to);

  // Whole days come from the daily rollups (issue 12), summed per site and day in the database.
  if (perDay) {
    const daily = await loadDailySiteEnergy(db, sites, devicesOf, dates);
    for (const [id, list] of daily) {
      out.set(
        id,
        list.map((d) => ({ date: d.date, label: '00:00', minuteOfDay: 0, totals: d.totals })),
      );
    }
    return out;
  }
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
          return {
            date: h.date,
            label: h.label,
            minuteOfDay: hh! * 60 + mm!,
            totals: deriveTotals({
              eIn: sumByType(deltas.map((d) => ({ type: d.type, value: d.eIn[i] ?? null }))),
              eOut: sumByType(deltas.map((d) => ({ type: d.type, value: d.eOut[i] ?? null }))),
            }),
          };
        }),
      );
    }
  }
  return out;
}
