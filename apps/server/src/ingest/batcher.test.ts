import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { BatchAbandonedError, createBatcher } from './batcher';
import { createTestDevice } from './test-ingest';
import { type TelemetryRow, writeSamples } from './writer';

let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = async (deviceId: number) =>
  (await t.db.query<{ w: number }>('SELECT w FROM telemetry WHERE device_id = $1 ORDER BY ts', [deviceId]))
    .rows;

function sample(
  deviceId: number,
  minute: number,
  points: TelemetryRow['points'] = { W: minute },
): TelemetryRow {
  return {
    deviceId,
    ts: new Date(Date.UTC(2026, 10, 1, 0, minute)),
    w: minute,
    soc: null,
    eIn: null,
    eOut: null,
    points,
  };
}

describe('telemetry batcher', () => {
  it('drops only the rows the database refuses, and stores the rest of their batch', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const b = createBatcher({ db: t.db, log });
    b.add([sample(d.id, 1), sample(d.id, 2, { Note: 'nul \u0000 byte' }), sample(d.id, 3), sample(d.id, 4)]);
    await b.stop();
    expect((await rowsOf(d.id)).map((r) => r.w)).toEqual([1, 3, 4]);
    expect(b.stats).toMatchObject({ stored: 3, failed: 1, pending: 0 });
  });

  it('never splits a message between two writes: a batch past maxBatch ends at a message boundary', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const writes: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const recording: typeof writeSamples = async (db, rows) => {
      writes.push(rows.map((r) => r.w!));
      if (writes.length === 1) await held;
      return writeSamples(db, rows);
    };
    const b = createBatcher({ db: t.db, log, write: recording, maxBatch: 5, gatherMs: 0 });
    const first = b.add([sample(d.id, 0)]);
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    // Queued while the first write is held: three messages of 3 rows, and one of 7 (more than maxBatch).
    const more = [
      b.add([sample(d.id, 1), sample(d.id, 2), sample(d.id, 3)]),
      b.add([sample(d.id, 4), sample(d.id, 5), sample(d.id, 6)]),
      b.add([1, 2, 3, 4, 5, 6, 7].map((i) => sample(d.id, 10 + i))),
      b.add([sample(d.id, 20), sample(d.id, 21), sample(d.id, 22)]),
    ];
    release();
    await Promise.all([first, ...more]);
    await b.stop();
    expect(writes).toEqual([[0], [1, 2, 3], [4, 5, 6], [11, 12, 13, 14, 15, 16, 17], [20, 21, 22]]);
    expect(await rowsOf(d.id)).toHaveLength(17);
  });

  it('retries a batch whole when the database is unreachable, and loses nothing', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    let calls = 0;
    const flaky: typeof writeSamples = async (db, rows) => {
      calls++;
      if (calls <= 2) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      return writeSamples(db, rows);
    };
    const b = createBatcher({ db: t.db, log, write: flaky });
    b.add([sample(d.id, 1), sample(d.id, 2)]);
    await b.stop();
    expect(calls).toBe(3);
    expect((await rowsOf(d.id)).map((r) => r.w)).toEqual([1, 2]);
    expect(b.stats).toMatchObject({ stored: 2, failed: 0 });
  });

  it('writes 5,000 rows at once, and asks for room while too many rows wait', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const sizes: number[] = [];
    const counting: typeof writeSamples = (db, rows) => {
      sizes.push(rows.length);
      return writeSamples(db, rows);
    };
    const b = createBatcher({ db: t.db, log, write: counting, highWater: 1500 });
    // Seven messages of 1,000 rows (the most a device message holds), queued in one turn.
    const committed = Array.from({ length: 7 }, (_, m) =>
      b.add(Array.from({ length: 1000 }, (_, i) => sample(d.id, m * 1000 + i))),
    );
    expect(b.hasRoom()).toBe(false);
    await b.waitForRoom();
    await Promise.all(committed);
    await b.stop();
    expect(sizes).toEqual([5000, 2000]);
    expect(b.stats.stored).toBe(7000);
  });

  it('settles each message only after its rows are committed, gathering the next batch meanwhile', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const sizes: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const gated: typeof writeSamples = async (db, rows) => {
      sizes.push(rows.length);
      if (sizes.length === 1) await gate; // the first write hangs until released
      return writeSamples(db, rows);
    };
    const b = createBatcher({ db: t.db, log, write: gated });
    const settled: number[] = [];
    const first = b.add([sample(d.id, 1)], () => settled.push(-1)).then(() => settled.push(1));
    await vi.waitFor(() => expect(sizes).toEqual([1])); // the first batch (one row) is being written
    const later = [2, 3, 4].map((k) =>
      b.add([sample(d.id, k)], () => settled.push(-k)).then(() => settled.push(k)),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toEqual([]); // nothing committed, nothing settled
    expect(await rowsOf(d.id)).toEqual([]);
    release();
    await Promise.all([first, ...later]);
    // Each commit callback runs once its rows are committed, before the message's promise settles.
    expect(settled).toEqual([-1, 1, -2, -3, -4, 2, 3, 4]);
    expect(sizes).toEqual([1, 3]); // the three that came during the first write went as one batch
    expect((await rowsOf(d.id)).map((r) => r.w)).toEqual([1, 2, 3, 4]);
  });

  it('gathers rows of separate messages for up to gatherMs, and starts at once with gatherRows queued', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const sizes: number[] = [];
    const recording: typeof writeSamples = async (db, rows) => {
      sizes.push(rows.length);
      return writeSamples(db, rows);
    };
    const b = createBatcher({ db: t.db, log, write: recording, gatherMs: 60_000, gatherRows: 5 });
    const acks = [b.add([sample(d.id, 1)])];
    await new Promise((r) => setTimeout(r, 30));
    acks.push(b.add([sample(d.id, 2)]));
    await new Promise((r) => setTimeout(r, 30));
    expect(sizes).toEqual([]); // still gathering: 2 rows queued, the oldest waited 60 ms of 60 s
    acks.push(b.add([sample(d.id, 3), sample(d.id, 4), sample(d.id, 5)]));
    await Promise.all(acks); // the fifth row starts the batch (else this outlasts the test's timeout)
    expect(sizes).toEqual([5]);
    // flush() does not wait out gatherMs.
    const sixth = b.add([sample(d.id, 6)]);
    await b.flush();
    await sixth;
    expect(sizes).toEqual([5, 1]);
    expect((await rowsOf(d.id)).map((r) => r.w)).toEqual([1, 2, 3, 4, 5, 6]);

    // A lone row starts once it has waited gatherMs.
    const soon = createBatcher({ db: t.db, log, write: recording, gatherMs: 50 });
    await soon.add([sample(d.id, 7)]);
    expect(sizes).toEqual([5, 1, 1]);
  });

  it('rejects, at stop, what it could not write, so nothing unwritten is acknowledged', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const down: typeof writeSamples = async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    };
    const b = createBatcher({ db: t.db, log, write: down, stopAttempts: 2 });
    let callback = false;
    const committed = b.add([sample(d.id, 1)], () => {
      callback = true;
    });
    const outcome = committed.then(
      () => 'committed',
      (err: unknown) => (err instanceof BatchAbandonedError ? 'abandoned' : 'other'),
    );
    await b.stop();
    expect(await outcome).toBe('abandoned');
    expect(callback).toBe(false); // the commit callback is for committed rows only
    expect(b.stats.writeErrors).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(d.id)).toEqual([]);
  });
});
