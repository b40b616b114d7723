/**
 * Issue 32 end to end: a gateway imported into the inventory and added to a site polls a SunSpec Modbus TCP
 * server (five devices behind one address) and publishes through the embedded broker; its devices appear on
 * the gateway's site with their telemetry and alarms, and nobody else may publish for them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simInverter, simMeter, simStorage } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { call } from '../modules/fleet/test-fleet';
import { buildTestApp, type TestApp } from '../test/helper';
import { installTestGateway, stopGatewayRig } from './test-gateway';
import { startTestIngest, type TestIngest } from './test-ingest';

let t: TestApp;
let ing: TestIngest;
let modbus: SunSpecServer;
let gw: Gateway | undefined;
let site = 0;
let token = '';
let gwSecret = '';
const bufferDir = mkdtempSync(join(tmpdir(), 'gw-it-'));
const CHILDREN = ['GI-INV-1', 'GI-INV-2', 'GI-BAT-3', 'GI-MTR-4', 'GI-INV-5'];

beforeAll(async () => {
  t = await buildTestApp();
  // The embedded broker in every pass: this file checks its live ACL (nobody but the gateway publishes for
  // its devices). On Mosquitto that is the ACL file's job (mosquitto-acl.test.ts); announcements and
  // commands through MQTT_URL's broker: gateway-params.test.ts.
  ing = await startTestIngest({ db: t.db, config: t.config, mqttUrl: null });
  modbus = await startSunSpecServer([
    simInverter(1, 'GI-INV-1'),
    simInverter(2, 'GI-INV-2', 0),
    simStorage(3, 'GI-BAT-3'),
    simMeter(4, 'GI-MTR-4', 50000),
    simInverter(5, 'GI-INV-5'),
  ]);
  // The administrator imports the gateway (type gateway), the owner adds it to a site by its two serial numbers.
  const installed = await installTestGateway(t, {
    serialNumber: 'GI-GW-1',
    commSerialNumber: 'GI-LBL-1',
    siteName: 'Gateway site',
  });
  gwSecret = installed.secret;
  token = installed.token;
  site = installed.siteId;
});

afterAll(() =>
  stopGatewayRig({ gateways: [gw], modbus: [modbus], ingest: ing, app: t, bufferDirs: [bufferDir] }),
);

const siteDevices = async () =>
  (
    await t.db.query<{ id: number; serial_number: string; name: string; device_type: string }>(
      'SELECT id, serial_number, name, device_type FROM devices WHERE station_id = $1 ORDER BY serial_number',
      [site],
    )
  ).rows;
const latestPoints = async (sn: string) =>
  (
    await t.db.query<{ points: Record<string, unknown>; w: number | null; soc: number | null }>(
      `SELECT l.points, t.w, t.soc FROM device_latest l JOIN devices d ON d.id = l.device_id
         JOIN telemetry t ON t.device_id = d.id AND t.ts = l.ts WHERE d.serial_number = $1`,
      [sn],
    )
  ).rows[0];

describe('a SunSpec gateway on a site', () => {
  it('creates the five devices it reads on its own site and stores their telemetry with SunSpec names', async () => {
    gw = startGateway({
      mqtt: ing.mqttUrl,
      serialNumber: 'GI-GW-1',
      secret: gwSecret,
      modbus: [modbus.url],
      unitIds: [1, 2, 3, 4, 5],
      pollSeconds: 1,
      bufferDir,
      maxBuffered: 100_000,
    });
    await ing.waitFor(async () => (await siteDevices()).length === 6, 30_000);
    const devices = await siteDevices();
    expect(devices.map((d) => [d.serial_number, d.device_type])).toEqual([
      ['GI-BAT-3', 'battery'],
      ['GI-GW-1', 'gateway'],
      ['GI-INV-1', 'inverter'],
      ['GI-INV-2', 'inverter'],
      ['GI-INV-5', 'inverter'],
      ['GI-MTR-4', 'meter'],
    ]);
    expect(devices.find((d) => d.serial_number === 'GI-INV-1')?.name).toBe('Acme Solar SX-5000');
    await ing.waitFor(async () => {
      for (const sn of CHILDREN) if (!(await latestPoints(sn))) return false;
      return true;
    }, 30_000);
    expect(await latestPoints('GI-INV-1')).toMatchObject({
      w: 3120,
      points: { W: 3120, WH: 15400123, PhVphA: 230.5, Hz: 50.02, A: 13.52, DCW: 3250, St: 4 },
    });
    expect(await latestPoints('GI-BAT-3')).toMatchObject({
      soc: 48.5,
      points: { ChaState: 48.5, SoC: 48.5 },
    });
    expect((await latestPoints('GI-MTR-4'))?.points).toMatchObject({ W: 1500, TotWhImp: 12345000 });
    // The gateway takes its devices' commands: the dispatcher sees them reachable.
    await ing.waitFor(() => CHILDREN.every((sn) => ing.broker!.isConnected(sn)), 30_000);
    // Not-implemented values are left out, never stored as numbers.
    expect((await latestPoints('GI-INV-1'))?.points).not.toHaveProperty('PhVphB');
  });

  it('turns model 103 Evt1 bits into alarms that open and clear', async () => {
    modbus.set(1, 103, 'Evt1', 1 << 7); // OVER_TEMP
    const open = async () =>
      (
        await t.db.query<{ cleared_at: Date | null }>(
          `SELECT a.cleared_at FROM alarms a JOIN devices d ON d.id = a.device_id
            WHERE d.serial_number = 'GI-INV-1' AND a.alarm_code = 'Evt1:OVER_TEMP'`,
        )
      ).rows;
    await ing.waitFor(async () => (await open()).length === 1, 30_000);
    modbus.set(1, 103, 'Evt1', 0);
    await ing.waitFor(async () => (await open())[0]?.cleared_at != null, 30_000);
  });

  it('lets the owner rename a device it found, and nobody but the gateway publish for it', async () => {
    const inv = (await siteDevices()).find((d) => d.serial_number === 'GI-INV-2')!;
    const renamed = await call(t.app, token, 'POST', 'device/edit', {
      deviceId: inv.id,
      name: 'Garage roof',
    });
    expect(renamed.status).toBe(0);
    await gw!.pollNow();
    expect((await siteDevices()).find((d) => d.serial_number === 'GI-INV-2')?.name).toBe('Garage roof');
    // A device of another site may not publish for the gateway's devices: dropped, connection closed.
    const other = await ing.addDevice('inverter');
    const c = await ing.connectDevice(other);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(topics.telemetry('GI-INV-2'), JSON.stringify({ ts: Date.now(), points: { W: 99999 } }), {
      qos: 1,
    });
    await closed;
    expect((await latestPoints('GI-INV-2'))?.points.W).toBe(3120);
  });
});
