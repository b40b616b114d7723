/**
 * Issue 21 §2, §5 (server side), §6, §7: the remote-settings calls. Every spec §5 SOC rule both ways and
 * at its edges (5, 80, a gap of exactly 10) answers "data out of range" in the caller's language and
 * records nothing; a value the device has is not written again; a friend reads but cannot set, a stranger
 * and a missing id get 无操作权限; the audit keeps who, from where, before and after, and outlives the device.
 */

import type {
  CommandPage,
  DeviceParamsAnswer,
  DeviceParamsSetAnswer,
} from '@ems/contract/api/device-commands';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { type MessageKey, translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { COMMAND_QUEUE } from './dispatch';

let t: TestApp;
let owner = '';
let friend = '';
let stranger = '';
let admin = '';
let stationId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const o = await buildUser(t.db);
  const f = await buildUser(t.db);
  owner = await signIn(t.app, o);
  friend = await signIn(t.app, f);
  stranger = await signIn(t.app, await buildUser(t.db));
  admin = await signIn(t.app, await buildUser(t.db, { roles: ['admin'] }));
  stationId = (await buildStation(t.db, { ownerId: o.id })).id;
  await t.db.query(
    `INSERT INTO friendships (requester_id, addressee_id, asked_name, status) VALUES ($1, $2, 'x', 2)`,
    [o.id, f.id],
  );
  await t.db.query(
    `INSERT INTO station_shares (station_id, owner_id, viewer_id, status) VALUES ($1, $2, $3, 2)`,
    [stationId, o.id, f.id],
  );
});
afterAll(async () => {
  await t?.close();
});

type Envelope<T> = { status: number; msg: string; data: T };
const URL_BASE = `${API_PREFIX}/webpvesc/ajax/device`;

