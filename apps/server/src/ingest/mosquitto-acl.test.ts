/**
 * Issue 32 on an external broker: Mosquitto running with the ACL file the platform writes
 * (mosquitto-acl.ts) and a password file lets a gateway publish for the devices on its own site, and drops
 * what another device publishes for them and what the gateway publishes for a device of another site. A
 * device the gateway announces after the file was written loses nothing: the gateway holds its samples
 * until the platform's confirmation reaches it, which Mosquitto lets through once the file lists it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simInverter } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { buildTestApp, type TestApp } from '../test/helper';
import { renderMosquittoAcl } from './mosquitto-acl';
import { stopGatewayRig } from './test-gateway';
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
let gw2: Gateway | undefined;
let modbus2: SunSpecServer | undefined;
let gateway: TestDevice;
let gateway2: TestDevice;
let aclFile: string;
let child: TestDevice;
let stranger: TestDevice;
const bufferDir = mkdtempSync(join(tmpdir(), 'gw-acl-'));
const bufferDir2 = mkdtempSync(join(tmpdir(), 'gw-acl-new-'));
const INGEST_PASSWORD = 'ingest-secret';

beforeAll(async () => {
  t = await buildTestApp();
  const site = await createTestStation(t.db);
  gateway = await createTestDevice(t.db, 'gateway', site);
  // A device the gateway announced earlier, so it is in the ACL file written now.
  child = await createTestDevice(t.db, 'inverter', site);
  stranger = await createTestDevice(t.db, 'inverter');
  // A gateway on a site of its own, that has announced nothing yet.
  gateway2 = await createTestDevice(t.db, 'gateway');
  const acl = await renderMosquittoAcl(t.db, 'ems-ingest');
  mq = await startTestMosquitto((dir) => {
    const passwords = join(dir, 'passwords');
    writeFileSync(passwords, '');
    for (const [user, pw] of [
      ['ems-ingest', INGEST_PASSWORD],
      [gateway.sn, gateway.secret],
      [stranger.sn, stranger.secret],
      [gateway2.sn, gateway2.secret],
    ])
      execFileSync('mosquitto_passwd', ['-b', passwords, user!, pw!]);
    aclFile = join(dir, 'acl');
    writeFileSync(aclFile, acl);
    return `allow_anonymous false\npassword_file ${passwords}\nacl_file ${aclFile}\n`;
  });
  const port = new URL(mq.url).port;
  ing = await startTestIngest({
    db: t.db,
    config: t.config,
    mqttUrl: `mqtt://ems-ingest:${INGEST_PASSWORD}@127.0.0.1:${port}`,
  });
  modbus = await startSunSpecServer([simInverter(1, child.sn), simInverter(2, stranger.sn)]);
});

afterAll(() =>
  stopGatewayRig({
    gateways: [gw, gw2],
    modbus: [modbus, modbus2],
    ingest: ing,
    mosquitto: mq,
    app: t,
    bufferDirs: [bufferDir, bufferDir2],
  }),
);

const watts = async (deviceId: number) =>
  (
    await t.db.query<{ w: number }>('SELECT w FROM telemetry WHERE device_id = $1 ORDER BY ts', [deviceId])
  ).rows.map((r) => r.w);

const storedTs = async (deviceId: number) =>
  new Set(
    (await t.db.query<{ ts: Date }>('SELECT ts FROM telemetry WHERE device_id = $1', [deviceId])).rows.map(
      (r) => new Date(r.ts).getTime(),
    ),
  );

const deviceIdOf = async (sn: string) =>
  (await t.db.query<{ id: number }>('SELECT id FROM devices WHERE serial_number = $1', [sn])).rows[0]?.id;

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

  it('holds a newly announced device’s samples until the ACL file lists it, then every one is stored', async () => {
    const sn = `N${randomBytes(5).toString('hex').toUpperCase()}`;
    modbus2 = await startSunSpecServer([simInverter(1, sn)]);
    const polled: number[] = [];
    gw2 = startGateway(
      {
        mqtt: ing.mqttUrl.replace(/\/\/[^@]*@/, '//'),
        serialNumber: gateway2.sn,
        secret: gateway2.secret,
        modbus: [modbus2.url],
        unitIds: [1],
        pollSeconds: 1,
        bufferDir: bufferDir2,
        maxBuffered: 100_000,
      },
      undefined,
      { onRecords: (records) => polled.push(...records.filter((r) => r.sn === sn).map((r) => r.ts)) },
    );
    // The platform creates the device at once; Mosquitto's file does not list it yet, so the broker would
    // acknowledge and drop whatever the gateway sent for it.
    await ing.waitFor(async () => (await deviceIdOf(sn)) !== undefined && polled.length >= 3, 30_000);
    const id = (await deviceIdOf(sn))!;
    expect(await storedTs(id)).toEqual(new Set());
    expect(gw2.confirmed().has(sn)).toBe(false);
    expect(gw2.buffered()).toBeGreaterThanOrEqual(3);
    const beforeAcl = [...polled];

    // `npm run mosquitto-acl` and a SIGHUP, as the systemd timer of docs/gateway.md does.
    writeFileSync(aclFile, await renderMosquittoAcl(t.db, 'ems-ingest'));
    mq.reload();
    await ing.waitFor(async () => {
      const stored = await storedTs(id);
      return beforeAcl.every((ts) => stored.has(ts));
    }, 60_000);
    expect(gw2.confirmed().has(sn)).toBe(true);
    expect(gw2.dropped()).toBe(0);
  }, 120_000);
});
