import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { startTestIngest, type TestIngest } from './test-ingest';

let t: TestApp;
let ing: TestIngest;

beforeAll(async () => {
  t = await buildTestApp();
  ing = await startTestIngest({ db: t.db, config: t.config });
});

afterAll(async () => {
  await ing?.stop();
  await t?.close();
});

async function storedRows(deviceId: number) {
  const res = await t.db.query<{
    ts: Date;
    w: number | null;
    soc: number | null;
    e_in: number | null;
    e_out: number | null;
  }>('SELECT ts, w, soc, e_in, e_out FROM telemetry WHERE device_id = $1 ORDER BY ts', [deviceId]);
  return res.rows;
}

async function latest(deviceId: number) {
  const res = await t.db.query<{
    ts: Date;
    w: number | null;
    e_in: number | null;
    points: Record<string, unknown>;
  }>('SELECT ts, w, e_in, points FROM device_latest WHERE device_id = $1', [deviceId]);
  return res.rows[0];
}

describe('ingest over MQTT', () => {
  it('stores one sample and a buffered samples batch, and moves the latest values forward', async () => {
    const inv = await ing.addDevice('inverter');
    const c = await ing.connectDevice(inv);
    const t0 = Date.UTC(2026, 10, 20, 10, 0, 0);
    await c.publishAsync(
      topics.telemetry(inv.sn),
      JSON.stringify({ ts: t0, points: { W: 3120, WH: 1_000_000, DCV: 402.5, St: 4 } }),
      { qos: 1 },
    );
    const samples = [1, 2, 3].map((k) => ({
      ts: new Date(t0 + k * 300_000).toISOString(),
      points: { W: 3000 + k, WH: 1_000_000 + k * 260 },
    }));
    await c.publishAsync(topics.telemetry(inv.sn), JSON.stringify({ samples }), { qos: 1 });
    await ing.waitFor(async () => (await storedRows(inv.id)).length === 4);

    const rows = await storedRows(inv.id);
    expect(rows.map((r) => r.w)).toEqual([3120, 3001, 3002, 3003]);
    expect(rows.map((r) => r.e_in)).toEqual([1_000_000, 1_000_260, 1_000_520, 1_000_780]);
    expect(rows[0]!.ts.getTime()).toBe(t0);
    const last = await latest(inv.id);
    expect(last?.w).toBe(3003);
    expect(new Date(last!.ts).getTime()).toBe(t0 + 900_000);
    expect(last?.points).toEqual({ W: 3003, WH: 1_000_780 });
  });

  it('maps counters and SoC by device type and reads 10-digit timestamps as seconds', async () => {
    const station = await ing.addStation();
    const meter = await ing.addDevice('meter', station);
    const battery = await ing.addDevice('battery', station);
    const seconds = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
    const cm = await ing.connectDevice(meter);
    const cb = await ing.connectDevice(battery);
    await cm.publishAsync(
      topics.telemetry(meter.sn),
      JSON.stringify({ ts: seconds, points: { W: -1500, TotWhImp: 5000, TotWhExp: 7000 } }),
      { qos: 1 },
    );
    await cb.publishAsync(
      topics.telemetry(battery.sn),
      JSON.stringify({
        ts: '2026-11-20T13:00:00+01:00',
        points: { W: 800, SoC: 64.5, DCWhAbs: 12, DCWhInj: 34 },
      }),
      { qos: 1 },
    );
    await ing.waitFor(
      async () => (await storedRows(meter.id)).length + (await storedRows(battery.id)).length === 2,
    );
    const [m] = await storedRows(meter.id);
    expect(m).toMatchObject({ w: -1500, soc: null, e_in: 5000, e_out: 7000 });
    expect(m!.ts.getTime()).toBe(seconds * 1000);
    const [b] = await storedRows(battery.id);
    expect(b).toMatchObject({ w: 800, soc: 64.5, e_in: 12, e_out: 34 });
    expect(b!.ts.toISOString()).toBe('2026-11-20T12:00:00.000Z');
  });

  it('stores the same sample sent twice once', async () => {
    const inv = await ing.addDevice('inverter');
    const c = await ing.connectDevice(inv);
    const before = ing.ingest.stats().duplicates;
    const msg = JSON.stringify({ ts: Date.UTC(2026, 10, 21, 9, 0, 0), points: { W: 10, WH: 20 } });
    await c.publishAsync(topics.telemetry(inv.sn), msg, { qos: 1 });
    await ing.waitFor(async () => (await storedRows(inv.id)).length === 1);
    await c.publishAsync(topics.telemetry(inv.sn), msg, { qos: 1 });
    await ing.waitFor(() => ing.ingest.stats().duplicates === before + 1);
    expect(await storedRows(inv.id)).toHaveLength(1);
  });

  it('counts bad JSON, schema-invalid payloads and impossible timestamps, and keeps working', async () => {
    const inv = await ing.addDevice('inverter');
    const c = await ing.connectDevice(inv);
    const before = ing.ingest.stats();
    const topic = topics.telemetry(inv.sn);
    await c.publishAsync(topic, '{not json', { qos: 1 });
    await c.publishAsync(topic, JSON.stringify({ ts: 'yesterday', points: { W: 1 } }), { qos: 1 });
    await c.publishAsync(topic, JSON.stringify({ ts: Date.UTC(2026, 0, 1), points: {} }), { qos: 1 });
    await c.publishAsync(topic, JSON.stringify({ ts: Date.now() + 86_400_000, points: { W: 1 } }), {
      qos: 1,
    });
    await c.publishAsync(topic, JSON.stringify({ ts: Date.UTC(2026, 10, 21, 9, 5), points: { W: 42 } }), {
      qos: 1,
    });
    await ing.waitFor(async () => (await storedRows(inv.id)).length === 1);
    const after = ing.ingest.stats();
    expect(after.invalid - before.invalid).toBe(3);
    expect(after.badTimestamps - before.badTimestamps).toBe(1);
    expect((await storedRows(inv.id))[0]?.w).toBe(42);
  });

  it('counts and drops telemetry of an unknown serial number', async () => {
    const internal = await ing.connectInternal();
    const inv = await ing.addDevice('inverter');
    const before = ing.ingest.stats().unknownDevice;
    const total = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry')).rows[0]!.n;
    const totalBefore = await total();
    await internal.publishAsync(
      topics.telemetry('NO-SUCH-DEVICE'),
      JSON.stringify({ ts: Date.UTC(2026, 10, 21), points: { W: 1 } }),
      { qos: 1 },
    );
    // A message published after the unknown one, to know the ingest has seen it.
    const c = await ing.connectDevice(inv);
    await c.publishAsync(
      topics.telemetry(inv.sn),
      JSON.stringify({ ts: Date.UTC(2026, 10, 21), points: { W: 2 } }),
      {
        qos: 1,
      },
    );
    await ing.waitFor(async () => (await storedRows(inv.id)).length === 1);
    // On a shared external broker other test files' devices are strangers too: count at least ours.
    if (ing.broker) expect(ing.ingest.stats().unknownDevice).toBe(before + 1);
    else expect(ing.ingest.stats().unknownDevice).toBeGreaterThanOrEqual(before + 1);
    expect(await total()).toBe(totalBefore + 1);
  });
});
