/**
 * Issue 32 item 7 end to end: the owner sets a parameter of a device a gateway found, through the API; the
 * command travels through the broker to the gateway, which writes the SunSpec register of the simulated
 * device, reads it back and answers; the device's next sample verifies it, and the command history (what
 * the command screen reads) shows it. A parameter the device lacks ends the command as not supported.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CommandPage,
  DeviceParamsAnswer,
  DeviceParamsSetAnswer,
} from '@ems/contract/api/device-commands';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simControlledInverter, simHybridInverter } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { buildTestApp, type TestApp } from '../test/helper';
import { installTestGateway, stopGatewayRig } from './test-gateway';
import { startTestIngest, type TestIngest } from './test-ingest';

let t: TestApp;
let ing: TestIngest;
let modbus: SunSpecServer;
let gw: Gateway | undefined;
let token = '';
let deviceId = 0;
const bufferDir = mkdtempSync(join(tmpdir(), 'gw-params-'));

beforeAll(async () => {
  t = await buildTestApp();
  // The embedded broker, or MQTT_URL's (Mosquitto in CI's second pass): announcements and commands travel both.
  ing = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: t.queue } });
  modbus = await startSunSpecServer([
    simControlledInverter(1, 'GP-INV-1', 123),
    simHybridInverter(2, 'GP-HYB-1'),
  ]);
  const installed = await installTestGateway(t, {
    serialNumber: 'GP-GW-1',
    commSerialNumber: 'GP-LBL-1',
    siteName: 'Gateway params site',
  });
  token = installed.token;
  gw = startGateway({
    mqtt: ing.mqttUrl,
    serialNumber: 'GP-GW-1',
    secret: installed.secret,
    modbus: [modbus.url],
    unitIds: [1, 2],
    pollSeconds: 1,
    bufferDir,
    maxBuffered: 100_000,
  });
  // The device appears, reports its export limit (100 % of 5,000 W, off) and the gateway takes its commands.
  await ing.waitFor(async () => {
    const r = await t.db.query<{ device_id: number }>(
      `SELECT p.device_id FROM device_params p JOIN devices d ON d.id = p.device_id
        WHERE d.serial_number = 'GP-INV-1'`,
    );
    deviceId = r.rows[0]?.device_id ?? 0;
    return deviceId > 0;
  }, 30_000);
  // The embedded broker knows the gateway took the device's commands; an external one is trusted with them.
  if (ing.broker) await ing.waitFor(() => ing.broker!.isConnected('GP-INV-1'), 30_000);
});

afterAll(() =>
  stopGatewayRig({ gateways: [gw], modbus: [modbus], ingest: ing, app: t, bufferDirs: [bufferDir] }),
);

async function set(params: Record<string, unknown>, id = deviceId) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
    payload: { deviceId: id, params },
  });
  return res.json() as { status: number; data: DeviceParamsSetAnswer };
}

/** The device's command history as the command screen reads it. */
async function history(id = deviceId) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/webpvesc/ajax/device/command/list?deviceId=${id}&pageNum=1&pageSize=10`,
    headers: { [TOKEN_HEADER]: token },
  });
  return (res.json() as { data: CommandPage }).data.data;
}

const commandState = async (id: string, device = deviceId) =>
  (await history(device)).find((c) => c.commandId === id);

describe('remote settings of a device found by a gateway', () => {
  it('offers only the parameters the gateway can write to the device', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webpvesc/ajax/device/params?deviceId=${deviceId}`,
      headers: { [TOKEN_HEADER]: token },
    });
    const { data } = res.json() as { data: DeviceParamsAnswer };
    expect(data).toMatchObject({ deviceType: 'inverter', supported: ['antiBackflow', 'exportLimitW'] });
    expect(data.reported).toEqual({ antiBackflow: false, exportLimitW: 5000 });
  });

  it('writes the export limit to the device, reads it back, and the history shows it verified', async () => {
    const { status, data } = await set({ antiBackflow: true, exportLimitW: 1234 });
    expect(status).toBe(0);
    expect(data.sent.sort()).toEqual(['antiBackflow', 'exportLimitW']);
    await ing.waitFor(async () => (await commandState(data.commandId!))?.state === 'verified', 30_000);
    expect(await commandState(data.commandId!)).toMatchObject({
      params: { antiBackflow: true, exportLimitW: 1234 },
      before: { antiBackflow: false, exportLimitW: 5000 },
      reason: null,
    });
    // On the device: 24.7 % at WMaxLimPct_SF −1, limit enabled.
    expect(modbus.get(1, 123, 'WMaxLimPct')).toBe(247);
    expect(modbus.get(1, 123, 'WMaxLim_Ena')).toBe(1);
  });

  it('ends a parameter the device lacks as failed, naming it, and writes nothing', async () => {
    const { data } = await set({ socLowerOnGrid: 35, exportLimitW: 2000 });
    await ing.waitFor(async () => (await commandState(data.commandId!))?.state === 'failed', 30_000);
    expect(await commandState(data.commandId!)).toMatchObject({ reason: 'not supported: socLowerOnGrid' });
    expect(modbus.get(1, 123, 'WMaxLimPct')).toBe(247);
  });

  it('writes the battery charge power limit of a hybrid inverter to model 124 InWRte, verified by its next sample', async () => {
    let hybridId = 0;
    await ing.waitFor(async () => {
      const r = await t.db.query<{ device_id: number }>(
        `SELECT p.device_id FROM device_params p JOIN devices d ON d.id = p.device_id
          WHERE d.serial_number = 'GP-HYB-1'`,
      );
      hybridId = r.rows[0]?.device_id ?? 0;
      return hybridId > 0;
    }, 30_000);
    if (ing.broker) await ing.waitFor(() => ing.broker!.isConnected('GP-HYB-1'), 30_000);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webpvesc/ajax/device/params?deviceId=${hybridId}`,
      headers: { [TOKEN_HEADER]: token },
    });
    const params = (res.json() as { data: DeviceParamsAnswer }).data;
    expect(params.supported).toContain('chargePowerMaxW');
    // Neither rate on: the device's own 6,000 W.
    expect(params.reported).toMatchObject({ chargePowerMaxW: 6000, dischargePowerMaxW: 6000 });
    const { status, data } = await set({ chargePowerMaxW: 1200 }, hybridId);
    expect(status).toBe(0);
    await ing.waitFor(
      async () => (await commandState(data.commandId!, hybridId))?.state === 'verified',
      30_000,
    );
    expect(await commandState(data.commandId!, hybridId)).toMatchObject({
      params: { chargePowerMaxW: 1200 },
      before: { chargePowerMaxW: 6000 },
      reason: null,
    });
    // On the device: 20 % of WChaMax at 0.01 % steps, the CHARGE bit of StorCtl_Mod set.
    expect(modbus.get(2, 124, 'InWRte')).toBe(2000);
    expect(modbus.get(2, 124, 'StorCtl_Mod')).toBe(1);
  });
});
