/**
 * Issue 9 alarm life through the real broker, ingest and API: device fault → current → cleared → history,
 * repeats deduplicated, communication loss and its clearing, threshold rules firing and clearing.
 */
import type { AlarmPage } from '@ems/contract/api/alarm';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestDevice, type TestIngest } from '../../ingest/test-ingest';
import { expectBusinessError } from '../../test/answers';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { alarmJob } from './alarm-job';
import { applyDeviceEvents, evaluateCommLoss } from './engine';
import { evaluateRules } from './rules-engine';

const API = '/owner_api/webpvesc/ajax/alarm';
let t: TestApp;
let ing: TestIngest;
let token: string;
let otherToken: string;
let stationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ing = await startTestIngest({ db: t.db, config: t.config });
  const owner = await buildUser(t.db);
  const other = await buildUser(t.db);
  [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
  stationId = await ing.addStation(owner.id);
});

afterAll(async () => {
  await ing?.stop();
  await t?.close();
});

async function list(path: 'current/list' | 'history/list', query: string, tok = token) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/system/${path}?${query}`,
    headers: { token: tok },
  });
  return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: AlarmPage } };
}

async function publish(c: MqttClient, topic: string, body: unknown) {
  await c.publishAsync(topic, JSON.stringify(body), { qos: 1 });
}

/** Publishes a battery's SoC (W 0) at `ts` and waits until it is the device's latest value. */
async function sendSoc(c: MqttClient, bat: TestDevice, soc: number, ts = Date.now()) {
  await publish(c, topics.telemetry(bat.sn), { ts, points: { W: 0, SoC: soc } });
  await ing.waitFor(async () => {
    const r = await t.db.query<{ soc: number }>('SELECT soc FROM device_latest WHERE device_id = $1', [
      bat.id,
    ]);
    return r.rows[0]?.soc === soc;
  });
}

/**
 * Publishes alarm messages and waits until the ingest has taken their `events` events and committed them:
 * the broker's PUBACK to the device says nothing about the ingest having written them yet.
 */
async function publishAlarms(c: MqttClient, sn: string, bodies: unknown[], events: number) {
  const target = ing.ingest.alarmStats().events + events;
  for (const body of bodies) await publish(c, topics.alarm(sn), body);
  await ing.waitFor(() => ing.ingest.alarmStats().events >= target);
  await ing.ingest.flush();
}

describe('device alarms over MQTT', () => {
  let inv: TestDevice;
  let c: MqttClient;
  beforeAll(async () => {
    inv = await ing.addDevice('inverter', stationId);
    c = await ing.connectDevice(inv);
  });

  it('raises a current alarm once however often the device repeats it, then moves it to history', async () => {
    const t0 = Math.floor(Date.now() / 1000) - 120; // 10-digit seconds are accepted
    await publishAlarms(
      c,
      inv.sn,
      [
        ...[0, 1, 2].map((k) => ({ ts: t0 + k, code: 'ID001', active: true })),
        { events: [{ ts: t0 + 5, code: 'ID001', active: true }] },
      ],
      4,
    );

    // A batch the database refused is redelivered by the broker, so the alarm may land a moment later.
    await ing.waitFor(async () => (await list('current/list', `deviceId=${inv.id}`)).body.data.total > 0);
    const current = await list('current/list', `deviceId=${inv.id}&languageId=1`);
    expect(current.body.status).toBe(0);
    expect(current.body.data.total).toBe(1);
    expect(current.body.data.data[0]).toMatchObject({
      alarmCode: 'ID001',
      alarmDesc: 'Grid Over Voltage Protection',
      alarmLevel: 4,
      deviceId: inv.id,
      stationId,
      stationName: 'Test site',
      alarmTime: t0 * 1000,
      clearTime: null,
      source: 'device',
    });
    const zh = await list('current/list', `deviceId=${inv.id}&languageId=2`);
    expect(zh.body.data.data[0]!.alarmDesc).toBe('电网过压保护');

    await publishAlarms(c, inv.sn, [{ ts: t0 + 60, code: 'ID001', active: false }], 1);
    await ing.waitFor(async () => (await list('current/list', `deviceId=${inv.id}`)).body.data.total === 0);
    const history = await list('history/list', `deviceId=${inv.id}`);
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.data[0]).toMatchObject({ alarmTime: t0 * 1000, clearTime: (t0 + 60) * 1000 });
  });

  it('keeps an alarm raised and cleared within one message in history, and unknown codes as sent', async () => {
    const t0 = Date.now() - 60_000;
    const events = [
      { ts: t0, code: 'ID113', active: true },
      { ts: t0 + 1000, code: 'ID113', active: false },
      { ts: t0 + 2000, code: 'X-42', active: true },
    ];
    await publishAlarms(c, inv.sn, [{ events }], 3);
    await ing.waitFor(async () => (await list('current/list', `deviceId=${inv.id}`)).body.data.total > 0);
    const history = await list('history/list', `deviceId=${inv.id}&text=derating`);
    expect(history.body.data.data.map((a) => [a.alarmCode, a.alarmLevel])).toEqual([['ID113', 2]]);
    // A Chinese viewer finds it by the words they see (the alarm stores the English text).
    const zh = await list(
      'history/list',
      `deviceId=${inv.id}&text=${encodeURIComponent('降额')}&languageId=2`,
    );
    expect(zh.body.data.data.map((a) => [a.alarmCode, a.alarmDesc])).toEqual([['ID113', '过温降额']]);
    const none = await list(
      'history/list',
      `deviceId=${inv.id}&text=${encodeURIComponent('降额')}&languageId=1`,
    );
    expect(none.body.data.total).toBe(0);
    const current = await list('current/list', `deviceId=${inv.id}`);
    expect(current.body.data.data.map((a) => [a.alarmCode, a.alarmDesc, a.alarmLevel])).toEqual([
      ['X-42', 'X-42', 3],
    ]);
  });

  it('ignores a malformed alarm message and opens one alarm when two writers race', async () => {
    await publish(c, topics.alarm(inv.sn), { ts: Date.now(), code: '', active: 'yes' });
    await ing.waitFor(() => ing.ingest.alarmStats().invalid === 1);
    const ev = { deviceId: inv.id, code: 'ID005', active: true, ts: new Date() };
    await Promise.all([
      applyDeviceEvents(t.db, [ev]),
      applyDeviceEvents(t.db, [ev]),
      applyDeviceEvents(t.db, [ev]),
    ]);
    const res = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarms WHERE device_id = $1 AND alarm_code = 'ID005'`,
      [inv.id],
    );
    expect(res.rows[0]!.n).toBe(1);
  });

  it('shows another user nothing and refuses them the device', async () => {
    expect((await list('current/list', '', otherToken)).body.data).toEqual({ data: [], total: 0 });
    const refused = await list('current/list', `deviceId=${inv.id}&languageId=1`, otherToken);
    expect(refused.http).toBe(200);
    expect(refused.body).toEqual({ status: 40300, msg: 'No operation authority', data: null });
  });
});

