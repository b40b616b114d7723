import type { StationReal } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday, startOfDayAt } from '../../shared/zoned-time';
import { buildDevice, buildStation, buildUser, signIn, writeSyntheticDay } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

const URL_ = '/owner_api/webpvesc/ajax/station/list/real';
const TZ = 'America/Sao_Paulo';

describe('GET station/list/real', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let storageId = 0;
  let chargingId = 0;
  let foreignId = 0;
  let inverterId = 0;
  /** Samples written today per device (one every 5 min from local midnight to setup time). */
  let steps = 0;

  const get = async (query: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { token: tok } });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: StationReal[] } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    const now = Date.now();
    const today = { date: localToday(TZ, now), timeZone: TZ, until: now };
    steps = Math.floor((now - startOfDayAt(now, TZ)) / 300_000) + 1;

    // Storage site: PV 1,200 W, selling 300 W, charging 600 W at 64 % → load 300 W.
    const storage = await buildStation(t.db, {
      ownerId: owner.id,
      systemType: 6,
      templateCode: 'storage',
      timeZone: TZ,
    });
    storageId = storage.id;
    const inverter = await buildDevice(t.db, { stationId: storage.id, deviceType: 'inverter' });
    inverterId = inverter.id;
    const meter = await buildDevice(t.db, { stationId: storage.id, deviceType: 'meter' });
    const battery = await buildDevice(t.db, { stationId: storage.id, deviceType: 'battery' });
    await buildDevice(t.db, { stationId: storage.id, deviceType: 'charger' }); // never reported
    await writeSyntheticDay(t.db, inverter, { ...today, profile: { w: () => 1200 } });
    await writeSyntheticDay(t.db, meter, { ...today, profile: { w: () => -300 } });
    await writeSyntheticDay(t.db, battery, { ...today, profile: { w: () => -600, soc: () => 64 } });

    // Charging site: one charger at 7,400 W.
    const charging = await buildStation(t.db, {
      ownerId: owner.id,
      systemType: 2,
      templateCode: 'charging',
      timeZone: TZ,
    });
    chargingId = charging.id;
    const charger = await buildDevice(t.db, { stationId: charging.id, deviceType: 'charger' });
    await writeSyntheticDay(t.db, charger, { ...today, profile: { w: () => 7400 } });

    foreignId = (await buildStation(t.db, { ownerId: other.id })).id;
  });
  afterAll(() => t.close());

  it('returns the live flow, today’s totals and device values of a site', async () => {
    const { body } = await get(`stationIds=${storageId}`);
    expect(body.status).toBe(0);
    expect(body.data).toHaveLength(1);
    const s = body.data[0]!;
    expect(s.stationId).toBe(storageId);
    expect(s.online).toBe(true);
    expect(s.flow).toEqual({ pvW: 1200, gridW: -300, batteryW: -600, loadW: 300, chargerW: null, soc: 64 });
    // Each 5-minute step: 100 Wh produced, 25 Wh sold, 50 Wh charged → 25 Wh consumed.
    expect(s.today.productionKwh).toBeCloseTo(steps * 0.1, 6);
    expect(s.today.gridSellKwh).toBeCloseTo(steps * 0.025, 6);
    expect(s.today.chargeKwh).toBeCloseTo(steps * 0.05, 6);
    expect(s.today.consumptionKwh).toBeCloseTo(steps * 0.025, 6);
    expect(s.today.gridBuyKwh).toBe(0);
    expect(s.today.dischargeKwh).toBe(0);

    expect(s.devices!.map((d) => d.type)).toEqual(['inverter', 'meter', 'battery', 'charger']);
    const [inv, meter, battery, charger] = s.devices!;
    expect(inv).toMatchObject({ deviceId: inverterId, online: true, points: { W: 1200 } });
    expect(inv!.todayKwh).toBeCloseTo(steps * 0.1, 6);
    expect(meter!.points).toMatchObject({ W: -300, TotWhImp: 1_000_000 });
    expect(battery!.points).toMatchObject({ W: -600, SoC: 64 });
    // Missing data is null, never 0.
    expect(charger).toEqual({
      deviceId: charger!.deviceId,
      type: 'charger',
      online: false,
      lastSeen: null,
      ts: null,
      todayKwh: null,
      points: {},
    });
  });

  it('gives charging sites no production and the chargers’ energy as consumption', async () => {
    const { body } = await get(`stationIds=${chargingId}&stationIds=${storageId}&isSimple=true`);
    expect(body.data.map((s) => s.stationId)).toEqual([chargingId, storageId]);
    const charging = body.data[0]!;
    expect(charging.devices).toBeUndefined();
    expect(charging.flow).toEqual({
      pvW: null,
      gridW: null,
      batteryW: null,
      loadW: 7400,
      chargerW: 7400,
      soc: null,
    });
    expect(charging.today.productionKwh).toBeNull();
    expect(charging.today.consumptionKwh).toBeCloseTo((steps * 7400) / 12 / 1000, 3);
    expect(charging.today.gridBuyKwh).toBeNull();
  });

  it('still shows an offline device’s last values, with lastSeen', async () => {
    const seen = new Date(Date.now() - 3_600_000);
    await t.db.query('UPDATE device_latest SET last_seen_at = $1 WHERE device_id = $2', [
      seen.toISOString(),
      inverterId,
    ]);
    const { body } = await get(`stationIds=${storageId}`);
    const inv = body.data[0]!.devices!.find((d) => d.deviceId === inverterId)!;
    expect(inv.online).toBe(false);
    expect(inv.lastSeen).toBe(seen.toISOString());
    expect(inv.points.W).toBe(1200);
    expect(body.data[0]!.flow.pvW).toBe(1200);
    expect(body.data[0]!.online).toBe(true);
  });

  it('refuses another user’s or a missing station alike, and returns nothing of the others', async () => {
    const mixed = await get(`stationIds=${storageId}&stationIds=${foreignId}&languageId=2`);
    expect(mixed.http).toBe(200);
    expect(mixed.body).toEqual({ status: 40300, msg: '无操作权限', data: null });
    const missing = await get('stationIds=31337&languageId=2');
    expect(missing.body).toEqual(mixed.body);
    const other = await get(`stationIds=${storageId}&languageId=1`, otherToken);
    expect(other.body).toEqual({ status: 40300, msg: 'No operation authority', data: null });
  });

  it('refuses bad input with HTTP 200 / 40000', async () => {
    const abc = await get('stationIds=abc&languageId=1');
    expect(abc.http).toBe(200);
    expect(abc.body).toMatchObject({ status: 40000, msg: 'Please enter a number' });
    const none = await get('languageId=1');
    expect(none.http).toBe(200);
    expect(none.body.status).toBe(40000);
  });
});
