/**
 * Test fixture: a PV + storage site with a day of known data, shared by the lines and statistics
 * tests. Per local hour (Wh = W × 1 h):
 * - inverter 2,400 W in hours 8–15, else 0 → 19.2 kWh production;
 * - meter +600 W (buy) outside 8–15, −1,200 W (sell) in 8–15 → 9.6 kWh bought, 9.6 kWh sold;
 * - battery −600 W (charge) in 8–15, +1,200 W (discharge) in 18–21 → 4.8 kWh each way;
 * - so consumption is 0.6 kWh an hour, 1.8 kWh in hours 18–21: 19.2 kWh in the day.
 */
import type { DbHandle } from '../../db/client';
import { buildDevice, buildStation, writeSyntheticDay } from '../../test/factories';

const day = (h: number) => h >= 8 && h <= 15;
const evening = (h: number) => h >= 18 && h <= 21;

/** Power of each device type at a local hour (W). */
export const KNOWN_PROFILE = {
  inverter: (h: number) => (day(h) ? 2400 : 0),
  meter: (h: number) => (day(h) ? -1200 : 600),
  battery: (h: number) => (day(h) ? -600 : evening(h) ? 1200 : 0),
  soc: (h: number) => 20 + h * 2,
} as const;

/** The known site: its station, devices and owner. */
export interface KnownSite {
  stationId: number;
  inverterId: number;
  meterId: number;
  batteryId: number;
}

/**
 * Builds the site of `ownerId` in `timeZone` and writes the known profile on each of `dates`;
 * `skipHours` leaves hours out of a date's samples (the counters keep running).
 */
export async function buildKnownSite(
  db: DbHandle,
  ownerId: number,
  timeZone: string,
  dates: { date: string; skipHours?: number[] }[],
): Promise<KnownSite> {
  const station = await buildStation(db, { ownerId, systemType: 6, templateCode: 'storage', timeZone });
  const inverter = await buildDevice(db, { stationId: station.id, deviceType: 'inverter' });
  const meter = await buildDevice(db, { stationId: station.id, deviceType: 'meter' });
  const battery = await buildDevice(db, { stationId: station.id, deviceType: 'battery' });
  // Counters carry on from one date to the next, like a real device's.
  const counters = new Map<number, { eIn: number; eOut: number }>();
  for (const { date, skipHours } of dates) {
    for (const [device, profile] of [
      [inverter, { w: KNOWN_PROFILE.inverter }],
      [meter, { w: KNOWN_PROFILE.meter }],
      [battery, { w: KNOWN_PROFILE.battery, soc: KNOWN_PROFILE.soc }],
    ] as const) {
      const startWh = counters.get(device.id) ?? { eIn: 1_000_000, eOut: 500_000 };
      counters.set(
        device.id,
        await writeSyntheticDay(db, device, { date, timeZone, profile, skipHours, startWh }),
      );
    }
  }
  return { stationId: station.id, inverterId: inverter.id, meterId: meter.id, batteryId: battery.id };
}