describe('communication loss', () => {
  it('raises COMM_LOSS after the set time without data and clears it when data returns', async () => {
    const bat = await ing.addDevice('battery', stationId);
    const c = await ing.connectDevice(bat);
    await publish(c, topics.telemetry(bat.sn), { ts: Date.now(), points: { W: 100, SoC: 55 } });
    await ing.waitFor(async () => {
      const r = await t.db.query('SELECT 1 FROM device_latest WHERE device_id = $1', [bat.id]);
      return r.rows.length === 1;
    });
    // Not yet: the device sent data just now.
    await evaluateCommLoss(t.db, 600);
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(0);
    // Eleven minutes later nothing more came.
    await evaluateCommLoss(t.db, 600, new Date(Date.now() + 11 * 60_000));
    await evaluateCommLoss(t.db, 600, new Date(Date.now() + 12 * 60_000));
    const lost = await list('current/list', `deviceId=${bat.id}&languageId=2`);
    expect(lost.body.data.data.map((a) => [a.alarmCode, a.alarmDesc, a.source])).toEqual([
      ['COMM_LOSS', '通讯中断', 'offline'],
    ]);

    await publish(c, topics.telemetry(bat.sn), { ts: Date.now() + 1000, points: { W: 90, SoC: 56 } });
    await ing.waitFor(async () => (await list('current/list', `deviceId=${bat.id}`)).body.data.total === 0);
    const history = await list('history/list', `deviceId=${bat.id}`);
    expect(history.body.data.data.map((a) => a.alarmCode)).toEqual(['COMM_LOSS']);
  });
});

