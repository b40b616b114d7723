/**
 * The list/real benchmark's data: 24 sites of every system type in several time zones, each with its
 * devices and yesterday's and today's samples (every 5 min, through the real batch writer), and one
 * owner per site.
 */
import type { DbHandle } from '../apps/server/src/db/client';
import { localToday } from '../apps/server/src/shared/zoned-time';
import {
  buildDevice,
  buildStation,
  buildUser,
  type DayProfile,
  TEST_PASSWORD,
  writeSyntheticDay,
} from '../apps/server/src/test/factories';

const ZONES = [
  'Europe/Berlin',
  'America/Sao_Paulo',
  'Asia/Shanghai',
  'Europe/Prague',
  'America/New_York',
  'Asia/Tokyo',
];

/** Site kinds: system type, template and device types (as the seeded templates). */
const KINDS = [
  { systemType: 1, templateCode: 'pv', devices: ['inverter', 'meter'] },
  { systemType: 6, templateCode: 'storage', devices: ['inverter', 'battery', 'meter'] },
  {
    systemType: 6,
    templateCode: 'pv_storage_charging',
    devices: ['inverter', 'battery', 'meter', 'charger'],
  },
  { systemType: 2, templateCode: 'charging', devices: ['charger', 'meter'] },
  { systemType: 7, templateCode: 'ups', devices: ['ups'] },
  { systemType: 3, templateCode: 'pe', devices: ['meter', 'sensor'] },
] as const;

const sun = (h: number) => Math.max(0, Math.sin(((h - 6) / 12) * Math.PI));
const PROFILES: Record<string, DayProfile> = {
  inverter: { w: (h) => 5000 * sun(h) },
  meter: { w: (h) => 800 - 4000 * sun(h) },
  battery: { w: (h) => (h >= 18 ? 1500 : -1000 * sun(h)), soc: (h) => 20 + 3 * h },
  charger: { w: (h) => (h >= 17 && h <= 20 ? 7400 : 0) },
  ups: { w: () => 1200, soc: () => 100 },
  sensor: { w: () => 0 },
};

/** A signed-in-able owner of one site. */
export interface BenchOwner {
  loginName: string;
  password: string;
  stationId: number;
}

/** Builds `sites` sites with data up to now; returns each site's owner. */
export async function seedBenchSites(db: DbHandle, sites = 24): Promise<BenchOwner[]> {
  const owners: BenchOwner[] = [];
  const now = Date.now();
  for (let i = 0; i < sites; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const timeZone = ZONES[i % ZONES.length]!;
    const user = await buildUser(db, { loginName: `bench_owner_${i}` });
    const station = await buildStation(db, {
      ownerId: user.id,
      name: `Bench site ${i}`,
      systemType: kind.systemType,
      templateCode: kind.templateCode,
      timeZone,
    });
    const today = localToday(timeZone, now);
    const yesterday = localToday(timeZone, now - 86_400_000);
    for (const deviceType of kind.devices) {
      const device = await buildDevice(db, { stationId: station.id, deviceType });
      const profile = PROFILES[deviceType]!;
      const end = await writeSyntheticDay(db, device, { date: yesterday, timeZone, profile });
      await writeSyntheticDay(db, device, { date: today, timeZone, profile, until: now, startWh: end });
    }
    owners.push({ loginName: user.loginName, password: TEST_PASSWORD, stationId: station.id });
  }
  return owners;
}
