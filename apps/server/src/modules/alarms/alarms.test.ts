import type { AlarmCount } from '@ems/contract/api/alarm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { levelGroup } from './service';

const URL_ = '/owner_api/webpvesc/ajax/alarm/system/current/count';

describe('GET alarm/system/current/count', () => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  const ids = { pv: 0, ups: 0, foreign: 0 };

  const get = async (query: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { token: tok } });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: AlarmCount } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const admin = await buildUser(t.db, { roles: ['admin'] });
    [token, adminToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, admin)]);
    ids.pv = (await buildStation(t.db, { ownerId: owner.id, systemType: 1 })).id;
    ids.ups = (await buildStation(t.db, { ownerId: owner.id, systemType: 7, templateCode: 'ups' })).id;
    ids.foreign = (await buildStation(t.db, { systemType: 1 })).id;
    for (const level of [1, 2, 3, 4, 5, 5]) await buildAlarm(t.db, { stationId: ids.pv, alarmLevel: level });
    await buildAlarm(t.db, { stationId: ids.pv, alarmLevel: 4, clearedAt: new Date() });
    await buildAlarm(t.db, { stationId: ids.ups, alarmLevel: 2 });
    await buildAlarm(t.db, { stationId: ids.foreign, alarmLevel: 5 });
  });
  afterAll(() => t.close());

  it('counts active alarms on the caller’s sites per level', async () => {
    const { body } = await get('isCurrent=true&ispvesc=false');
    expect(body.status).toBe(0);
    // Issue 34 item 5: levels 2 and 3, one group, are each counted too.
    expect(body.data).toEqual({
      count: 7,
      byLevel: { notice: 1, alarm: 3, fault: 1, fatal: 2 },
      levels: [1, 2, 1, 1, 2],
    });
  });

  it('filters by system type and by named stations', async () => {
    expect((await get('systemType=7')).body.data).toEqual({
      count: 1,
      byLevel: { notice: 0, alarm: 1, fault: 0, fatal: 0 },
      levels: [0, 1, 0, 0, 0],
    });
    expect((await get(`stationIds=${ids.pv}`)).body.data.count).toBe(6);
    expect((await get(`stationIds=${ids.pv}&stationIds=${ids.ups}&systemType=7`)).body.data.count).toBe(1);
    expect((await get('systemType=2')).body.data.count).toBe(0);
  });

  it('counts per station with isarray, and lists the same alarms filtered by level and system type', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_}?isarray=true&isCurrent=true&ispvesc=false`,
      headers: { token },
    });
    expect(res.json().data).toEqual([
      {
        stationId: ids.pv,
        count: 6,
        byLevel: { notice: 1, alarm: 2, fault: 1, fatal: 2 },
        levels: [1, 1, 1, 1, 2],
      },
      {
        stationId: ids.ups,
        count: 1,
        byLevel: { notice: 0, alarm: 1, fault: 0, fatal: 0 },
        levels: [0, 1, 0, 0, 0],
      },
    ]);
    const page = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/owner_api/webpvesc/ajax/alarm/system/current/list?${q}`,
          headers: { token },
        })
      ).json().data as { data: { alarmLevel: number; stationId: number }[]; total: number };
    expect((await page('systemType=7')).data.map((a) => a.stationId)).toEqual([ids.ups]);
    const fatal = await page('levels=5&pageSize=1&pageNum=2');
    expect(fatal.total).toBe(2);
    expect(fatal.data.map((a) => a.alarmLevel)).toEqual([5]);
    expect((await page('levels=2&levels=3')).total).toBe(3);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/alarm/system/summary',
      headers: { token },
    });
    expect(summary.json().data).toEqual({ active: 7, today: 8, last24h: 8 });
  });

  it('lets an administrator count every site', async () => {
    expect((await get('', adminToken)).body.data.count).toBe(8);
  });

  it('refuses a named station of another user or a missing one alike', async () => {
    const foreign = await get(`stationIds=${ids.pv}&stationIds=${ids.foreign}&languageId=2`);
    expect(foreign.http).toBe(200);
    expect(foreign.body).toEqual({ status: 40300, msg: '无操作权限', data: null });
    expect((await get('stationIds=777777&languageId=2')).body).toEqual(foreign.body);
    expect((await get(`stationIds=${ids.foreign}&languageId=1`)).body.msg).toBe('No operation authority');
  });

  it('refuses bad input with HTTP 200 / 40000', async () => {
    const bad = await get('stationIds=abc&languageId=1');
    expect(bad.http).toBe(200);
    expect(bad.body).toMatchObject({ status: 40000, msg: 'Please enter a number' });
    expect((await get('systemType=5&languageId=1')).body).toMatchObject({
      status: 40000,
      msg: 'Unknown system type',
    });
  });
});

describe('alarm level groups (spec §4)', () => {
  it('maps 1 notice, 2–3 alarm, 4 fault, 5 fatal, anything else none', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(levelGroup)).toEqual([
      null,
      'notice',
      'alarm',
      'alarm',
      'fault',
      'fatal',
      null,
    ]);
  });
});
