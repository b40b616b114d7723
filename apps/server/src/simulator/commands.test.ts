/**
 * Issue 21 item 4: the demo fleet's inverters obey commands over the real path — the API records a set,
 * the platform publishes it, the simulated inverter answers on command/ack as docs/device-protocol.md §7
 * says and reports its parameters, and the command ends verified. A parameter its model lacks, or one no
 * inverter has, is answered failed with the reason; a command delivered again is answered again and not
 * applied again, also after the simulator restarts, and the values survive the restart.
 */
import { randomUUID } from 'node:crypto';
import type { CommandAck, DeviceParamsSetAnswer } from '@ems/contract/api/device-commands';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { signIn } from '../test/factories';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../test/helper';
import { siteSpec } from './catalog';
import { type Simulator, startSimulator } from './fleet';
import { ensureFleet } from './fleet-store';
import { SIM_PARAMS_KEY } from './sim-settings';

let t: TestApp;
let ti: TestIngest;
let sim: Simulator;
let token = '';
let internal: MqttClient;
const acks: CommandAck[] = [];
const log = pino({ level: 'silent' });
// Site 1 is home storage: a single-phase hybrid inverter, a battery and a meter (serial number read
// from the fleet: it carries this database's tag).
let inverterSn = '';
let inverterId = 0;

const start = () => startSimulator({ db: t.db, config: t.config, log, mqttUrl: ti.mqttUrl });

beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR_SITES: '2', BACKFILL_DAYS: '0', SIMULATOR_INTERVAL_S: '1' });
  ti = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: t.queue } });
  sim = await start();
  const fleet = await ensureFleet(t.db, 2);
  inverterSn = fleet!.sites[1]!.spec.devices.find((d) => d.type === 'inverter')!.sn;
  token = await signIn(t.app, { loginName: DEMO_OWNER.username, password: DEMO_OWNER.password });
  inverterId = (
    await t.db.query<{ id: number }>('SELECT id FROM devices WHERE serial_number = $1', [inverterSn])
  ).rows[0]!.id;
  internal = await ti.connectInternal();
  internal.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString()) as CommandAck));
  await internal.subscribeAsync(topics.commandAck(inverterSn), { qos: 1 });
});
afterAll(async () => {
  await sim?.stop();
  await ti?.stop();
  await t?.close();
});

/** POST device/params/set as the demo owner. */
async function set(params: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
    payload: { deviceId: inverterId, params },
  });
  return (res.json() as { data: DeviceParamsSetAnswer }).data;
}

const stateOf = async (id: string) =>
  (
    await t.db.query<{ state: string; reason: string | null }>(
      'SELECT state, reason FROM device_commands WHERE id = $1',
      [id],
    )
  ).rows[0];

/** Waits until command `id` has been in `state` (verified follows applied within a second here). */
async function reaches(id: string, states: string[]) {
  const seen: string[] = [];
  await ti.waitFor(async () => {
    const s = (await stateOf(id))?.state ?? '';
    if (seen.at(-1) !== s) seen.push(s);
    return s === states.at(-1);
  }, 20_000);
  return seen;
}

/** Publishes a command on the inverter's topic as the platform would, and waits for its answer. */
async function deliver(params: Record<string, unknown>, id: string = randomUUID()): Promise<CommandAck> {
  const before = acks.length;
  const now = Date.now();
  const message = { id, type: 'setParams', params, ts: now, expiresAt: now + 60_000 };
  await internal.publishAsync(topics.command(inverterSn), JSON.stringify(message), { qos: 1 });
  await ti.waitFor(() => acks.slice(before).some((a) => a.id === id));
  return acks.slice(before).find((a) => a.id === id)!;
}

/** What the simulator keeps of the inverter (settings 'simulator_params'). */
async function kept() {
  const row = await t.db.query<{ value: Record<string, { params: Record<string, unknown> }> }>(
    'SELECT value FROM settings WHERE key = $1',
    [SIM_PARAMS_KEY],
  );
  return row.rows[0]?.value[inverterSn]?.params;
}

/** The SoCRsvMin the inverter reported last, in a sample after `since`. */
async function reportedFloorSince(since: Date) {
  const row = await t.db.query<{ v: string | null }>(
    `SELECT t.points->>'SoCRsvMin' AS v FROM telemetry t
      WHERE t.device_id = $1 AND t.ts > $2 AND t.points ? 'SoCRsvMin' ORDER BY t.ts DESC LIMIT 1`,
    [inverterId, since],
  );
  return row.rows[0]?.v ?? null;
}

let firstId = '';

describe('the simulated inverters obey commands (issue 21 item 4)', () => {
  it('a set through the API ends applied, then verified by the inverter’s report', async () => {
    const data = await set({ socLowerOnGrid: 45 });
    expect(data).toMatchObject({ sent: ['socLowerOnGrid'] });
    firstId = data.commandId!;
    const seen = await reaches(firstId, ['applied', 'verified']);
    expect(seen.at(-1)).toBe('verified');
    expect(await kept()).toEqual({ socLowerOnGrid: 45 });
    await ti.ingest.flush();
    expect(await reportedFloorSince(new Date(0))).toBe('45');
  });

  it('a parameter its model lacks is answered failed, naming it', async () => {
    const { commandId } = await set({ generatorMode: 'auto' });
    await reaches(commandId!, ['failed']);
    expect(await stateOf(commandId!)).toEqual({
      state: 'failed',
      reason: `${siteSpec(1).devices[0]!.product.model}: generatorMode: no generator port`,
    });
    expect(await kept()).toEqual({ socLowerOnGrid: 45 });
  });

  it('an unknown parameter is answered failed, and nothing is applied', async () => {
    const ack = await deliver({ socLowerOnGrid: 30, turboMode: true });
    expect(ack).toMatchObject({ status: 'failed', reason: 'unknown parameter: turboMode' });
    expect(await kept()).toEqual({ socLowerOnGrid: 45 });
  });

  it('a command delivered again is answered again, not applied again — also after a restart', async () => {
    const { commandId } = await set({ socLowerOnGrid: 55 });
    await reaches(commandId!, ['verified']);
    // The first command (45) arrives once more: answered as before, the value stays 55.
    expect(await deliver({ socLowerOnGrid: 45 }, firstId)).toMatchObject({ id: firstId, status: 'applied' });
    expect(await kept()).toEqual({ socLowerOnGrid: 55 });

    await sim.stop();
    const restarted = new Date();
    sim = await start();
    // The values survived: the restarted inverter reports 55 and behaves so.
    await ti.waitFor(async () => {
      await ti.ingest.flush();
      return (await reportedFloorSince(restarted)) !== null;
    }, 20_000);
    expect(await reportedFloorSince(restarted)).toBe('55');
    expect(await deliver({ socLowerOnGrid: 45 }, firstId)).toMatchObject({ status: 'applied' });
    expect(await kept()).toEqual({ socLowerOnGrid: 55 });
  });
});
