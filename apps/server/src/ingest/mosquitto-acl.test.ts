/**
 * Issue 32 on an external broker: Mosquitto running with the ACL file the platform writes
 * (mosquitto-acl.ts) and a password file lets a gateway publish for the devices on its own site, and drops
 * what another device publishes for them and what the gateway publishes for a device of another site.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simInverter } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { buildTestApp, type TestApp } from '../test/helper';
import { renderMosquittoAcl } from './mosquitto-acl';
import {
  createTestDevice,
  createTestStation,
  startTestIngest,
  type TestDevice,
  type TestIngest,
} from './test-ingest';
import { startTestMosquitto, type TestMosquitto } from './test-mosquitto';

let t: TestApp;
let mq: TestMosquitto;
let ing: TestIngest;
let modbus: SunSpecServer;
let gw: Gateway | undefined;
let gateway: TestDevice;
let child: TestDevice;
let stranger: TestDevice;
const bufferDir = mkdtempSync(join(tmpdir(), 'gw-acl-'));
const INGEST_PASSWORD = 'ingest-secret';

beforeAll(async () => {
  t = await buildTestApp();
  const site = await createTestStation(t.db);
  gateway = await createTestDevice(t.db, 'gateway', site);
  // A device the gateway announced earlier, so it is in the ACL file written now.
  child = await createTestDevice(t.db, 'inverter', site);
  stranger = await createTestDevice(t.db, 'inverter');
  const acl = await renderMosquittoAcl(t.db, 'ems-ingest');
  mq = await startTestMosquitto((dir) => {
    const passwords = join(dir, 'passwords');
    writeFileSync(passwords, '');
    for (const [user, pw] of [
      ['ems-ingest', INGEST_PASSWORD],
      [gateway.sn, gateway.secret],
      [stranger.sn, stranger.secret],
    ])
      execFileSync('mosquitto_passwd', ['-b', passwords, user!, pw!]);
    writeFileSync(join(dir, 'acl'), acl);
    return `allow_anonymous false\npassword_file ${passwords}\nacl_file ${join(dir, 'acl')}\n`;
  });
  const port = new URL(mq.url).port;
  ing = await startTestIngest({
    db: t.db,
    config: t.config,
    mqttUrl: `mqtt://ems-ingest:${INGEST_PASSWORD}@127.0.0.1:${port}`,
  });
  modbus = await startSunSpecServer([simInverter(1, child.sn), simInverter(2, stranger.sn)]);
});

afterAll(async () => {
  await gw?.stop();
  await modbus?.close();
  await ing?.stop();
  await mq?.dispose();
  await t?.close();
  rmSync(bufferDir, { recursive: true, force: true });
});

const watts = async (deviceId: number) =>
  (
    await t.db.query<{ w: number }>('SELECT w FROM telemetry WHERE device_id = $1 ORDER BY ts', [deviceId])
  ).rows.map((r) => r.w);

describe('a gateway on Mosquitto with the platform’s ACL file', () => {
  it('publishes for the devices on its site only, and nobody else may publish for them', async () => {
    // Another device tries first: Mosquitto drops it (its PUBACK still comes, MQTT 3.1.1).
    const other = await ing.connectDevice(stranger);
    await other.publishAsync(
      topics.telemetry(child.sn),
      JSON.stringify({ ts: Date.now() - 60_000, points: { W: 99999 } }),
      {
        qos: 1,
      },
    );
    gw = startGateway({
      mqtt: ing.mqttUrl.replace(/\/\/[^@]*@/, '//'),
      serialNumber: gateway.sn,
      secret: gateway.secret,
      modbus: [modbus.url],
      unitIds: [1, 2],
      pollSeconds: 1,
      bufferDir,
      maxBuffered: 100_000,
    });
    await ing.waitFor(async () => (await watts(child.id)).length >= 2, 30_000);
    expect((await watts(child.id)).every((w) => w === 3120)).toBe(true);
    // The device of another site behind the same Modbus address: the gateway's samples for it are dropped.
    expect(await watts(stranger.id)).toEqual([]);
  });
});
