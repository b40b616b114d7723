import type { GroupNode } from '@ems/contract/api/fleet';
import type { StationBaseInfo } from '@ems/contract/api/station';
import { DEFAULT_MAX_STATIONS } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn, writeSynthetic } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { runHistoryPurges } from './history-purge';
import { call, siteForm } from './test-fleet';

describe('station create, modify, del (issue 7 §1, §8)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let ownerId: number;
  let otherId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    ownerId = owner.id;
    otherId = other.id;
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

  it('creates a site the owner then sees in base info, under the default group', async () => {
    const created = await call<{ stationId: number }>(t.app, token, 'POST', 'create', siteForm());
    expect(created.status).toBe(0);
    const info = await call<StationBaseInfo>(t.app, token, 'GET', 'baseinfo', {
      stationId: created.data.stationId,
    });
    expect(info.data).toMatchObject({
      stationName: 'Roof Alpha',
      address: 'Na Příkopě 1, Praha',
      capacity: 9.9,
      systemType: 1,
      templateCode: 'pv',
      timeZone: 'Europe/Prague',
      currency: 'CZK',
      areaCode: null,
    });
    const tree = await call<GroupNode[]>(t.app, token, 'GET', 'filter/tree');
    const holder = tree.data.find((g) => g.subStations.some((s) => s.stationId === created.data.stationId));
    expect(holder?.isDefault).toBe(true);
    expect(info.data.groupId).toBe(holder?.id);
  });

  it('modifies the owner’s site and refuses another user’s (nothing changes)', async () => {
    const { data } = await call<{ stationId: number }>(
      t.app,
      token,
      'POST',
      'create',
      siteForm({ stationName: 'Before' }),
    );
    const changed = await call(t.app, token, 'PUT', 'modify', {
      ...siteForm({ stationName: 'After', systemType: 6, templateCode: 'storage', capacity: 13.5 }),
      stationId: data.stationId,
    });
    expect(changed.status).toBe(0);
    const info = await call<StationBaseInfo>(t.app, token, 'GET', 'baseinfo', { stationId: data.stationId });
    expect(info.data).toMatchObject({ stationName: 'After', systemType: 6, capacity: 13.5 });

    const foreign = await call(t.app, otherToken, 'PUT', 'modify', {
      ...siteForm({ stationName: 'Hijacked' }),
      stationId: data.stationId,
    });
    expect(foreign).toMatchObject({ http: 200, status: Status.NO_PERMISSION, msg: 'No operation authority' });
    const missing = await call(t.app, token, 'PUT', 'modify', { ...siteForm(), stationId: 999_999 });
    expect(missing.status).toBe(Status.NO_PERMISSION);
    const again = await call<StationBaseInfo>(t.app, token, 'GET', 'baseinfo', { stationId: data.stationId });
    expect(again.data.stationName).toBe('After');
  });

  it('applies the spec §5 rules with their messages on both sides', async () => {
    const short = await call(t.app, token, 'POST', 'create', siteForm({ stationName: 'A' }));
    expect(short).toMatchObject({ http: 200, status: Status.ILLEGAL_INPUT, data: { field: 'stationName' } });
    const angle = await call(t.app, token, 'POST', 'create', siteForm({ address: 'a <b>' }));
    expect(angle.data).toEqual({ field: 'address' });
    const lon = await call(t.app, token, 'POST', 'create', siteForm({ longitude: 181 }));
    expect(lon).toMatchObject({ status: Status.OUT_OF_RANGE, msg: 'Data out of range' });
    const template = await call(t.app, token, 'POST', 'create', siteForm({ templateCode: 'ups' }));
    expect(template).toMatchObject({
      status: Status.ILLEGAL_INPUT,
      msg: 'Choose a value from the list',
      data: { field: 'templateCode' },
    });
    const zone = await call(t.app, token, 'POST', 'create', siteForm({ timeZone: 'Mars/Olympus' }));
    expect(zone.data).toEqual({ field: 'timeZone' });
    const currency = await call(t.app, token, 'POST', 'create', siteForm({ currency: 'XXQ', languageId: 2 }));
    expect(currency).toMatchObject({ msg: '请从列表中选择', data: { field: 'currency' } });
  });

  it('says "cannot be empty" for an empty longitude, latitude or capacity (issue 24 item 4)', async () => {
    const before = await count('stations WHERE owner_id = $1', [ownerId]);
    for (const field of ['longitude', 'latitude', 'capacity']) {
      for (const empty of ['', null, undefined]) {
        const res = await call(t.app, token, 'POST', 'create', siteForm({ [field]: empty }));
        expect(res, `${field}=${String(empty)}`).toMatchObject({
          http: 200,
          status: Status.ILLEGAL_INPUT,
          msg: 'This field cannot be empty',
          data: { field },
        });
      }
    }
    const zh = await call(t.app, token, 'POST', 'create', siteForm({ longitude: '', languageId: 2 }));
    expect(zh.msg).toBe('不能为空');
    expect(await count('stations WHERE owner_id = $1', [ownerId])).toBe(before);
  });

  it('refuses a site past the account’s limit with "quantity reached upper limit"', async () => {
    const user = await buildUser(t.db, { maxStations: 1 });
    const tok = await signIn(t.app, user);
    expect((await call(t.app, tok, 'POST', 'create', siteForm())).status).toBe(0);
    const over = await call(t.app, tok, 'POST', 'create', siteForm());
    expect(over).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
    expect(await count('stations WHERE owner_id = $1', [user.id])).toBe(1);
    expect(DEFAULT_MAX_STATIONS).toBeGreaterThan(1);
  });

  it('deletes a site: devices back to the inventory, history deleted in the background', async () => {
    const station = await buildStation(t.db, { ownerId });
    const device = await buildDevice(t.db, {
      stationId: station.id,
      deviceType: 'inverter',
      commSerialNumber: 'C1',
    });
    const now = Date.now();
    await writeSynthetic(t.db, device, now - 30 * 60_000, now, 5, () => ({ w: 500 }));
    expect(await count('telemetry WHERE device_id = $1', [device.id])).toBe(6);

    const foreign = await call(t.app, otherToken, 'POST', 'del', { stationId: station.id });
    expect(foreign.status).toBe(Status.NO_PERMISSION);
    expect(await count('stations WHERE id = $1', [station.id])).toBe(1);

    const del = await call(t.app, token, 'POST', 'del', { stationId: station.id });
    expect(del.data).toEqual({ stationId: station.id, devicesReleased: 1, historyQueued: true });
    expect(await count('stations WHERE id = $1', [station.id])).toBe(0);
    expect(await count('devices WHERE id = $1 AND station_id IS NULL', [device.id])).toBe(1);
    await runHistoryPurges(t.db);
    expect(await count('telemetry WHERE device_id = $1', [device.id])).toBe(0);
    expect(await count('history_purges WHERE done_at IS NULL')).toBe(0);
    const gone = await call(t.app, token, 'GET', 'baseinfo', { stationId: station.id });
    expect(gone.status).toBe(Status.NO_PERMISSION);
    expect(otherId).toBeGreaterThan(0);
  });
});
