/**
 * Issue 7 §9: a device the administrator imported and an owner added by its two serial numbers connects
 * over MQTT with the secret the import answered, and what it sends shows on the owner's station page
 * (list/real), and to no one else.
 */
import type { StationReal } from '@ems/contract/api/station';
import { topics } from '@ems/contract/telemetry';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../../ingest/broker';
import { startIngest } from '../../ingest/ingest';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { importInventory } from '../admin/inventory';
import { call } from './test-fleet';

describe('an added inventory device reports to its owner’s station page (issue 7 §3, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('connects with the imported secret and its power shows in list/real', async () => {
    const [answer] = await importInventory(t.db, {
      devices: [
        {
          serialNumber: 'MQTT-OWN-1',
          commSerialNumber: 'LG-OWN-1',
          type: 'inverter',
          model: 'SUN-5K',
          manufacturer: 'Deye',
        },
      ],
    });
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    const site = (await buildStation(t.db, { ownerId: owner.id, name: 'Roof' })).id;
    const added = await call<{ deviceId: number }>(t.app, token, 'POST', 'device/add', {
      stationId: site,
      serialNumber: 'MQTT-OWN-1',
      commSerialNumber: 'LG-OWN-1',
    });
    expect(added.status).toBe(0);

    const log = pino({ level: 'silent' });
    const broker = await startEmbeddedBroker({
      db: t.db,
      config: { ...t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
      log,
      holdForIngest: true,
    });
    const ingest = await startIngest({ db: t.db, log, broker });
    const client = await mqtt.connectAsync(broker.url, {
      username: 'MQTT-OWN-1',
      password: answer!.secret,
      clientId: 'MQTT-OWN-1',
      reconnectPeriod: 0,
    });
    try {
      // QoS 1: the PUBACK comes after the sample is committed (decision 0011).
      await client.publishAsync(
        topics.telemetry('MQTT-OWN-1'),
        JSON.stringify({ ts: Date.now(), points: { W: 4321, St: 4 } }),
        { qos: 1 },
      );
    } finally {
      await client.endAsync(true);
      await ingest.stop();
      await broker.stop();
    }

    const real = await call<StationReal[]>(t.app, token, 'GET', 'list/real', { stationIds: site });
    expect(real.status).toBe(0);
    const device = real.data[0]!.devices!.find((d) => d.deviceId === added.data.deviceId);
    expect(device?.points).toMatchObject({ W: 4321, St: 4 });
    const foreign = await call(t.app, otherToken, 'GET', 'list/real', { stationIds: site });
    expect(foreign.status).not.toBe(0);
  });
});
