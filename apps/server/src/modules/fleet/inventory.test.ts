/**
 * Issue 7 §3/§8 end to end on the server: the administrator imports a device and sets an owner's limits;
 * the owner adds the device by its two serial numbers; the logger connects over MQTT with the secret the
 * import answered, and its data appears on the owner's site.
 */
import type { ListRealSchema } from '@ems/contract/api/station';
import { Status } from '@ems/contract/status-codes';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestIngest, type TestIngest } from '../../ingest/test-ingest';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from '../admin/test-admin';
import { call, siteForm } from './test-fleet';

const MANAGE = '/owner_api/webpvesc/ajax/manage';

describe('inventory import, owner limits and a device added by its owner (issue 7 §3, §8)', () => {
  let t: TestApp;
  let ing: TestIngest;
  let adminToken: string;
  let token: string;
  let ownerId: number;
  let stationId: number;

  const manage = async <T>(tok: string, path: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${MANAGE}/${path}`,
      headers: { token: tok },
      payload,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: T }) };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ing = await startTestIngest({ db: t.db, config: t.config });
    const owner = await buildUser(t.db);
    ownerId = owner.id;
    [adminToken, token] = await Promise.all([signInAdmin(t.app), signIn(t.app, owner)]);
    stationId = (await buildStation(t.db, { ownerId, systemType: 1 })).id;
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });

  it('imports devices for the administrator only, once per serial number, answering each secret', async () => {
    const body = {
      devices: [
        {
          serialNumber: 'IMP-1',
          commSerialNumber: 'LG-IMP-1',
          type: 'inverter',
          model: 'X5',
          manufacturer: 'ACME',
        },
      ],
    };
    expect((await manage(token, 'devices/import', body)).status).toBe(Status.NO_PERMISSION);
    const imported = await manage<{ serialNumber: string; secret: string }[]>(
      adminToken,
      'devices/import',
      body,
    );
    expect(imported.status).toBe(0);
    expect(imported.data[0]).toMatchObject({
      serialNumber: 'IMP-1',
      secret: expect.stringMatching(/^[\w-]{43}$/),
    });
    const again = await manage(adminToken, 'devices/import', body);
    expect(again).toMatchObject({
      status: Status.ILLEGAL_INPUT,
      msg: 'A device with serial number IMP-1 already exists',
    });

    const added = await call<{ deviceId: number }>(t.app, token, 'POST', 'device/add', {
      stationId,
      serialNumber: 'IMP-1',
      commSerialNumber: 'LG-IMP-1',
    });
    expect(added.status).toBe(0);
    // The inventory's name is the model, not the serial number: a name reaches shared viewers (issue 19).
    const devices = await call<{ name: string }[]>(t.app, token, 'GET', 'device/list', { stationId });
    expect(devices.data.map((d) => d.name)).toEqual(['X5']);

    const logger = await ing.connectDevice({ sn: 'IMP-1', secret: imported.data[0]!.secret });
    const ts = Date.now() - 1000;
    await logger.publishAsync(topics.telemetry('IMP-1'), JSON.stringify({ ts, points: { W: 2100 } }), {
      qos: 1,
    });
    type ListReal = { data: z.infer<typeof ListRealSchema> };
    const listReal = async () =>
      (
        await t.app.inject({
          url: `/owner_api/webpvesc/ajax/station/list/real?stationIds=${stationId}`,
          headers: { token },
        })
      ).json() as ListReal;
    await ing.waitFor(async () => (await listReal()).data[0]?.flow.pvW === 2100, 10_000);
    await logger.endAsync();
  });

  it('lets the administrator set an owner’s limits; out of range is "data out of range"', async () => {
    const bad = await manage(adminToken, 'users/edit', { userId: ownerId, maxStations: -1 });
    expect(bad).toMatchObject({ status: Status.OUT_OF_RANGE, msg: 'Data out of range' });
    const set = await manage<{ maxStations: number | null; stationCount: number; deviceCount: number }>(
      adminToken,
      'users/edit',
      { userId: ownerId, maxStations: 1, maxDevices: 5 },
    );
    expect(set.data).toMatchObject({ maxStations: 1, maxDevices: 5, stationCount: 1, deviceCount: 1 });
    const refused = await call(t.app, token, 'POST', 'create', siteForm());
    expect(refused.status).toBe(Status.LIMIT_REACHED);
    await manage(adminToken, 'users/edit', { userId: ownerId, maxStations: null });
    expect((await call(t.app, token, 'POST', 'create', siteForm())).status).toBe(0);
  });
});
