/**
 * Issue 22 item 6: the simulator's OCPP chargers against the real platform (listening app, PGlite). A demo
 * charging site gets DEMO-CP-1, which replays a measured Norwegian session on a fast clock (a simulated day
 * in 6 s) through the central system: the session is stored with the replayed energy and its MeterValues
 * as telemetry. Restarted on a slower clock, it obeys the central system: a TxDefaultProfile caps its power,
 * GetCompositeSchedule reports the cap, RemoteStart starts a session with the given tag, RemoteStop stops it.
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { insertIdTag } from '../modules/ocpp/id-tags-repo';
import { buildTestApp, type TestApp } from '../test/helper';
import { type Simulator, startSimulator } from './fleet';
import { profiles } from './profiles';

let t: TestApp;
let ing: TestIngest;
let url: string;
const log = pino({ level: 'silent' });
const started: Simulator[] = [];

beforeAll(async () => {
  // Site 2 of the fleet is a charging site; no backfill, so only the live path runs.
  t = await buildTestApp({
    SIMULATOR_SITES: '3',
    BACKFILL_DAYS: '0',
    SIMULATOR_INTERVAL_S: '5',
    SIMULATOR_OCPP_TIME_SCALE: '14400',
    SIMULATOR_OCPP_METER_S: '60',
  });
  await t.db.query(
    `INSERT INTO users (login_name, user_name, password_hash) VALUES ($1, 'Demo owner', 'x')
     ON CONFLICT (login_name) DO NOTHING`,
    [DEMO_ACCOUNT.loginName],
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ocpp`;
  ing = await startTestIngest({ db: t.db, config: t.config });
});

afterAll(async () => {
  for (const s of started) await s.stop();
  await ing?.stop();
  await t?.close();
});

async function start(timeScale: number): Promise<Simulator> {
  const config = { ...t.config, SIMULATOR_OCPP_TIME_SCALE: timeScale };
  const sim = await startSimulator({ db: t.db, config, log, mqttUrl: ing.mqttUrl, ocppUrl: url });
  started.push(sim);
  return sim;
}

interface SessionRow {
  id: number;
  id_tag: string;
  meter_start: number;
  energy_wh: number | null;
  stop_reason: string | null;
  stopped_at: Date | null;
  started_at: Date;
}

const sessionsOf = async (deviceId: number) =>
  (
    await t.db.query<SessionRow>(
      `SELECT id, id_tag, meter_start, energy_wh, stop_reason, stopped_at, started_at
       FROM charging_sessions WHERE device_id = $1 ORDER BY id`,
      [deviceId],
    )
  ).rows;

describe('simulated OCPP chargers', () => {
  let deviceId: number;

  it('commissions DEMO-CP-1 and replays a measured session through the central system', async () => {
    const sim = await start(14400);
    expect(sim.ocpp?.chargers.map((c) => c.identity)).toEqual(['DEMO-CP-1']);
    const device = await t.db.query<{ id: number; manufacturer: string }>(
      `SELECT id, manufacturer FROM devices WHERE serial_number = 'DEMO-CP-1'`,
    );
    deviceId = device.rows[0]!.id;
    expect(device.rows[0]!.manufacturer).toBe('EMS demo'); // its BootNotification arrived
    const charger = sim.ocpp!.chargers[0]!;

    // A day may have no session and a car may stay 20 h: a few simulated days at most.
    await ing.waitFor(() => charger.finished.length > 0, 100_000);
    const replayed = charger.finished[0]!;
    const done = (await sessionsOf(deviceId)).find((s) => s.id === replayed.transactionId)!;
    expect(done.id_tag).toBe('DEMO-1');
    expect(done.stop_reason).toBe('EVDisconnected');
    expect(profiles().ev.map((s) => s[3])).toContain(replayed.plannedWh);
    expect(Math.abs(done.energy_wh! - replayed.plannedWh)).toBeLessThanOrEqual(1);

    const meter = await t.db.query<{ n: number; hi: number; lo: number }>(
      `SELECT count(*)::int AS n, max(e_in) AS hi, min(e_in) AS lo FROM telemetry
       WHERE device_id = $1 AND ts BETWEEN $2 AND $3`,
      [deviceId, done.started_at, done.stopped_at],
    );
    expect(meter.rows[0]!.n).toBeGreaterThan(0);
    expect(Number(meter.rows[0]!.hi)).toBe(done.meter_start + done.energy_wh!);
    await sim.stop();
    started.pop();
  }, 120_000);

  it('obeys a TxDefaultProfile, RemoteStart and RemoteStop from the central system', async () => {
    await insertIdTag(t.db, (await stationOf(deviceId))!, 'REMOTE-1', 'App user', 500);
    const before = await sessionsOf(deviceId);
    const lastStop = Math.max(...before.map((s) => s.meter_start + (s.energy_wh ?? 0)));
    const sim = await start(60);
    const charger = sim.ocpp!.chargers[0]!;
    // The central system's side of the charger's socket (what the command worker calls).
    const held = () => [...t.app.centralSystem.links.values()].find((c) => c.identity === 'DEMO-CP-1');
    await ing.waitFor(() => held() !== undefined);
    const cs = held()!;

    const profile = {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          startSchedule: new Date(Date.now() - 60_000).toISOString(),
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 2000 }],
        },
      },
    };
    expect(await cs.call('SetChargingProfile', profile)).toEqual({ status: 'Accepted' });
    const composite = (await cs.call('GetCompositeSchedule', { connectorId: 1, duration: 3600 })) as {
      status: string;
      chargingSchedule: { chargingSchedulePeriod: { limit: number }[] };
    };
    expect(composite.status).toBe('Accepted');
    expect(composite.chargingSchedule.chargingSchedulePeriod[0]!.limit).toBe(2000);

    // A planned session may hold the connector: a real charger refuses then, so wait for it to be free.
    let answer: unknown;
    await ing.waitFor(async () => {
      if (charger.busy()) return false;
      answer = await cs.call('RemoteStartTransaction', { connectorId: 1, idTag: 'REMOTE-1' });
      return (answer as { status: string }).status === 'Accepted';
    }, 60_000);
    expect(answer).toEqual({ status: 'Accepted' });
    await ing.waitFor(async () => (await sessionsOf(deviceId)).some((s) => s.id_tag === 'REMOTE-1'));
    const remote = (await sessionsOf(deviceId)).find((s) => s.id_tag === 'REMOTE-1')!;
    expect(remote.meter_start).toBeGreaterThanOrEqual(lastStop); // the register continued over the restart

    const charged = async () =>
      (
        await t.db.query<{ w: number }>(
          'SELECT w FROM telemetry WHERE device_id = $1 AND ts >= $2 ORDER BY ts',
          [deviceId, remote.started_at],
        )
      ).rows;
    await ing.waitFor(async () => (await charged()).filter((r) => r.w > 0).length >= 2);
    for (const r of await charged()) expect(r.w).toBeLessThanOrEqual(2000);

    expect(await cs.call('RemoteStopTransaction', { transactionId: remote.id })).toEqual({
      status: 'Accepted',
    });
    await ing.waitFor(
      async () => (await sessionsOf(deviceId)).find((s) => s.id === remote.id)?.stop_reason === 'Remote',
    );
    expect(await cs.call('RemoteStopTransaction', { transactionId: remote.id })).toEqual({
      status: 'Rejected',
    });
  });
});

async function stationOf(deviceId: number): Promise<number | undefined> {
  const res = await t.db.query<{ station_id: number }>('SELECT station_id FROM devices WHERE id = $1', [
    deviceId,
  ]);
  return res.rows[0]?.station_id;
}
