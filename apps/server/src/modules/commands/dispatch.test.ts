/**
 * Issue 21 §3, §8: a dispatch of many devices at once (one fetched batch of jobs) sends each online
 * device its oldest queued command, exactly once even when two processes dispatch the same devices side
 * by side; a device offline waits, a device with a command in flight gets nothing more, a deleted
 * device's commands expire. Runs on PGlite, or DATABASE_URL's PostgreSQL (where the race is real).
 */
import type { CommandMessage } from '@ems/contract/api/device-commands';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDevice, createTestStation, type TestDevice } from '../../ingest/test-ingest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { type DispatchDeps, dispatchDevices } from './dispatch';
import type { Downlink } from './downlink';

let t: TestApp;
let token = '';
let stationId = 0;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildUser(t.db);
  token = await signIn(t.app, owner);
  stationId = await createTestStation(t.db, owner.id);
});
afterAll(async () => {
  await t?.close();
});

/** POST device/params/set as the owner; @returns the command id. */
async function set(deviceId: number, params: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
    payload: { deviceId, params },
  });
  const id = (res.json() as { data: { commandId: string | null } }).data.commandId;
  if (!id) throw new Error(`set refused: ${res.body}`);
  return id;
}

/** A process's dispatcher: its own downlink recording what it publishes; `offline` devices are away. */
function dispatcher(offline: ReadonlySet<string>) {
  const published: { sn: string; id: string }[] = [];
  const waiting: number[] = [];
  const downlink: Downlink = {
    confirmGatewayDevices: async () => {},
    publish: async (sn: string, message: CommandMessage) => {
      published.push({ sn, id: message.id });
    },
    connected: (sn: string) => !offline.has(sn),
    onConnect: () => () => {},
    close: async () => {},
  };
  const deps: DispatchDeps = {
    db: t.db,
    log,
    downlink,
    recentlyOnline: () => false,
    waitFor: (deviceId) => waiting.push(deviceId),
  };
  return { deps, published, waiting };
}

const stateOf = async (ids: readonly string[]) =>
  new Map(
    (
      await t.db.query<{ id: string; state: string }>(
        'SELECT id, state FROM device_commands WHERE id = ANY($1::uuid[])',
        [ids],
      )
    ).rows.map((r) => [r.id, r.state]),
  );

describe('dispatching many devices at once (issue 21 §8)', () => {
  it('sends each online device its oldest command once, though two processes dispatch them together', async () => {
    const devices: TestDevice[] = [];
    for (let i = 0; i < 40; i++) devices.push(await createTestDevice(t.db, 'inverter', stationId));
    const first = new Map<number, string>();
    for (const d of devices) first.set(d.id, await set(d.id, { socLowerOnGrid: 30 }));
    // The first device has a second command, which must wait for the first's answer.
    const second = await set(devices[0]!.id, { exportLimitW: 800 });
    const offline = new Set([devices[1]!.sn, devices[2]!.sn]);
    const a = dispatcher(offline);
    const b = dispatcher(offline);
    const ids = devices.map((d) => d.id);

    const [outA, outB] = await Promise.all([dispatchDevices(a.deps, ids), dispatchDevices(b.deps, ids)]);

    const published = [...a.published, ...b.published];
    const online = devices.filter((d) => !offline.has(d.sn));
    expect(published.map((p) => p.id).sort()).toEqual(online.map((d) => first.get(d.id)!).sort());
    for (const p of published) expect(p.id).toBe(first.get(devices.find((d) => d.sn === p.sn)!.id));
    // One outcome per device, in order, without errors; each command reported sent by one process only.
    expect(outA.map((o) => o.deviceId)).toEqual(ids);
    expect([...outA, ...outB].filter((o) => o.error !== null)).toEqual([]);
    expect([...outA, ...outB].filter((o) => o.commandId !== null)).toHaveLength(online.length);
    expect(new Set([...a.waiting, ...b.waiting])).toEqual(new Set([devices[1]!.id, devices[2]!.id]));

    const states = await stateOf([...first.values(), second]);
    expect(states.get(second)).toBe('queued');
    expect(states.get(first.get(devices[1]!.id)!)).toBe('queued');
    expect([...states.values()].filter((s) => s === 'sent')).toHaveLength(online.length);

    // Dispatched again, nothing more goes: every online device has one in flight.
    const c = dispatcher(offline);
    await dispatchDevices(c.deps, ids);
    expect(c.published).toEqual([]);
  });

  it("expires a deleted device's queued commands and answers every device of the batch", async () => {
    const kept = await createTestDevice(t.db, 'inverter', stationId);
    const gone = await createTestDevice(t.db, 'inverter', stationId);
    const keptId = await set(kept.id, { socLowerOnGrid: 40 });
    const goneId = await set(gone.id, { socLowerOnGrid: 40 });
    await t.db.query('DELETE FROM devices WHERE id = $1', [gone.id]);
    const p = dispatcher(new Set());
    const out = await dispatchDevices(p.deps, [gone.id, kept.id]);
    expect(out).toEqual([
      { deviceId: gone.id, commandId: null, error: null },
      { deviceId: kept.id, commandId: keptId, error: null },
    ]);
    const states = await stateOf([keptId, goneId]);
    expect(states.get(goneId)).toBe('expired');
    expect(states.get(keptId)).toBe('sent');
  });

  it('a failed publish puts its command back and answers the error for its device alone', async () => {
    const ok = await createTestDevice(t.db, 'inverter', stationId);
    const bad = await createTestDevice(t.db, 'inverter', stationId);
    const okId = await set(ok.id, { socLowerOnGrid: 45 });
    const badId = await set(bad.id, { socLowerOnGrid: 45 });
    const p = dispatcher(new Set());
    const publish = p.deps.downlink.publish;
    p.deps.downlink.publish = async (sn, message) => {
      if (sn === bad.sn) throw new Error('broker refused');
      await publish(sn, message);
    };
    const out = await dispatchDevices(p.deps, [ok.id, bad.id]);
    expect(out[0]).toEqual({ deviceId: ok.id, commandId: okId, error: null });
    expect(out[1]?.commandId).toBeNull();
    expect(out[1]?.error?.message).toBe('broker refused');
    const states = await stateOf([okId, badId]);
    expect(states.get(badId)).toBe('queued');
    expect(states.get(okId)).toBe('sent');
  });
});