/** POST device/params/set as `token`, in language `languageId` (1 en-US, 2 zh-CN, 3 pt-BR, 4 cs-CZ). */
async function set(token: string, deviceId: number, params: Record<string, unknown>, languageId = 1) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${URL_BASE}/params/set`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: String(languageId) },
    payload: { deviceId, params },
  });
  return res.json() as Envelope<DeviceParamsSetAnswer>;
}

async function get<T>(token: string, path: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({
    method: 'GET',
    url: `${URL_BASE}/${path}?${qs}`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
  });
  return res.json() as Envelope<T>;
}

const inverter = async (onStation = stationId) =>
  (await buildDevice(t.db, { stationId: onStation, deviceType: 'inverter' })).id;

/** How many commands the device has, and how many dispatch jobs were added for it (nothing to publish). */
async function recorded(deviceId: number): Promise<{ commands: number; jobs: number }> {
  const c = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM device_commands WHERE device_id = $1',
    [deviceId],
  );
  const j = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2',
    [COMMAND_QUEUE, `device:${deviceId}`],
  );
  return { commands: c.rows[0]!.n, jobs: j.rows[0]!.n };
}

/** Asserts `params` is refused with `key` as "data out of range" in every language, recording nothing. */
async function expectRefused(params: Record<string, unknown>, key: MessageKey) {
  const deviceId = await inverter();
  const languages = ['en-US', 'zh-CN', 'pt-BR', 'cs-CZ'] as const;
  for (const [i, language] of languages.entries()) {
    const res = await set(owner, deviceId, params, i + 1);
    expect(res.status, JSON.stringify(params)).toBe(Status.OUT_OF_RANGE);
    expect(res.msg).toBe(translate(key, language));
  }
  expect(await recorded(deviceId)).toEqual({ commands: 0, jobs: 0 });
}

/** Asserts `params` is taken (a queued command with a dispatch job). */
async function expectTaken(params: Record<string, unknown>) {
  const deviceId = await inverter();
  const res = await set(owner, deviceId, params);
  expect(res.status, JSON.stringify(params)).toBe(Status.OK);
  expect(res.data).toMatchObject({ state: 'queued', unchanged: [] });
  expect(await recorded(deviceId)).toEqual({ commands: 1, jobs: 1 });
}

describe('spec §5 SOC rules on device/params/set (defaults: grid-tied 20, off-grid 10)', () => {
  it('takes both limits at 5 and 80 and refuses 4 and 81 as data out of range', async () => {
    await expectTaken({ socLowerOnGrid: 80 });
    await expectTaken({ socLowerOffGrid: 5 });
    await expectTaken({ socLowerOnGrid: 80, socLowerOffGrid: 70 });
    await expectTaken({ socLowerOnGrid: 15, socLowerOffGrid: 5 });
    await expectRefused({ socLowerOnGrid: 81 }, 'common.outOfRange');
    await expectRefused({ socLowerOffGrid: 4 }, 'common.outOfRange');
    await expectRefused({ socLowerOnGrid: 4, socLowerOffGrid: 4 }, 'common.outOfRange');
    await expectRefused({ socLowerOnGrid: 81, socLowerOffGrid: 71 }, 'common.outOfRange');
  });

  it('a gap of exactly 10 passes; 9 is refused in the words of the limit that was changed', async () => {
    await expectTaken({ socLowerOnGrid: 30, socLowerOffGrid: 20 });
    await expectTaken({ socLowerOffGrid: 10, socLowerOnGrid: 20 });
    // Raising the off-grid limit to 11 under the grid-tied 20: the off-grid direction's wording.
    await expectRefused({ socLowerOffGrid: 11 }, 'params.socGapOffGrid');
    // Lowering the grid-tied limit to 19 over the off-grid 10: the grid-tied direction's wording.
    await expectRefused({ socLowerOnGrid: 19 }, 'params.socGapOnGrid');
    // 5 on the grid-tied limit can never keep the gap.
    await expectRefused({ socLowerOnGrid: 5 }, 'params.socGapOnGrid');
    await expectRefused({ socLowerOnGrid: 29, socLowerOffGrid: 20 }, 'params.socGapOnGrid');
  });

  it('checks against what the device reported and what is pending, not only against the defaults', async () => {
    const deviceId = await inverter();
    await t.db.query(
      `INSERT INTO device_params (device_id, "values", reported_at) VALUES ($1, $2::jsonb, now())`,
      [deviceId, JSON.stringify({ socLowerOnGrid: 50, socLowerOffGrid: 40 })],
    );
    // 45 keeps the gap with the defaults (10) but not with the reported off-grid 40.
    expect((await set(owner, deviceId, { socLowerOnGrid: 45 })).msg).toBe(
      translate('params.socGapOnGrid', 'en-US'),
    );
    expect((await set(owner, deviceId, { socLowerOffGrid: 30 })).status).toBe(Status.OK);
    // Pending off-grid 30: a grid-tied 40 now keeps the gap.
    expect((await set(owner, deviceId, { socLowerOnGrid: 40 })).status).toBe(Status.OK);
    expect((await recorded(deviceId)).commands).toBe(2);
  });
});

describe('device/params/set: other refusals and flash wear', () => {
  it('a value the device reported (or is about to have) is not written again', async () => {
    const deviceId = await inverter();
    await t.db.query(
      `INSERT INTO device_params (device_id, "values", reported_at) VALUES ($1, $2::jsonb, now())`,
      [deviceId, JSON.stringify({ socLowerOnGrid: 20, socLowerOffGrid: 10, exportLimitW: 800 })],
    );
    const same = await set(owner, deviceId, { socLowerOnGrid: 20, exportLimitW: 800 });
    expect(same.data).toEqual({
      commandId: null,
      state: null,
      sent: [],
      unchanged: ['socLowerOnGrid', 'exportLimitW'],
    });
    expect(same.msg).toBe(translate('params.unchanged', 'en-US'));
    const partly = await set(owner, deviceId, { socLowerOnGrid: 20, exportLimitW: 900 });
    expect(partly.data).toMatchObject({
      state: 'queued',
      sent: ['exportLimitW'],
      unchanged: ['socLowerOnGrid'],
    });
    // 900 is pending now: asking it again sends nothing.
    expect((await set(owner, deviceId, { exportLimitW: 900 })).data.commandId).toBeNull();
    expect(await recorded(deviceId)).toEqual({ commands: 1, jobs: 1 });
  });

  it('a parameter the device type lacks, an unknown parameter and a bad enum record nothing', async () => {
    const battery = (await buildDevice(t.db, { stationId, deviceType: 'battery' })).id;
    const res = await set(owner, battery, { socLowerOnGrid: 30 });
    expect(res.status).toBe(Status.ILLEGAL_INPUT);
    expect(res.msg).toBe(translate('params.notOfDevice', 'en-US'));
    const deviceId = await inverter();
    expect((await set(owner, deviceId, { socLowerOnGrid: 30, flux: 1 })).status).toBe(Status.ILLEGAL_INPUT);
    expect((await set(owner, deviceId, { operatingMode: 'turbo' })).status).toBe(Status.ILLEGAL_INPUT);
    expect((await set(owner, deviceId, {})).status).toBe(Status.ILLEGAL_INPUT);
    expect(await recorded(battery)).toEqual({ commands: 0, jobs: 0 });
    expect(await recorded(deviceId)).toEqual({ commands: 0, jobs: 0 });
  });
});

describe('who may (spec §6)', () => {
  it('a friend of a shared site reads the parameters and the history but may not set', async () => {
    const deviceId = await inverter();
    expect((await set(owner, deviceId, { wiring: 'threeWire' })).status).toBe(Status.OK);
    const params = await get<DeviceParamsAnswer>(friend, 'params', { deviceId });
    expect(params.status).toBe(Status.OK);
    expect(params.data).toMatchObject({
      canSet: false,
      supported: expect.arrayContaining(['socLowerOnGrid']),
    });
    expect(params.data.pending).toHaveLength(1);
    expect(params.data.pending[0]!.ip).toBeNull();
    const refused = await set(friend, deviceId, { wiring: 'fourWire' }, 2);
    expect(refused).toMatchObject({
      status: Status.NO_PERMISSION,
      msg: translate('common.noPermission', 'zh-CN'),
    });
    const list = await get<CommandPage>(friend, 'command/list', { deviceId });
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]!.ip).toBeNull();
    expect(await recorded(deviceId)).toEqual({ commands: 1, jobs: 1 });
  });

  it('a stranger and a missing id get the same 无操作权限, on every call', async () => {
    const deviceId = await inverter();
    await set(owner, deviceId, { wiring: 'threeWire' });
    for (const id of [deviceId, 987_654]) {
      expect((await get(stranger, 'params', { deviceId: id })).status).toBe(Status.NO_PERMISSION);
      expect((await get(stranger, 'command/list', { deviceId: id })).status).toBe(Status.NO_PERMISSION);
      expect((await set(stranger, id, { wiring: 'fourWire' })).status).toBe(Status.NO_PERMISSION);
    }
    expect((await set(owner, 987_654, { wiring: 'fourWire' })).status).toBe(Status.NO_PERMISSION);
    expect(await recorded(deviceId)).toEqual({ commands: 1, jobs: 1 });
  });

  it('the administrator may set any device', async () => {
    const deviceId = await inverter();
    expect((await get<DeviceParamsAnswer>(admin, 'params', { deviceId })).data.canSet).toBe(true);
    expect((await set(admin, deviceId, { generatorMode: 'manual' })).status).toBe(Status.OK);
  });
});

describe('audit (issue 21 §6)', () => {
  it('keeps who, from where, before and after, and outlives the device while the site exists', async () => {
    const ownerId = (
      await t.db.query<{ owner_id: number }>('SELECT owner_id FROM stations WHERE id = $1', [stationId])
    ).rows[0]!.owner_id;
    const site = (await buildStation(t.db, { ownerId })).id;
    const deviceId = await inverter(site);
    await t.db.query(
      `INSERT INTO device_params (device_id, "values", reported_at) VALUES ($1, $2::jsonb, now())`,
      [deviceId, JSON.stringify({ exportLimitW: 800 })],
    );
    const { data } = await set(owner, deviceId, { exportLimitW: 1200 });
    await t.db.query('DELETE FROM devices WHERE id = $1', [deviceId]);
    for (const token of [owner, admin]) {
      const list = await get<CommandPage>(token, 'command/list', { deviceId });
      expect(list.data.total).toBe(1);
      expect(list.data.data[0]).toMatchObject({
        commandId: data.commandId,
        params: { exportLimitW: 1200 },
        before: { exportLimitW: 800 },
        ip: '127.0.0.1',
      });
      expect(list.data.data[0]!.userName).toMatch(/^user_/);
    }
    expect((await get(stranger, 'command/list', { deviceId })).status).toBe(Status.NO_PERMISSION);
    // Once the site goes, so does its audit.
    await t.db.query('DELETE FROM stations WHERE id = $1', [site]);
    expect((await get(owner, 'command/list', { deviceId })).status).toBe(Status.NO_PERMISSION);
  });
});
