import type { StationTemplate } from '@ems/contract/api/dictionary';
import type { StationBaseInfo, StationList } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_TEMPLATES } from '../../db/seed/reference';
import { localToday, startOfDayAt } from '../../shared/zoned-time';
import {
  buildAlarm,
  buildDevice,
  buildStation,
  buildUser,
  signIn,
  writeSynthetic,
  writeSyntheticDay,
} from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

const BASE = '/owner_api/webpvesc/ajax/station';

describe('station API: templates, systemtype/list, baseinfo', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let adminToken: string;
  const ids: Record<string, number> = {};
  let inverterId = 0;
  let ownerId = 0;
  /** When the inverter's samples end: today's energy is counted up to here, not up to the test's now. */
  let seededUntil = 0;

  const get = async <T>(url: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token: tok } });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: T } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db, { userName: 'Olga Owner' });
    ownerId = owner.id;
    const other = await buildUser(t.db);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    [token, otherToken, adminToken] = await Promise.all([
      signIn(t.app, owner),
      signIn(t.app, other),
      signIn(t.app, admin),
    ]);

    const tz = 'Asia/Tokyo';
    const alpha = await buildStation(t.db, {
      ownerId: owner.id,
      name: 'Alpha Roof',
      address: 'Shibuya 1',
      timeZone: tz,
    });
    const beta = await buildStation(t.db, {
      ownerId: owner.id,
      name: 'Beta Barn',
      address: 'Farm Road 7',
      timeZone: tz,
    });
    const gamma = await buildStation(t.db, {
      ownerId: owner.id,
      name: 'Gamma Garage',
      address: 'Shibuya 9',
      timeZone: tz,
    });
    const storage = await buildStation(t.db, {
      ownerId: owner.id,
      name: 'Delta Storage',
      systemType: 6,
      templateCode: 'storage',
    });
    const foreign = await buildStation(t.db, { ownerId: other.id, name: 'Aardvark Foreign' });
    Object.assign(ids, {
      alpha: alpha.id,
      beta: beta.id,
      gamma: gamma.id,
      storage: storage.id,
      foreign: foreign.id,
    });

    // Alpha: an inverter at a constant 1,200 W since local midnight and a meter that never reported.
    const inverter = await buildDevice(t.db, { stationId: alpha.id, deviceType: 'inverter', name: 'INV-1' });
    inverterId = inverter.id;
    await buildDevice(t.db, { stationId: alpha.id, deviceType: 'meter', name: 'Meter' });
    seededUntil = Date.now();
    await writeSyntheticDay(t.db, inverter, {
      date: localToday(tz, seededUntil),
      timeZone: tz,
      until: seededUntil,
      profile: { w: () => 1200 },
    });
    // Gamma has a fault and a cleared fatal alarm; Beta a notice: alarms sort before names.
    await buildAlarm(t.db, { stationId: gamma.id, alarmLevel: 4 });
    await buildAlarm(t.db, { stationId: gamma.id, alarmLevel: 5, clearedAt: new Date() });
    await buildAlarm(t.db, { stationId: beta.id, alarmLevel: 1 });
    await buildAlarm(t.db, { stationId: foreign.id, alarmLevel: 5 });
  });
  afterAll(() => t.close());

  it('lists the seeded station templates by id', async () => {
    const { body } = await get<StationTemplate[]>(`${BASE}/templates`);
    expect(body.status).toBe(0);
    expect(body.data).toEqual(STATION_TEMPLATES.map((x) => ({ ...x, deviceTypes: [...x.deviceTypes] })));
  });

  it('names the templates in the caller’s language (issue 24 item 8)', async () => {
    const named = async (languageId: number) =>
      Object.fromEntries(
        (await get<StationTemplate[]>(`${BASE}/templates?languageId=${languageId}`)).body.data.map((x) => [
          x.templateCode,
          x.name,
        ]),
      );
    expect(await named(2)).toMatchObject({ pv: '光伏', storage: '户用储能', pe: '动力环境' });
    expect(await named(3)).toMatchObject({ storage: 'Armazenamento residencial', pe: 'Energia e ambiente' });
    expect(await named(4)).toMatchObject({ charging: 'Nabíjení' });
    expect((await named(1)).pe).toBe('Power & environment');
  });

  it('lists the caller’s sites of a type, alarms first then by name, with live values', async () => {
    const { body } = await get<StationList>(`${BASE}/systemtype/list?systemType=1&languageId=1`);
    expect(body.status).toBe(0);
    expect(body.data.total).toBe(3);
    expect(body.data.rows.map((r) => r.stationName)).toEqual(['Beta Barn', 'Gamma Garage', 'Alpha Roof']);
    expect(body.data.rows.map((r) => r.worstAlarmLevel)).toEqual([1, 4, null]);

    const alpha = body.data.rows.find((r) => r.stationId === ids.alpha)!;
    // Samples every 5 min from local midnight; each adds 100 Wh (1,200 W × 5 min).
    const steps = Math.floor((seededUntil - startOfDayAt(seededUntil, 'Asia/Tokyo')) / 300_000) + 1;
    expect(alpha).toMatchObject({
      online: true,
      deviceCount: 2,
      onlineDeviceCount: 1,
      powerW: 1200,
      soc: null,
      timeZone: 'Asia/Tokyo',
      capacity: 10,
    });
    expect(alpha.todayKwh).toBeCloseTo(steps * 0.1, 3);
    expect(alpha.lastSeen).not.toBeNull();
    const beta = body.data.rows.find((r) => r.stationId === ids.beta)!;
    expect(beta).toMatchObject({
      online: false,
      deviceCount: 0,
      powerW: null,
      todayKwh: null,
      lastSeen: null,
    });
  });

  it('counts a charging site’s chargers and those online above the idle threshold', async () => {
    const site = await buildStation(t.db, {
      ownerId,
      name: 'Echo Chargers',
      systemType: 2,
      templateCode: 'charging',
    });
    const now = Date.now();
    for (const [w, online] of [
      [7400, true],
      [40, true],
      [11000, false],
    ] as const) {
      const charger = await buildDevice(t.db, { stationId: site.id, deviceType: 'charger' });
      await writeSynthetic(t.db, charger, now - 60_000, now, 1, () => ({ w }));
      if (!online) {
        await t.db.query(
          `UPDATE device_latest SET last_seen_at = now() - interval '1 hour' WHERE device_id = $1`,
          [charger.id],
        );
      }
    }
    const { body } = await get<StationList>(`${BASE}/systemtype/list?systemType=2`);
    expect(body.data.rows.find((r) => r.stationId === site.id)).toMatchObject({
      chargerCount: 3,
      chargersCharging: 1,
    });
  });

  it('filters by name or address and pages', async () => {
    const byAddress = await get<StationList>(`${BASE}/systemtype/list?systemType=1&filterText=shibuya`);
    expect(byAddress.body.data.rows.map((r) => r.stationName)).toEqual(['Gamma Garage', 'Alpha Roof']);
    const page2 = await get<StationList>(
      `${BASE}/systemtype/list?systemType=1&ispaging=true&pageNum=2&pageSize=2`,
    );
    expect(page2.body.data).toMatchObject({ total: 3, rows: [{ stationName: 'Alpha Roof' }] });
    const beyond = await get<StationList>(
      `${BASE}/systemtype/list?systemType=1&ispaging=true&pageNum=5&pageSize=2`,
    );
    expect(beyond.body.data).toEqual({ total: 3, rows: [] });
    const storage = await get<StationList>(`${BASE}/systemtype/list?systemType=6`);
    expect(storage.body.data.rows.map((r) => r.stationId)).toEqual([ids.storage]);
  });

  it('shows another user only their own sites, an administrator every site', async () => {
    const other = await get<StationList>(`${BASE}/systemtype/list?systemType=1`, otherToken);
    expect(other.body.data.rows.map((r) => r.stationName)).toEqual(['Aardvark Foreign']);
    const admin = await get<StationList>(`${BASE}/systemtype/list?systemType=1`, adminToken);
    expect(admin.body.data.total).toBe(4);
    expect(admin.body.data.rows[0]!.stationName).toBe('Aardvark Foreign');
  });

  it('returns base info with owner and devices', async () => {
    const { body } = await get<StationBaseInfo>(`${BASE}/baseinfo?stationId=${ids.alpha}`);
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({
      stationId: ids.alpha,
      stationName: 'Alpha Roof',
      ownerName: 'Olga Owner',
      timeZone: 'Asia/Tokyo',
      templateCode: 'pv',
    });
    expect(body.data.devices).toHaveLength(2);
    expect(body.data.devices[0]).toMatchObject({
      deviceId: inverterId,
      type: 'inverter',
      name: 'INV-1',
      online: true,
    });
    expect(body.data.devices[1]).toMatchObject({ type: 'meter', online: false, lastSeen: null });
  });

  it('answers 无操作权限 alike for another user’s and a missing station', async () => {
    const foreign = await get<null>(`${BASE}/baseinfo?stationId=${ids.foreign}&languageId=2`);
    expect(foreign.http).toBe(200);
    expect(foreign.body).toEqual({ status: 40300, msg: '无操作权限', data: null });
    const missing = await get<null>(`${BASE}/baseinfo?stationId=999999&languageId=2`);
    expect(missing.body).toEqual(foreign.body);
    const english = await get<null>(`${BASE}/baseinfo?stationId=${ids.foreign}&languageId=1`);
    expect(english.body.msg).toBe('No operation authority');
    const admin = await get<StationBaseInfo>(`${BASE}/baseinfo?stationId=${ids.foreign}`, adminToken);
    expect(admin.body.data.stationName).toBe('Aardvark Foreign');
  });

  it('refuses bad input with HTTP 200 / 40000 and a clear message', async () => {
    const type5 = await get<null>(`${BASE}/systemtype/list?systemType=5&languageId=1`);
    expect(type5.http).toBe(200);
    expect(type5.body).toMatchObject({ status: 40000, msg: 'Unknown system type' });
    const zh = await get<null>(`${BASE}/systemtype/list?systemType=5&languageId=2`);
    expect(zh.body.msg).toBe('未知的系统类型');
    const abc = await get<null>(`${BASE}/baseinfo?stationId=abc&languageId=1`);
    expect(abc.http).toBe(200);
    expect(abc.body).toMatchObject({ status: 40000, msg: 'Please enter a number' });
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/systemtype/list?systemType=1` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 1000 });
  });
});
