/**
 * Issue 32: a gateway sends a device's data only once the platform confirmed the device
 * (docs/device-protocol.md §11), through the embedded broker. A device it reads whose serial number is on
 * another site is never confirmed: its samples stay held on the gateway's disk, the link stays up, and the
 * devices the platform confirmed are sent and leave the buffer meanwhile.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simInverter } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { buildTestApp, type TestApp } from '../test/helper';
import { stopGatewayRig } from './test-gateway';
import {
  createTestDevice,
  createTestStation,
  startTestIngest,
  type TestDevice,
  type TestIngest,
} from './test-ingest';

let t: TestApp;
let ing: TestIngest;
let modbus: SunSpecServer;
let gw: Gateway | undefined;
let gateway: TestDevice;
let elsewhere: TestDevice;
const bufferDir = mkdtempSync(join(tmpdir(), 'gw-hold-'));
const NEW_SN = 'GH-INV-1';

beforeAll(async () => {
  t = await buildTestApp();
  ing = await startTestIngest({ db: t.db, config: t.config, mqttUrl: null });
  gateway = await createTestDevice(t.db, 'gateway', await createTestStation(t.db));
  elsewhere = await createTestDevice(t.db, 'inverter');
  modbus = await startSunSpecServer([simInverter(1, NEW_SN), simInverter(2, elsewhere.sn)]);
});

afterAll(() =>
  stopGatewayRig({ gateways: [gw], modbus: [modbus], ingest: ing, app: t, bufferDirs: [bufferDir] }),
);

const samplesOf = async (sn: string) =>
  Number(
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM telemetry t JOIN devices d ON d.id = t.device_id
          WHERE d.serial_number = $1`,
        [sn],
      )
    ).rows[0]?.n ?? 0,
  );

describe('a gateway holding a device the platform did not confirm', () => {
  it('keeps that device’s samples on disk and sends the confirmed one’s', async () => {
    let heldPolled = 0;
    gw = startGateway(
      {
        mqtt: ing.mqttUrl,
        serialNumber: gateway.sn,
        secret: gateway.secret,
        modbus: [modbus.url],
        unitIds: [1, 2],
        pollSeconds: 1,
        bufferDir,
        maxBuffered: 100_000,
      },
      undefined,
      { onRecords: (records) => (heldPolled += records.filter((r) => r.sn === elsewhere.sn).length) },
    );
    await ing.waitFor(async () => (await samplesOf(NEW_SN)) >= 3, 30_000);
    expect(gw.confirmed()).toEqual(new Set([NEW_SN]));
    // Everything polled and not held has left the buffer: only the unconfirmed device's samples wait.
    await ing.waitFor(() => gw!.buffered() === heldPolled, 30_000);
    expect(heldPolled).toBeGreaterThanOrEqual(3);
    expect(await samplesOf(elsewhere.sn)).toBe(0);
    expect(ing.broker!.isConnected(gateway.sn)).toBe(true);
    expect(readdirSync(join(bufferDir, 'held'))).toEqual([Buffer.from(elsewhere.sn).toString('hex')]);
    expect(gw.dropped()).toBe(0);
  }, 60_000);
});
