import type { AddressLimit } from '@ems/contract/api/device-limits';
import { maxDevicesPerSite } from '@ems/contract/api/device-limits';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { call, siteForm } from './test-fleet';

describe('account and site limits hold under concurrent requests (issue 7 §3, §8, spec §9)', () => {
  let t: TestApp;

  /** A device in the inventory (on no site). */
  const stock = (sn: string) =>
    t.db.query(
      `INSERT INTO devices (station_id, name, serial_number, comm_serial_number, device_type, model, secret_hash)
       VALUES (NULL, $1, $1, $2, 'inverter', 'SUN-5K', 'x')`,
      [sn, `LG-${sn}`],
    );
  const ownedSites = async (userId: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stations WHERE owner_id = $1', [userId]))
      .rows[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lets exactly maxStations of six simultaneous creates through; the rest hear the limit', async () => {
    const user = await buildUser(t.db, { maxStations: 2 });
    const tok = await signIn(t.app, user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, tok, 'POST', 'create', siteForm({ stationName: `Race ${i}` })),
      ),
    );
    expect(answers.filter((a) => a.status === 0)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 0);
    expect(refused).toHaveLength(4);
    for (const a of refused)
      expect(a).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
    expect(await ownedSites(user.id)).toBe(2);
  });

  it('lets exactly maxDevices of five simultaneous adds through', async () => {
    const user = await buildUser(t.db, { maxDevices: 3 });
    const tok = await signIn(t.app, user);
    const site = (await buildStation(t.db, { ownerId: user.id })).id;
    const serials = Array.from({ length: 5 }, (_, i) => `RACE-D${i}`);
    for (const sn of serials) await stock(sn);
    const answers = await Promise.all(
      serials.map((sn) =>
        call(t.app, tok, 'POST', 'device/add', {
          stationId: site,
          serialNumber: sn,
          commSerialNumber: `LG-${sn}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.status === Status.LIMIT_REACHED)).toHaveLength(2);
    const listed = await call<unknown[]>(t.app, tok, 'GET', 'device/list', { stationId: site });
    expect(listed.data).toHaveLength(3);
  });

  it('refuses a device on a site whose bus addresses (confType 3) are all taken', async () => {
    const user = await buildUser(t.db);
    const tok = await signIn(t.app, user);
    const site = (await buildStation(t.db, { ownerId: user.id })).id;
    for (let i = 0; i < maxDevicesPerSite(); i++)
      await buildDevice(t.db, { stationId: site, deviceType: 'meter' });
    await stock('BUS-FULL');
    const over = await call(t.app, tok, 'POST', 'device/add', {
      stationId: site,
      serialNumber: 'BUS-FULL',
      commSerialNumber: 'LG-BUS-FULL',
    });
    expect(over).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
    const other = (await buildStation(t.db, { ownerId: user.id })).id;
    const elsewhere = await call(t.app, tok, 'POST', 'device/add', {
      stationId: other,
      serialNumber: 'BUS-FULL',
      commSerialNumber: 'LG-BUS-FULL',
    });
    expect(elsewhere.status).toBe(0);
    // Moving a device onto the full site is refused the same way and moves nothing.
    const moveIn = await call(t.app, tok, 'POST', 'device/move', {
      deviceId: (elsewhere.data as { deviceId: number }).deviceId,
      stationId: site,
    });
    expect(moveIn).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
    const onOther = await call<unknown[]>(t.app, tok, 'GET', 'device/list', { stationId: other });
    expect(onOther.data).toHaveLength(1);
  });

  it('answers the base address limits of configure/device/base/address/limit', async () => {
    const tok = await signIn(t.app, await buildUser(t.db));
    const res = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/configure/device/base/address/limit?confTypes=3&confTypes=42',
      headers: { token: tok },
    });
    const body = res.json() as { status: number; data: AddressLimit[] };
    expect(body.status).toBe(0);
    expect(body.data).toEqual([{ confType: 3, minAddress: 1, maxAddress: 32, maxDevices: 32 }]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/configure/device/base/address/limit?confTypes=3',
    });
    expect((anonymous.json() as { status: number }).status).not.toBe(0);
  });
});
