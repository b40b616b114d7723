/**
 * Issue 33: a charger's priority through the real server and database. POST station/charger/mode stores
 * it (0–9, default 0; anything else refused, changing nothing), charger/list reads it back, and a site step
 * gives the surplus to the higher priority first: two `pv` chargers with a car each and a surplus enough
 * for one, the second added (which would come second on a tie) gets it.
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice } from '../../../test/factories';
import type { ChargerSendMany, SmartChargingCall } from '../smart-charging/profiles';
import { BOOT, type OcppBench, startOcppBench } from '../test-ocpp';
import { stepSite, stepSites } from './site-step';

const send = async (_cmd: SmartChargingCall) => 1;

let b: OcppBench;
let first = 0;
let second = 0;
let meterId = 0;
beforeAll(async () => {
  b = await startOcppBench({ chargerSend: send });
  for (const identity of ['CP-PRIO-1', 'CP-PRIO-2']) {
    const c = await b.addCharger(identity);
    const cp = await b.connect(identity, c.key, { strict: true });
    await cp.call('BootNotification', BOOT);
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    if (identity === 'CP-PRIO-1') first = c.deviceId;
    else second = c.deviceId;
  }
  meterId = (await buildDevice(b.t.db, { stationId: b.stationId, deviceType: 'meter' })).id;
}, 60_000);
afterAll(async () => b?.close());

const post = async (path: string, body: Record<string, unknown>) => {
  const res = await b.t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/station/charger/${path}`,
    headers: { [TOKEN_HEADER]: b.token },
    payload: body,
  });
  return res.json() as { status: number; msg: string };
};
const solarOf = async (deviceId: number) => {
  const res = await b.t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/webpvesc/ajax/station/charger/list?stationId=${b.stationId}`,
    headers: { [TOKEN_HEADER]: b.token },
  });
  return (res.json().data as ChargerRow[]).find((r) => r.deviceId === deviceId)!.solar;
};

describe('charger priority', () => {
  it('is stored by charger/mode, 0 unless given, and read back in charger/list', async () => {
    expect(await post('mode', { deviceId: first, mode: 'pv' })).toMatchObject({ status: 0 });
    expect(await solarOf(first)).toMatchObject({ mode: 'pv', priority: 0 });
    expect(await post('mode', { deviceId: second, mode: 'pv', priority: 9 })).toMatchObject({ status: 0 });
    expect(await solarOf(second)).toMatchObject({ mode: 'pv', priority: 9 });
    expect(await post('mode', { deviceId: second, mode: 'pv', priority: 5 })).toMatchObject({ status: 0 });
    expect(await solarOf(second)).toMatchObject({ priority: 5 });
  });

  it('refuses a priority outside 0–9 or not a whole number, changing nothing', async () => {
    for (const priority of [10, -1, 1.5, 'high']) {
      const res = await post('mode', { deviceId: second, mode: 'minpv', priority });
      expect(res.status).not.toBe(0);
      expect(res.msg).toBeTruthy();
    }
    expect(await solarOf(second)).toMatchObject({ mode: 'pv', priority: 5 });
  });

  it('a site step gives a surplus enough for one charger to the higher priority', async () => {
    expect(
      await post('solar/set', {
        stationId: b.stationId,
        batteryPrioritySoc: 80,
        enableDelayS: 0,
        disableDelayS: 0,
      }),
    ).toMatchObject({ status: 0 });
    const now = Date.now();
    await b.t.db.query(
      `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at) VALUES ($1, $2, $3, $4, $2)
       ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, w = excluded.w, points = excluded.points`,
      [meterId, new Date(now), -5000, JSON.stringify({ W: -5000 })],
    );
    // 5,000 W sold; each needs 3 × 6 A × 230 V = 4,140 W to start: only one fits.
    await stepSite(b.t.db, b.stationId, send, now);
    await stepSite(b.t.db, b.stationId, send, now + 1000);
    expect(await solarOf(second)).toMatchObject({ limitA: 7.2, reason: 'surplus' });
    expect(await solarOf(first)).toMatchObject({ limitA: 0 });
  });

  it('a round sends the lowerings first, in a batch of their own; a failed lowering holds the raise back', async () => {
    // The first charger now comes first: the second is lowered to 0 A, the first raised.
    await b.t.db.query('UPDATE charger_solar SET priority = 9 WHERE device_id = $1', [first]);
    const batches: SmartChargingCall[][] = [];
    const failingLowering: ChargerSendMany = async (cmds) => {
      batches.push([...cmds]);
      return cmds.map((c) =>
        c.deviceId === second
          ? { status: 'rejected', reason: new Error('down') }
          : { status: 'fulfilled', value: 1 },
      );
    };
    const limitOf = (c: SmartChargingCall) =>
      (c.params.csChargingProfiles as { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } })
        .chargingSchedule.chargingSchedulePeriod[0]!.limit;
    const now = Date.now() + 2000;
    const failed = await stepSites(b.t.db, [b.stationId], failingLowering, now);
    expect(batches.map((batch) => batch.map((c) => [c.deviceId, limitOf(c)]))).toEqual([[[second, 0]]]);
    expect(failed.sent).toEqual([]);
    batches.length = 0;
    const ok: ChargerSendMany = async (cmds) => {
      batches.push([...cmds]);
      return cmds.map(() => ({ status: 'fulfilled', value: 1 }));
    };
    const done = await stepSites(b.t.db, [b.stationId], ok, now + 1000);
    expect(batches.map((batch) => batch.map((c) => [c.deviceId, limitOf(c)]))).toEqual([
      [[second, 0]],
      [[first, 7.2]],
    ]);
    expect(done.sent.map((s) => [s.deviceId, s.limitA])).toEqual([
      [second, 0],
      [first, 7.2],
    ]);
    expect(await solarOf(first)).toMatchObject({ limitA: 7.2, reason: 'surplus' });
  });
});
