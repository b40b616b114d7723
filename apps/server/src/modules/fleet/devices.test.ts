import type { DeviceInfo } from '@ems/contract/api/station';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn, writeSynthetic } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { runHistoryPurges } from './history-purge';
import { call } from './test-fleet';

describe('devices of an owner’s site (issue 7 §3, §8)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let home = 0;
  let cabin = 0;
  let foreign = 0;

  const list = async (stationId: number, tok = token) =>
    call<DeviceInfo[]>(t.app, tok, 'GET', 'device/list', { stationId });
  /** A device in the inventory (on no site). */
  const stock = (sn: string, comm: string) =>
    t.db.query(
      `INSERT INTO devices (station_id, name, serial_number, comm_serial_number, device_type, model, secret_hash)
       VALUES (NULL, $1, $1, $2, 'inverter', 'SUN-5K', 'x') RETURNING id`,
      [sn, comm],
    );

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    home = (await buildStation(t.db, { ownerId: owner.id, name: 'Home' })).id;
    cabin = (await buildStation(t.db, { ownerId: owner.id, name: 'Cabin' })).id;
    foreign = (await buildStation(t.db, { ownerId: other.id, name: 'Foreign' })).id;
  });
  afterAll(() => t.close());

  it('adds an inventory device by both serial numbers and lists it', async () => {
    await stock('INV-0001', 'LG-0001');
    const add = await call<{ deviceId: number }>(t.app, token, 'POST', 'device/add', {
      stationId: home,
      serialNumber: 'INV-0001',
      commSerialNumber: 'LG-0001',
      name: 'Roof inverter',
    });
    expect(add.status).toBe(0);
    const devices = (await list(home)).data;
    expect(devices).toEqual([
      expect.objectContaining({
        deviceId: add.data.deviceId,
        name: 'Roof inverter',
        serialNumber: 'INV-0001',
        commSerialNumber: 'LG-0001',
        type: 'inverter',
        model: 'SUN-5K',
        online: false,
        lastSeen: null,
      }),
    ]);
  });

  it('tells apart a wrong pair, a device already the caller’s and one another account holds', async () => {
    await stock('INV-0002', 'LG-0002');
    const body = { stationId: home, serialNumber: 'INV-0002', commSerialNumber: 'LG-9999' };
    const wrong = await call(t.app, token, 'POST', 'device/add', body);
    expect(wrong).toMatchObject({ status: Status.ILLEGAL_INPUT, data: { field: 'commSerialNumber' } });
    expect(wrong.msg).toBe('No device has this serial number and communication serial number');
    const unknown = await call(t.app, token, 'POST', 'device/add', { ...body, serialNumber: 'NOPE' });
    expect(unknown.msg).toBe(wrong.msg);

    const mine = await call(t.app, token, 'POST', 'device/add', { ...body, commSerialNumber: 'LG-0002' });
    expect(mine.status).toBe(0);
    const again = await call(t.app, token, 'POST', 'device/add', {
      ...body,
      stationId: cabin,
      commSerialNumber: 'LG-0002',
      languageId: 2,
    });
    expect(again).toMatchObject({ status: Status.CONFLICT, msg: '您已拥有该设备' });
    const theirs = await call(t.app, otherToken, 'POST', 'device/add', {
      stationId: foreign,
      serialNumber: 'INV-0002',
      commSerialNumber: 'LG-0002',
    });
    expect(theirs).toMatchObject({
      status: Status.CONFLICT,
      msg: 'This device is registered to another account',
    });
  });

  it('refuses another user’s site or device with no permission and changes nothing', async () => {
    await stock('INV-0003', 'LG-0003');
    const onForeign = await call(t.app, token, 'POST', 'device/add', {
      stationId: foreign,
      serialNumber: 'INV-0003',
      commSerialNumber: 'LG-0003',
    });
    expect(onForeign.status).toBe(Status.NO_PERMISSION);
    const [mine] = (await list(home)).data;
    const id = mine!.deviceId;
    for (const [path, body] of [
      ['device/edit', { deviceId: id, name: 'Stolen' }],
      ['device/move', { deviceId: id, stationId: foreign }],
      ['device/del', { deviceId: id }],
    ] as const) {
      expect((await call(t.app, otherToken, 'POST', path, body)).status).toBe(Status.NO_PERMISSION);
    }
    expect(
      (await call(t.app, token, 'POST', 'device/move', { deviceId: id, stationId: foreign })).status,
    ).toBe(Status.NO_PERMISSION);
    expect((await list(home, otherToken)).status).toBe(Status.NO_PERMISSION);
    expect((await list(home)).data.find((d) => d.deviceId === id)?.name).toBe('Roof inverter');
  });

  it('renames, moves to another own site, removes and adds the same device again', async () => {
    const device = await buildDevice(t.db, {
      stationId: home,
      deviceType: 'meter',
      serialNumber: 'MTR-1',
      commSerialNumber: 'LG-M1',
    });
    const now = Date.now();
    await writeSynthetic(t.db, device, now - 20 * 60_000, now, 5, () => ({ w: 100 }));
    expect(
      (await call(t.app, token, 'POST', 'device/edit', { deviceId: device.id, name: 'Grid meter' })).status,
    ).toBe(0);
    expect(
      (await call(t.app, token, 'POST', 'device/move', { deviceId: device.id, stationId: cabin })).status,
    ).toBe(0);
    const inCabin = (await list(cabin)).data;
    expect(inCabin).toEqual([
      expect.objectContaining({ deviceId: device.id, name: 'Grid meter', online: true }),
    ]);

    expect((await call(t.app, token, 'POST', 'device/del', { deviceId: device.id })).status).toBe(0);
    expect((await list(cabin)).data).toEqual([]);
    await runHistoryPurges(t.db);
    const left = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1',
      [device.id],
    );
    expect(left.rows[0]!.n).toBe(0);

    const back = await call(t.app, token, 'POST', 'device/add', {
      stationId: home,
      serialNumber: 'MTR-1',
      commSerialNumber: 'LG-M1',
    });
    expect(back.data).toEqual({ deviceId: device.id, stationId: home });
    expect((await list(home)).data.find((d) => d.deviceId === device.id)).toMatchObject({ online: false });
  });

  it('stops at the account’s device limit with "quantity reached upper limit"', async () => {
    const user = await buildUser(t.db, { maxDevices: 1 });
    const tok = await signIn(t.app, user);
    const site = (await buildStation(t.db, { ownerId: user.id })).id;
    await buildDevice(t.db, { stationId: site, deviceType: 'meter' });
    await stock('INV-0004', 'LG-0004');
    const over = await call(t.app, tok, 'POST', 'device/add', {
      stationId: site,
      serialNumber: 'INV-0004',
      commSerialNumber: 'LG-0004',
    });
    expect(over).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
  });
});