describe('threshold rules', () => {
  const save = (body: Record<string, unknown>, tok = token) =>
    t.app.inject({ method: 'POST', url: `${API}/rule/save`, headers: { token: tok }, payload: body });

  it('says "cannot be empty" for an empty limit instead of watching for 0 (issue 24 item 9)', async () => {
    const rule = { stationId, name: 'No limit', point: 'SoC', op: 'below', durationS: 60, level: 2 };
    for (const threshold of ['', null, undefined]) {
      const res = (await save({ ...rule, threshold })).json();
      expect(res).toMatchObject({
        status: 40000,
        msg: 'This field cannot be empty',
        data: { field: 'threshold' },
      });
    }
    const rules = await t.app.inject({
      method: 'GET',
      url: `${API}/rule/list?stationId=${stationId}`,
      headers: { token },
    });
    expect(rules.json().data.filter((r: { name: string }) => r.name === 'No limit')).toEqual([]);
    // The form's "all devices" is an empty choice: it saves as every device of the site.
    const all = (await save({ ...rule, name: 'All devices', threshold: 5, deviceType: '' })).json();
    expect(all).toMatchObject({ status: 0, data: { deviceType: null } });
    // Removed again, so it raises nothing on the devices of the tests below.
    const del = await t.app.inject({
      method: 'POST',
      url: `${API}/rule/del`,
      headers: { token },
      payload: { id: all.data.id, stationId },
    });
    expect(del.json()).toMatchObject({ status: 0 });
  });

  it('wakes the alarm job at once on a rule saved, edited or deleted, never on a refused one', async () => {
    let kicks = 0;
    const unsubscribe = alarmJob.wakeOn!(t.db, () => kicks++);
    try {
      const rule = {
        stationId,
        name: 'Wake test',
        point: 'SoC',
        op: 'below',
        threshold: 1,
        durationS: 0,
        level: 2,
      };
      const saved = (await save(rule)).json() as { status: number; data: { id: number } };
      expect(saved.status).toBe(0);
      expect(kicks).toBe(1);
      expect((await save({ ...rule, id: saved.data.id, threshold: 2 })).json()).toMatchObject({ status: 0 });
      expect(kicks).toBe(2);
      expectBusinessError(await save(rule, otherToken), 40300);
      expect((await save({ ...rule, threshold: '' })).json()).toMatchObject({ status: 40000 });
      expect(kicks).toBe(2);
      const del = (id: number, tok: string) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/rule/del`,
          headers: { token: tok },
          payload: { id, stationId },
        });
      expectBusinessError(await del(saved.data.id, otherToken), 40300);
      expect(kicks).toBe(2);
      expect((await del(saved.data.id, token)).json()).toMatchObject({ status: 0 });
      expect(kicks).toBe(3);
    } finally {
      unsubscribe();
    }
  });

  it('clears a rule’s open alarm when the owner deletes the rule', async () => {
    const bat = await ing.addDevice('battery', stationId);
    const c = await ing.connectDevice(bat);
    const rule = { stationId, name: 'SOC very low', deviceType: 'battery', point: 'SoC', op: 'below' };
    const saved = (await save({ ...rule, threshold: 10, durationS: 60, level: 3 })).json() as {
      data: { id: number };
    };
    await sendSoc(c, bat, 4);
    const now = Date.now();
    await evaluateRules(t.db, new Date(now));
    await evaluateRules(t.db, new Date(now + 61_000));
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(1);

    const del = await t.app.inject({
      method: 'POST',
      url: `${API}/rule/del`,
      headers: { token },
      payload: { id: saved.data.id, stationId },
    });
    expect(del.json()).toMatchObject({ status: 0 });
    await evaluateRules(t.db, new Date(now + 120_000));
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(0);
    expect((await list('history/list', `deviceId=${bat.id}`)).body.data.data[0]).toMatchObject({
      alarmDesc: 'SOC very low (SoC < 10)',
      clearTime: now + 120_000,
    });
    await c.endAsync();
  });

  it('fires after the duration, clears when the value is back, and only the owner sets it', async () => {
    const bat = await ing.addDevice('battery', stationId);
    const c = await ing.connectDevice(bat);
    const rule = {
      stationId,
      name: 'SOC low',
      deviceType: 'battery',
      point: 'SoC',
      op: 'below',
      threshold: 15,
      durationS: 300,
      level: 2,
    };
    expectBusinessError(await save(rule, otherToken), 40300);
    expect((await save({ ...rule, durationS: 10 ** 9, languageId: 1 })).json()).toMatchObject({
      status: 40000,
    });
    const saved = (await save(rule)).json() as { status: number; data: { id: number } };
    expect(saved.status).toBe(0);

    await sendSoc(c, bat, 9);
    const now = Date.now();
    await evaluateRules(t.db, new Date(now));
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(0);
    await evaluateRules(t.db, new Date(now + 301_000));
    const fired = await list('current/list', `deviceId=${bat.id}`);
    expect(fired.body.data.data).toMatchObject([
      {
        alarmCode: `RULE-${saved.data.id}`,
        alarmDesc: 'SOC low (SoC < 15)',
        alarmLevel: 2,
        source: 'rule',
        alarmTime: now,
      },
    ]);
    await evaluateRules(t.db, new Date(now + 400_000));
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(1);

    await sendSoc(c, bat, 40, Date.now() + 1000);
    await evaluateRules(t.db, new Date(now + 500_000));
    expect((await list('current/list', `deviceId=${bat.id}`)).body.data.total).toBe(0);
    expect((await list('history/list', `deviceId=${bat.id}`)).body.data.data[0]).toMatchObject({
      alarmCode: `RULE-${saved.data.id}`,
      clearTime: now + 500_000,
    });

    const rules = await t.app.inject({
      method: 'GET',
      url: `${API}/rule/list?stationId=${stationId}`,
      headers: { token },
    });
    expect((rules.json() as { data: unknown[] }).data).toHaveLength(1);
    const del = await t.app.inject({
      method: 'POST',
      url: `${API}/rule/del`,
      headers: { token },
      payload: { id: saved.data.id, stationId },
    });
    expect(del.json()).toMatchObject({ status: 0 });
  });
});
