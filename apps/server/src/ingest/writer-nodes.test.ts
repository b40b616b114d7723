/**
 * Two server processes writing one device's samples at the same time: RabbitMQ hands a device's
 * consecutive samples to competing nodes, and on Mosquitto every node writes every message (decisions 0011,
 * 0023). A write integrates its new power steps from the samples its snapshot sees (issue 12,
 * docs/energy.md), so a write that ran beside another of the same device used to overwrite that one's
 * energy with its own: a step was lost. Runs on DATABASE_URL's PostgreSQL, else on a throwaway one (PGlite
 * has one session, so its writes never overlap).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { scratchPostgres } from '../test/helper';
import { createTestDevice } from './test-ingest';
import { type TelemetryRow, writeSamples } from './writer';

const T0 = Date.UTC(2026, 10, 30, 10, 0, 0);
const sample = (deviceId: number, s: number, w = 1000): TelemetryRow => ({
  deviceId,
  ts: new Date(T0 + s * 1000),
  w,
  soc: null,
  eIn: null,
  eOut: null,
  points: { W: w },
});

describe('two nodes writing one device', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let node: DbHandle;
  let other: DbHandle;
  beforeAll(async () => {
    scratch = await scratchPostgres('ems_nodes');
    node = await openDb({ url: scratch.url });
    other = await openDb({ url: scratch.url });
    await migrate(node);
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await other?.close();
    await scratch?.drop();
  });

  const storedWh = async (deviceId: number) =>
    Number(
      (
        await node.query<{ wh: number }>(
          'SELECT coalesce(sum(wh_pos), 0)::float8 AS wh FROM telemetry_5min WHERE device_id = $1',
          [deviceId],
        )
      ).rows[0]!.wh,
    );

  it('a sample written while another node commits a later one keeps the energy of both steps', async () => {
    const device = await createTestDevice(node, 'inverter');
    await writeSamples(
      node,
      Array.from({ length: 10 }, (_, s) => sample(device.id, s)),
    ); // 0…9 s
    // The other node's write of 11 s, held open in a transaction so that this node's write of 10 s
    // starts before it commits (the writer's own statement, on a connection of the test's).
    const held = new pg.Client({ connectionString: scratch.url });
    await held.connect();
    try {
      await held.query('BEGIN');
      const onHeld = { query: (text: string, params: unknown[]) => held.query(text, params) };
      await writeSamples(onHeld as unknown as DbHandle, [sample(device.id, 11)]);
      let done = false;
      const mine = writeSamples(node, [sample(device.id, 10)]).then((r) => {
        done = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false); // it waits on the device's rows the other write holds
      await held.query('COMMIT');
      expect(await mine).toEqual({ inserted: 1, duplicates: 0 });
    } finally {
      await held.end();
    }
    // 1,000 W from 0 to 11 s: 11 s × 1,000 W = 3.0556 Wh (without the fix: 2.7778, the 10→11 s step lost).
    expect(await storedWh(device.id)).toBeCloseTo((11 * 1000) / 3600, 9);
  });

  it('two nodes writing a device in overlapping batches store the energy one node writing alone does', async () => {
    const [alone, shared] = [
      await createTestDevice(node, 'inverter'),
      await createTestDevice(node, 'inverter'),
    ];
    const power = (s: number) => Math.round(1500 + 1200 * Math.sin(s / 7));
    // Batches of 1–4 samples in turn to each node, every pair written at once.
    const batches: number[][] = [];
    for (let s = 0, size = 1; s < 240; s += size, size = (size % 4) + 1) {
      batches.push(Array.from({ length: Math.min(size, 240 - s) }, (_, i) => s + i));
    }
    for (const b of batches)
      await writeSamples(
        node,
        b.map((s) => sample(alone.id, s, power(s))),
      );
    for (let i = 0; i < batches.length; i += 2) {
      await Promise.all(
        [node, other].map((db, j) => {
          const b = batches[i + j];
          return b
            ? writeSamples(
                db,
                b.map((s) => sample(shared.id, s, power(s))),
              )
            : undefined;
        }),
      );
    }
    const expected = await storedWh(alone.id);
    expect(expected).toBeGreaterThan(0);
    expect(await storedWh(shared.id)).toBeCloseTo(expected, 6);
  });
});
