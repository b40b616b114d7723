/**
 * Test factories (as outline's server/test/factories.ts): each builds one record with sensible
 * defaults and creates the parents it needs, so a test states only what it is about.
 */
import { randomBytes } from 'node:crypto';
import type { DeviceType } from '@ems/contract/telemetry';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client';
import { alarms, devices, stations, users } from '../db/schema';
import { type TelemetryRow, writeSamples } from '../ingest/writer';
import type { DeviceRow, StationRow } from '../modules/access/repo';
import { loginAs } from '../modules/auth/test-login';
import { localDayRange } from '../modules/telemetry/bucket-edges';
import { hashPassword } from '../security/password';
import { localParts, parseLocalDate } from '../shared/zoned-time';

/** Password of every user built here unless a test gives another. */
export const TEST_PASSWORD = 'Test@Pass2024';

type NewUser = typeof users.$inferInsert;
type NewStation = typeof stations.$inferInsert;
type NewDevice = typeof devices.$inferInsert;
type NewAlarm = typeof alarms.$inferInsert;

/** A built user with the password that signs it in. */
export type BuiltUser = typeof users.$inferSelect & { password: string };

const unique = () => randomBytes(5).toString('hex');
let defaultHash: Promise<string> | undefined;

/** Creates a user (login name unique by default, password TEST_PASSWORD unless given). */
export async function buildUser(
  db: DbHandle,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  // argon2 is slow on purpose; one hash of the default password serves every default user.
  defaultHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = password === TEST_PASSWORD ? await defaultHash : await hashPassword(password);
  const loginName = fields.loginName ?? `user_${unique()}`;
  const [row] = await db.db
    .insert(users)
    .values({ userName: loginName, ...fields, loginName, passwordHash })
    .returning();
  return { ...row!, password };
}

/**
 * Signs `user` in through the real sign-in route and returns its token (send as the `token` header).
 * The one place tests get tokens from, so the sign-in path can change without touching them.
 */
export function signIn(app: FastifyInstance, user: { loginName: string; password: string }): Promise<string> {
  return loginAs(app, user.loginName, user.password);
}

/** Creates a station; builds an owner when `ownerId` is not given. Defaults: PV site in Europe/Berlin. */
export async function buildStation(
  db: DbHandle,
  overrides: Partial<NewStation> & { ownerId?: number } = {},
): Promise<StationRow> {
  const ownerId = overrides.ownerId ?? (await buildUser(db)).id;
  const [row] = await db.db
    .insert(stations)
    .values({
      name: `Site ${unique()}`,
      address: 'Hauptstraße 1, Berlin',
      longitude: 13.4,
      latitude: 52.5,
      capacityKw: 10,
      systemType: 1,
      templateCode: 'pv',
      timeZone: 'Europe/Berlin',
      country: 'DE',
      ...overrides,
      ownerId,
    })
    .returning();
  return row!;
}

/** Creates a device of `deviceType` on `stationId` (serial number unique). */
export async function buildDevice(
  db: DbHandle,
  overrides: Partial<NewDevice> & { stationId: number; deviceType: DeviceType },
): Promise<DeviceRow> {
  const serialNumber = overrides.serialNumber ?? `SN-${unique()}`;
  const [row] = await db.db
    .insert(devices)
    .values({
      // Like the inventory's names, not the serial number (a name reaches shared viewers; issue 19).
      name: `${overrides.deviceType} ${unique()}`,
      secretHash: randomBytes(32).toString('hex'),
      ...overrides,
      serialNumber,
    })
    .returning();
  const { secretHash: _secret, ...device } = row!;
  return device;
}

/** Creates an alarm on a station (active unless clearedAt is given). */
export async function buildAlarm(
  db: DbHandle,
  overrides: Partial<NewAlarm> & { stationId: number; alarmLevel: number },
): Promise<void> {
  await db.db.insert(alarms).values({
    alarmCode: 'E001',
    alarmDesc: 'Test alarm',
    startedAt: new Date(),
    ...overrides,
  });
}

/** Values of one synthetic sample: w in W, soc in %, counters in Wh (null = not sent). */
export interface SyntheticValues {
  w?: number | null;
  soc?: number | null;
  eIn?: number | null;
  eOut?: number | null;
}

/** SunSpec point names of the counters by device type (docs/device-protocol.md). */
const COUNTER_POINTS: Record<string, [string, string]> = {
  meter: ['TotWhImp', 'TotWhExp'],
  battery: ['DCWhAbs', 'DCWhInj'],
};

/** A device as the synthetic sample writers need it. */
export type SyntheticDevice = { id: number; deviceType: string };

/**
 * Samples of one device every `stepMinutes` in [from, to): `values(t, i)` gives each sample's values
 * (t = epoch ms, i = index). SunSpec points (W, SoC and the counters named per device type) are
 * filled from the typed values.
 */
