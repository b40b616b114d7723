/**
 * Issue 33 item 2: solar charging through the real server and database. The owner sets a charger's mode
 * (read back in charger/list, recorded in charger/command/list); a friend reads it and cannot change it;
 * a stranger and bad input change nothing. A site step from the site's meter sample: the enable delay, the
 * profile in amperes (valid against the OCPP 1.6 schema), no meter data for 30 s → 0 A. Site settings.
 */
import type { ChargerCommandRow, ChargerRow } from '@ems/contract/api/ocpp-charger';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildUser, shareStation, signIn } from '../../../test/factories';
import type { SmartChargingCall } from '../smart-charging/profiles';
import { BOOT, type OcppBench, ocaValid, startOcppBench } from '../test-ocpp';
import { SOLAR_PROFILE_ID } from './profile';
import { stepSite } from './site-step';

const calls: SmartChargingCall[] = [];
async function fakeSend(cmd: SmartChargingCall): Promise<number> {
  expect(ocaValid(cmd.action, cmd.params)).toBe(true);
  calls.push(cmd);
  return calls.length;
}
const sentLimits = (deviceId: number) =>
  calls
    .filter((c) => c.deviceId === deviceId)
    .map((c) => {
      const p = c.params.csChargingProfiles as {
        chargingProfileId: number;
        chargingProfilePurpose: string;
        chargingSchedule: {
          chargingRateUnit: string;
          chargingSchedulePeriod: { limit: number; numberPhases: number }[];
        };
      };
      expect(p.chargingProfileId).toBe(SOLAR_PROFILE_ID);
      expect(p.chargingSchedule.chargingRateUnit).toBe('A');
      return [p.chargingProfilePurpose, p.chargingSchedule.chargingSchedulePeriod[0]!.limit];
    });

let b: OcppBench;
let deviceId = 0;
let meterId = 0;
let friendToken = '';
let strangerToken = '';
beforeAll(async () => {
  b = await startOcppBench({ chargerSend: fakeSend });
  const c = await b.addCharger('CP-SOLAR-1');
  deviceId = c.deviceId;
  const cp = await b.connect('CP-SOLAR-1', c.key, { strict: true });
  await cp.call('BootNotification', BOOT);
  await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
  meterId = (await buildDevice(b.t.db, { stationId: b.stationId, deviceType: 'meter' })).id;
  const friend = await buildUser(b.t.db);
  friendToken = await signIn(b.t.app, friend);
  await shareStation(b.t.db, { stationId: b.stationId, ownerId: b.ownerId, viewerId: friend.id });
  strangerToken = await signIn(b.t.app, await buildUser(b.t.db));
}, 60_000);
afterAll(async () => b?.close());

const call = async (method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token = b.token) => {
  const url = `${API_PREFIX}/webpvesc/ajax/station/charger/${path}`;
  const res =
    method === 'GET'
      ? await b.t.app.inject({
          method,
          url: `${url}?${new URLSearchParams(body as never)}`,
          headers: { [TOKEN_HEADER]: token },
        })
      : await b.t.app.inject({ method, url, headers: { [TOKEN_HEADER]: token }, payload: body });
  return res.json() as { status: number; msg: string; data: never };
};
const solarOf = async (token = b.token) => {
  const list = await call('GET', 'list', { stationId: b.stationId }, token);
  return (list.data as ChargerRow[]).find((r) => r.deviceId === deviceId)!.solar;
};
async function meterSays(w: number, at: number) {
  await b.t.db.query(
    `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at) VALUES ($1, $2, $3, $4, $2)
     ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, w = excluded.w, points = excluded.points`,
    [meterId, new Date(at), w, JSON.stringify({ W: w })],
  );
}

describe('charger/mode', () => {
  it('the owner sets pv: charger/list reads it back, the audit records it, the charger gets 0 A without meter data', async () => {
    expect(await solarOf()).toBeNull();
    expect(await call('POST', 'mode', { deviceId, mode: 'pv' })).toMatchObject({ status: 0 });
    expect(await solarOf()).toMatchObject({
      connectorId: 1,
      mode: 'pv',
      minCurrentA: 6,
      phases: 3,
      limitA: 0,
      reason: 'noMeterData',
    });
    expect(sentLimits(deviceId)).toEqual([['TxDefaultProfile', 0]]);
    const audit = await call('GET', 'command/list', { deviceId });
    const row = (audit.data as { rows: ChargerCommandRow[] }).rows[0]!;
    expect(row).toMatchObject({
      action: 'SetSolarMode',
      state: 'accepted',
      params: { mode: 'pv', minCurrentA: 6 },
    });
    expect(row.userName).toBeTruthy();
  });

  it('a friend reads the mode and cannot change it; a stranger and a missing charger answer 无操作权限', async () => {
    expect(await solarOf(friendToken)).toMatchObject({ mode: 'pv' });
    expect(await call('POST', 'mode', { deviceId, mode: 'now' }, friendToken)).toMatchObject({
      status: 40300,
    });
    expect(await call('POST', 'mode', { deviceId, mode: 'now' }, strangerToken)).toMatchObject({
      status: 40300,
    });
    expect(await call('POST', 'mode', { deviceId: 2_000_000_000, mode: 'now' })).toMatchObject({
      status: 40300,
    });
    expect(await call('POST', 'mode', { deviceId: meterId, mode: 'now' })).not.toMatchObject({ status: 0 });
    expect(await solarOf()).toMatchObject({ mode: 'pv' });
  });

  it('refuses a mode, a minimum or phases out of range, changing nothing', async () => {
    for (const bad of [
      { mode: 'fast' },
      { mode: 'pv', minCurrentA: 5 },
      { mode: 'pv', minCurrentA: 33 },
      { mode: 'pv', phases: 2 },
    ]) {
      const res = await call('POST', 'mode', {
        deviceId,
        ...bad,
        mode: bad.mode === 'pv' ? 'minpv' : bad.mode,
      });
      expect(res.status).not.toBe(0);
      expect(res.msg).toBeTruthy();
    }
    expect(await solarOf()).toMatchObject({ mode: 'pv', minCurrentA: 6 });
  });
});

