/**
 * The writer updates a device's current 5-minute bucket with every batch (issue 12). Those updates must be
 * able to stay HOT (heap-only: no new index entries), which PostgreSQL allows only when the update changes
 * no column that an index of the table reads, key or predicate. A partial index on `e_in_max IS NOT NULL`
 * made every update of a bucket with a counter a non-HOT one, a new version in all three indexes per
 * device per batch: after 2,500 batches of 100 devices × 4 rows, 236,000 dead row versions and each batch
 * a third slower (issue 36, docs/benchmarks.md "eighteenth pass"). Real database, real writer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { buildDevice, buildStation } from '../test/factories';
import { openTestDb } from '../test/helper';
import { type TelemetryRow, writeSamples } from './writer';

const T0 = Date.parse('2026-05-01T10:00:00Z');

const sample = (deviceId: number, s: number, w: number, eIn: number, eOut: number): TelemetryRow => ({
  deviceId,
  ts: new Date(T0 + s * 1000),
  w,
  soc: 50 + s,
  eIn,
  eOut,
  points: { W: w, TotWhImp: eIn, TotWhExp: eOut },
});

describe('writer: the 5-minute bucket updates can stay HOT', () => {
  let db: DbHandle;
  let drop: () => Promise<void>;
  let deviceId = 0;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb());
    await migrate(db);
    const stationId = (await buildStation(db)).id;
    deviceId = (await buildDevice(db, { stationId, deviceType: 'meter' })).id;
  });
  afterAll(() => drop());

  /** The device's one bucket row, every column, as JSON. */
  const bucketRow = async () => {
    const res = await db.query<{ row: Record<string, unknown> }>(
      'SELECT to_jsonb(t) AS row FROM telemetry_5min t WHERE device_id = $1',
      [deviceId],
    );
    expect(res.rows).toHaveLength(1);
    return res.rows[0]!.row;
  };

  /** Each index of telemetry_5min with its definition (key columns and predicate). */
  const indexDefs = async () =>
    (
      await db.query<{ def: string }>(
        `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
         WHERE i.indrelid = 'telemetry_5min'::regclass`,
      )
    ).rows.map((r) => r.def);

  it('a later sample in the same bucket changes no column an index reads', async () => {
    await writeSamples(db, [sample(deviceId, 0, 1000, 5000, 200)]);
    const before = await bucketRow();
    // Ten seconds later, same 5-minute bucket: power, SOC and both counters move on.
    await writeSamples(db, [sample(deviceId, 10, 1200, 5003, 201)]);
    const after = await bucketRow();

    const changed = Object.keys(after).filter(
      (col) => JSON.stringify(after[col]) !== JSON.stringify(before[col]),
    );
    // The update really changes the counters' maxima (what the old partial indexes read).
    expect(changed).toEqual(expect.arrayContaining(['w_sum', 'w_count', 'e_in_max', 'e_out_max', 'last_ts']));
    const defs = await indexDefs();
    expect(defs.length).toBeGreaterThanOrEqual(3);
    const read = changed.filter((col) => defs.some((def) => new RegExp(`\\b${col}\\b`).test(def)));
    expect(read).toEqual([]);
  });

  it("keeps the partial indexes' flags equal to whether the bucket holds each counter", async () => {
    const res = await db.query<{ has_e_in: boolean; has_e_out: boolean }>(
      'SELECT has_e_in, has_e_out FROM telemetry_5min WHERE device_id = $1',
      [deviceId],
    );
    expect(res.rows).toEqual([{ has_e_in: true, has_e_out: true }]);
    const noCounter = (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM telemetry_5min WHERE has_e_in <> (e_in_max IS NOT NULL)
           OR has_e_out <> (e_out_max IS NOT NULL)`,
      )
    ).rows[0]!.n;
    expect(noCounter).toBe(0);
  });
});
