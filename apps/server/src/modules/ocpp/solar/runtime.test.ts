/**
 * Issue 33: when solar charging steps sites (runtime.ts), through the real server and database. Samples
 * coalesce: many samples of several sites make a bounded number of site steps, run together in rounds,
 * and each charger's decision follows its own site's latest sample.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation } from '../../../test/factories';
import type { SmartChargingCall } from '../smart-charging/profiles';
import { BOOT, type OcppBench, startOcppBench } from '../test-ocpp';

const calls: SmartChargingCall[] = [];
async function fakeSend(cmd: SmartChargingCall): Promise<number> {
  calls.push(cmd);
  return calls.length;
}
/** The last limit sent to `deviceId`, A. */
const lastLimit = (deviceId: number) => {
  const c = calls.filter((x) => x.deviceId === deviceId).at(-1);
  const p = c?.params.csChargingProfiles as
    | { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } }
    | undefined;
  return p?.chargingSchedule.chargingSchedulePeriod[0]?.limit ?? null;
};

let b: OcppBench;
/** Three sites, each with its grid meter and one charger in pv (one phase, delays 0). */
const sites: { stationId: number; meterId: number; chargerId: number }[] = [];

beforeAll(async () => {
  b = await startOcppBench({ chargerSend: fakeSend });
  for (let i = 0; i < 3; i++) {
    const { deviceId, key } = await b.addCharger(`CP-SOLAR-RT-${i}`);
    const cp = await b.connect(`CP-SOLAR-RT-${i}`, key, { strict: true });
    await cp.call('BootNotification', BOOT);
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    const station = await buildStation(b.t.db, {
      ownerId: b.ownerId,
      systemType: 2,
      templateCode: 'charging',
    });
    await b.t.db.query('UPDATE devices SET station_id = $2 WHERE id = $1', [deviceId, station.id]);
    await b.t.db.query(
      'UPDATE stations SET solar_enable_delay_s = 0, solar_disable_delay_s = 0 WHERE id = $1',
      [station.id],
    );
    const meterId = (await buildDevice(b.t.db, { stationId: station.id, deviceType: 'meter' })).id;
    await b.t.db.query(`INSERT INTO charger_solar (device_id, mode, phases) VALUES ($1, 'pv', 1)`, [
      deviceId,
    ]);
    sites.push({ stationId: station.id, meterId, chargerId: deviceId });
  }
  // Reads the meters to watch (added above, behind the API's back).
  await b.t.app.solarCharging!.siteChanged(sites[0]!.stationId);
  await b.t.app.solarCharging!.idle();
}, 60_000);
afterAll(async () => b?.close());

async function meterSays(meterId: number, w: number) {
  const at = new Date();
  await b.t.db.query(
    `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at) VALUES ($1, $2, $3, $4, $2)
     ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, w = excluded.w, points = excluded.points`,
    [meterId, at, w, JSON.stringify({ W: w })],
  );
}

describe('samples coalesce', () => {
  it('60 samples of 3 sites make at most 6 site steps, and each charger follows its site’s latest sample', async () => {
    const solar = b.t.app.solarCharging!;
    const before = solar.counts();
    // Each site sells 2, 3, 4 kW, then 20 samples each arrive while its meter moves to 5, 6, 7 kW.
    for (const [i, s] of sites.entries()) await meterSays(s.meterId, -(2000 + 1000 * i));
    for (let k = 0; k < 10; k++) for (const s of sites) solar.meterSampled(s.meterId);
    for (const [i, s] of sites.entries()) await meterSays(s.meterId, -(5000 + 1000 * i));
    for (let k = 0; k < 10; k++) for (const s of sites) solar.meterSampled(s.meterId);
    await solar.idle();
    const after = solar.counts();
    expect(after.steps - before.steps).toBeGreaterThanOrEqual(3);
    expect(after.steps - before.steps).toBeLessThanOrEqual(6);
    // A round steps every due site together: at most two rounds for the two bursts.
    expect(after.rounds - before.rounds).toBeLessThanOrEqual(2);
    // ⌊W / 230 × 10⌋ / 10 on one phase: 5 kW → 21.7 A, 6 kW → 26 A, 7 kW → 30.4 A.
    expect(sites.map((s) => lastLimit(s.chargerId))).toEqual([21.7, 26, 30.4]);
    const stored = await b.t.db.query<{ deviceId: number; limitA: number; surplusW: number }>(
      `SELECT device_id AS "deviceId", limit_a AS "limitA", surplus_w AS "surplusW" FROM charger_solar
       WHERE device_id = ANY($1::int[]) ORDER BY device_id`,
      [sites.map((s) => s.chargerId)],
    );
    expect(stored.rows).toEqual(
      sites.map((s, i) => ({
        deviceId: s.chargerId,
        limitA: [21.7, 26, 30.4][i],
        surplusW: 5000 + 1000 * i,
      })),
    );
  });

  it('a site asked for again while its round runs is stepped once more, from the newer sample', async () => {
    const solar = b.t.app.solarCharging!;
    const s = sites[0]!;
    await meterSays(s.meterId, -3000);
    solar.meterSampled(s.meterId);
    // The round above has read the meter already or will: either way a step after this sample follows.
    await meterSays(s.meterId, -4000);
    solar.meterSampled(s.meterId);
    await solar.idle();
    expect(lastLimit(s.chargerId)).toBe(17.3);
  });
});
