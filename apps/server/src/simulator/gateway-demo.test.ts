/**
 * Issue 32, "Parts: The demo": with the simulator's demo gateway on, a demo home's SunSpec inverter,
 * battery and meter reach the platform through the real path (loopback Modbus TCP → the gateway → MQTT →
 * the ingest): the gateway's announcement creates them on the demo owner's gateway site, and the owner's
 * live values (station/list/real) show their model's values, decoded with their scale factors; a battery
 * reserve written to the battery's register becomes the model's and survives a restart.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelDef } from '../../../gateway/src/models';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { call } from '../modules/fleet/test-fleet';
import { signIn } from '../test/factories';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../test/helper';
import { type Simulator, startSimulator } from './fleet';
import { readSetting } from './fleet-store';

let t: TestApp;
let ing: TestIngest;
let sim: Simulator | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'gw-demo-'));
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp({
    SIMULATOR_SITES: '1',
    BACKFILL_DAYS: '0',
    SIMULATOR_INTERVAL_S: '1',
    DATA_DIR: dataDir,
  });
  // The embedded broker in every pass: the demo gateway runs only with it (docs/gateway.md, "Brokers").
  ing = await startTestIngest({ db: t.db, config: t.config, mqttUrl: null });
});

afterAll(async () => {
  await sim?.stop();
  await ing?.stop();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Real = {
  stationId: number;
  devices?: { deviceId: number; type: string; online: boolean; points: Record<string, unknown> }[];
};

const start = () =>
  startSimulator({ db: t.db, config: t.config, log, mqttUrl: ing.mqttUrl, gatewayDemo: true });

describe('the demo gateway site', () => {
  it("shows the gateway's SunSpec devices on the demo owner's site with live values", async () => {
    sim = await start();
    const demo = sim.gateway;
    expect(demo).not.toBeNull();
    const stationId = demo!.stationId;
    const token = await signIn(t.app, { loginName: DEMO_OWNER.username, password: DEMO_OWNER.password });

    const devices = async () =>
      (
        await call<{ serialNumber: string; type: string; name: string }[]>(
          t.app,
          token,
          'GET',
          'device/list',
          { stationId },
        )
      ).data ?? [];
    await ing.waitFor(async () => (await devices()).length === 4, 60_000);
    const listed = await devices();
    expect(listed.map((d) => d.type).sort()).toEqual(['battery', 'gateway', 'inverter', 'meter']);
    // Named from model 1 (Mn Md), as announced: nobody typed them in.
    for (const d of listed.filter((x) => x.type !== 'gateway')) expect(d.name).toMatch(/\S+ \S+/);

    const real = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/owner_api/webpvesc/ajax/station/list/real?stationIds=${stationId}`,
        headers: { token },
      });
      return (res.json() as { data: Real[] }).data[0];
    };
    await ing.waitFor(async () => {
      const r = await real();
      return ['inverter', 'battery', 'meter'].every((type) =>
        r?.devices?.some((d) => d.type === type && d.online && typeof d.points.W === 'number'),
      );
    }, 60_000);
    const byType = Object.fromEntries(((await real())?.devices ?? []).map((d) => [d.type, d.points]));
    const inv = byType.inverter!;
    const bat = byType.battery!;
    const meter = byType.meter!;
    // Scale factors of every sign decoded: Hz at −2, volts at −1, SOC at −1, energy rating at +1.
    expect(Number(inv.Hz)).toBeGreaterThan(49);
    expect(Number(inv.Hz)).toBeLessThan(61);
    expect(Number(inv.PhVphA)).toBeGreaterThan(100);
    expect(Number(bat.SoC)).toBeGreaterThanOrEqual(0);
    expect(Number(bat.SoC)).toBeLessThanOrEqual(100);
    expect(bat.ChaState).toBe(bat.SoC);
    expect(Number(bat.WHRtg) % 10).toBe(0);
    expect(Number(bat.WHRtg)).toBeGreaterThan(1000);
    expect(Number(meter.TotWhImp)).toBeGreaterThan(0);
    // The model's energy balance: load = PV inverter + battery + meter; a home always draws something.
    expect(Number(inv.W) + Number(bat.W) + Number(meter.W)).toBeGreaterThan(0);
    // The gateway's buffer is on disk under DATA_DIR.
    expect(readdirSync(join(dataDir, 'gateway-demo'))).toEqual([demo!.gatewaySn]);
  }, 180_000);

  it('takes a battery reserve written to its register as the model’s, and keeps it across a restart', async () => {
    const demo = sim!.gateway!;
    const battery = demo.gateway.devices().find((d) => d.identity.type === 'battery')!;
    // What the gateway's write path does for socLowerOnGrid (model 802 SoCRsvMin, SoC_SF −1).
    const at = battery.map.models.find((m) => m.id === 802)!;
    const offset = modelDef(802)!.points.find((p) => p.name === 'SoCRsvMin')!.offset;
    await battery.link.write(battery.map.unitId, at.address + offset, [455]);
    await ing.waitFor(async () => {
      const latest = await t.db.query<{ v: number }>(
        `SELECT (l.points->>'SoCRsvMin')::float AS v FROM device_latest l JOIN devices d ON d.id = l.device_id
          WHERE d.serial_number = $1`,
        [battery.identity.serialNumber],
      );
      return latest.rows[0]?.v === 45.5;
    }, 60_000);
    // Both reserve registers agree, whichever was written.
    await ing.waitFor(() => battery.last?.get(124)?.points.MinRsvPct === 45.5, 60_000);
    await sim!.stop();
    sim = undefined;
    const saved = await readSetting<{ params?: { socLowerOnGrid: number } }>(t.db, 'simulator_gateway_demo');
    expect(saved?.params?.socLowerOnGrid).toBe(45.5);
    sim = await start();
    const again = sim.gateway!;
    await ing.waitFor(() => {
      const b = again.gateway.devices().find((d) => d.identity.type === 'battery');
      return b?.last?.get(802)?.points.SoCRsvMin === 45.5;
    }, 60_000);
  }, 180_000);
});