describe('a site step', () => {
  it('waits the enable delay, then charges from the surplus, and drops to 0 A when the meter falls silent', async () => {
    const t0 = Date.now();
    calls.length = 0;
    await meterSays(-5000, t0);
    await stepSite(b.t.db, b.stationId, fakeSend, t0);
    // 3 phases × 6 A × 230 V = 4,140 W ≤ 5,000 W sold: the 60-s enable delay runs; 0 A was sent already.
    expect(await solarOf()).toMatchObject({
      limitA: 0,
      reason: 'waitingForSurplus',
      needW: 4140,
      surplusW: 5000,
    });
    expect((await solarOf())!.remainingS).toBeGreaterThan(50);
    expect(calls).toHaveLength(0);
    await meterSays(-5000, t0 + 60_000);
    await stepSite(b.t.db, b.stationId, fakeSend, t0 + 60_000);
    // ⌊5,000 / (3 × 230) × 10⌋ / 10 = 7.2 A.
    expect(sentLimits(deviceId)).toEqual([['TxDefaultProfile', 7.2]]);
    await stepSite(b.t.db, b.stationId, fakeSend, t0 + 91_000);
    expect(sentLimits(deviceId)).toEqual([
      ['TxDefaultProfile', 7.2],
      ['TxDefaultProfile', 0],
    ]);
    expect(await solarOf()).toMatchObject({ limitA: 0, reason: 'noMeterData', surplusW: null });
    // The sample above is dated ahead of the clock; the next test wants the meter silent now.
    await meterSays(-5000, t0 - 120_000);
  });

  it('minpv keeps its minimum without meter data, within the site limit', async () => {
    expect(await call('POST', 'mode', { deviceId, mode: 'minpv', minCurrentA: 10, phases: 1 })).toMatchObject(
      {
        status: 0,
      },
    );
    expect(await solarOf()).toMatchObject({ mode: 'minpv', phases: 1, limitA: 10, reason: 'noMeterData' });
    expect(await call('POST', 'limit/set', { stationId: b.stationId, limitKw: 2 })).toMatchObject({
      status: 0,
    });
    await stepSite(b.t.db, b.stationId, fakeSend, Date.now());
    // 2 kW for one charger: 10 A × 230 V = 2,300 W does not fit; it gets what fits, 8.6 A (1,978 W).
    expect(await solarOf()).toMatchObject({ limitA: 8.6, reason: 'siteLimit' });
    expect(await call('POST', 'limit/set', { stationId: b.stationId, limitKw: null })).toMatchObject({
      status: 0,
    });
  });
});

describe('charger/solar', () => {
  it('answers the defaults, is set by the owner only, and read by a friend', async () => {
    expect(await call('GET', 'solar', { stationId: b.stationId })).toMatchObject({
      status: 0,
      data: { batteryPrioritySoc: 80, enableDelayS: 60, disableDelayS: 180 },
    });
    const set = { stationId: b.stationId, batteryPrioritySoc: 50, enableDelayS: 10, disableDelayS: 20 };
    expect(await call('POST', 'solar/set', set, friendToken)).toMatchObject({ status: 40300 });
    expect(await call('POST', 'solar/set', { ...set, batteryPrioritySoc: 101 })).not.toMatchObject({
      status: 0,
    });
    expect(await call('POST', 'solar/set', set)).toMatchObject({
      status: 0,
      data: { batteryPrioritySoc: 50, enableDelayS: 10, disableDelayS: 20 },
    });
    expect(await call('GET', 'solar', { stationId: b.stationId }, friendToken)).toMatchObject({
      data: { batteryPrioritySoc: 50, enableDelayS: 10, disableDelayS: 20 },
    });
    expect(await call('GET', 'solar', { stationId: b.stationId }, strangerToken)).toMatchObject({
      status: 40300,
    });
  });
});