export function syntheticSamples(
  device: SyntheticDevice,
  from: number,
  to: number,
  stepMinutes: number,
  values: (t: number, i: number) => SyntheticValues,
): TelemetryRow[] {
  const rows: TelemetryRow[] = [];
  for (let t = from, i = 0; t < to; t += stepMinutes * 60_000, i++) {
    const v = values(t, i);
    const [inName, outName] = COUNTER_POINTS[device.deviceType] ?? ['WH', 'WhOut'];
    const points: Record<string, number> = {};
    if (v.w != null) points.W = v.w;
    if (v.soc != null) points.SoC = v.soc;
    if (v.eIn != null) points[inName] = v.eIn;
    if (v.eOut != null) points[outName] = v.eOut;
    if (Object.keys(points).length === 0) points.St = 0;
    rows.push({
      deviceId: device.id,
      ts: new Date(t),
      w: v.w ?? null,
      soc: v.soc ?? null,
      eIn: v.eIn ?? null,
      eOut: v.eOut ?? null,
      points,
    });
  }
  return rows;
}

/** Writes synthetic samples through the real batch writer (telemetry, 5-min rollup, latest values). */
export async function writeSynthetic(
  db: DbHandle,
  device: SyntheticDevice,
  from: number,
  to: number,
  stepMinutes: number,
  values: (t: number, i: number) => SyntheticValues,
): Promise<number> {
  const rows = syntheticSamples(device, from, to, stepMinutes, values);
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    inserted += (await writeSamples(db, rows.slice(i, i + 5000))).inserted;
  }
  return inserted;
}

/** A day's shape per local clock hour (0–23); DST days skip or repeat hours as the clock does. */
export interface DayProfile {
  /** Power in W at a local hour (device sign conventions: meter + buys, battery + discharges). */
  w: (hour: number) => number;
  /** SOC in % at a local hour (batteries and UPS units). */
  soc?: (hour: number) => number;
}

/** Energy (Wh) a step of `w` watts adds to the (e_in, e_out) counters of a device type. */
function counterSteps(deviceType: string, w: number, hours: number): [number, number] {
  const pos = Math.max(0, w) * hours;
  const neg = Math.max(0, -w) * hours;
  if (deviceType === 'meter') return [pos, neg];
  if (deviceType === 'battery') return [neg, pos];
  return [pos, 0];
}

/**
 * Writes one local day of samples every `stepMinutes` through the real writer, plus one sample just
 * before the day (the counters' baseline). Counters integrate the power: the sample at t holds the
 * energy up to t, the step ending at t counted at t's hour, so hour h's energy is exactly
 * w(h) × 1 h. Samples of `skipHours` (local) are left out — the counters still run, as a device's
 * would while its link is down. `until` (epoch ms) stops at a time, e.g. now for today.
 * @returns the counters at the last sample ({eIn, eOut} in Wh): the next day's `startWh`.
 */
export async function writeSyntheticDay(
  db: DbHandle,
  device: SyntheticDevice,
  opts: {
    date: string;
    timeZone: string;
    profile: DayProfile;
    stepMinutes?: number;
    skipHours?: number[];
    until?: number;
    startWh?: { eIn: number; eOut: number };
  },
): Promise<{ eIn: number; eOut: number }> {
  const date = parseLocalDate(opts.date);
  if (!date) throw new Error(`bad date ${opts.date}`);
  const { start, end } = localDayRange(date, opts.timeZone);
  const step = (opts.stepMinutes ?? 5) * 60_000;
  const last = Math.min(end - step, opts.until ?? Number.POSITIVE_INFINITY);
  const base = opts.startWh ?? { eIn: 1_000_000, eOut: 500_000 };
  const hasOut = device.deviceType === 'meter' || device.deviceType === 'battery';
  let [eIn, eOut] = [base.eIn, base.eOut];
  const rows: TelemetryRow[] = [];
  for (let t = start - step; t <= last; t += step) {
    const hour = localParts(t, opts.timeZone).hour;
    const w = opts.profile.w(hour);
    if (t >= start) {
      const [dIn, dOut] = counterSteps(device.deviceType, w, step / 3_600_000);
      eIn += dIn;
      eOut += dOut;
    }
    if (t >= start && opts.skipHours?.includes(hour)) continue;
    const soc = opts.profile.soc?.(hour) ?? null;
    rows.push(...syntheticSamples(device, t, t + 1, 1, () => ({ w, soc, eIn, eOut: hasOut ? eOut : null })));
  }
  for (let i = 0; i < rows.length; i += 5000) await writeSamples(db, rows.slice(i, i + 5000));
  return { eIn, eOut };
}

/**
 * Makes `viewerId` a friend of `ownerId` (accepted) and shares site `stationId` with them, accepted (issue 10):
 * the friend sees the site and may not change it.
 */
export async function shareStation(
  db: DbHandle,
  share: { stationId: number; ownerId: number; viewerId: number },
): Promise<void> {
  await db.query(
    'INSERT INTO friendships (requester_id, addressee_id, status) VALUES ($1, $2, 2) ON CONFLICT DO NOTHING',
    [share.ownerId, share.viewerId],
  );
  await db.query(
    'INSERT INTO station_shares (station_id, owner_id, viewer_id, status) VALUES ($1, $2, $3, 2)',
    [share.stationId, share.ownerId, share.viewerId],
  );
}
