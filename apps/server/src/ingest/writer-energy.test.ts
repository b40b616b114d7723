/**
 * Energy from power in the 5-minute rollup (issue 12): trapezoid steps cut at bucket edges, the gap
 * limit, sign split, and late / out-of-order samples correcting the buckets they touch, against a
 * real database through the real writer.
 */
import { POWER_GAP_LIMIT_MS } from '@ems/contract/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { buildDevice, buildStation } from '../test/factories';
import { openTestDb } from '../test/helper';
import { type TelemetryRow, writeSamples } from './writer';

const T0 = Date.parse('2026-05-01T10:00:00Z');
const min = (m: number) => new Date(T0 + m * 60_000);
const sample = (deviceId: number, m: number, w: number | null): TelemetryRow => ({
  deviceId,
  ts: min(m),
  w,
  soc: null,
  eIn: null,
  eOut: null,
  points: w === null ? {} : { W: w },
});

/**
 * Net Wh by the trapezoid rule over `points` (seconds, W; samples without power skipped), counting no step
 * longer than `gapS`: what the writer must store, worked out apart from it.
 */
function trapezoidWh(
  points: readonly { s: number; w: number | null }[],
  gapS = Number.POSITIVE_INFINITY,
): number {
  const powered = points.filter((p) => p.w !== null).sort((a, b) => a.s - b.s);
  let wh = 0;
  for (let i = 1; i < powered.length; i++) {
    const [a, b] = [powered[i - 1]!, powered[i]!];
    if (b.s - a.s <= gapS) wh += ((a.w! + b.w!) / 2) * ((b.s - a.s) / 3600);
  }
  return wh;
}

describe('writer: energy integrated from power', () => {
  let db: DbHandle;
  let drop: () => Promise<void>;
  let stationId = 0;

  const newDevice = async (type: 'inverter' | 'meter' = 'inverter') =>
    (await buildDevice(db, { stationId, deviceType: type })).id;

  /** Wh per bucket start (minutes after T0) as the rollup holds them; pos and neg rounded to 1e-6. */
  const buckets = async (deviceId: number) => {
    const res = await db.query<{ bucket: Date; pos: number | null; neg: number | null }>(
      'SELECT bucket, wh_pos AS pos, wh_neg AS neg FROM telemetry_5min WHERE device_id = $1 ORDER BY bucket',
      [deviceId],
    );
    const r6 = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
    return Object.fromEntries(
      res.rows.map((r) => [(new Date(r.bucket).getTime() - T0) / 60_000, [r6(r.pos), r6(r.neg)]]),
    );
  };

  beforeAll(async () => {
    ({ db, drop } = await openTestDb());
    await migrate(db);
    stationId = (await buildStation(db)).id;
  });
  afterAll(() => drop());

  it('integrates the trapezoid between samples and cuts it at bucket edges', async () => {
    const id = await newDevice();
    // 0 → 1200 W over 10 min: 100 Wh, of which the first 5 min (0 → 600 W) hold 25 Wh.
    await writeSamples(db, [sample(id, 0, 0), sample(id, 10, 1200)]);
    expect(await buckets(id)).toEqual({ 0: [25, 0], 5: [75, 0], 10: [null, null] });
  });

  it('counts a step longer than the gap limit (10 min) as no energy', async () => {
    const id = await newDevice();
    await writeSamples(db, [sample(id, 0, 1000), sample(id, 11, 1000), sample(id, 14, 1000)]);
    expect(await buckets(id)).toEqual({ 0: [null, null], 10: [50, 0] });
  });

  it('splits a step whose power changes sign at the zero crossing', async () => {
    const id = await newDevice('meter');
    // 600 → −600 W over 4 min: 2 min positive (20 Wh), 2 min negative (20 Wh).
    await writeSamples(db, [sample(id, 0, 600), sample(id, 4, -600)]);
    expect(await buckets(id)).toEqual({ 0: [10, 10] });
  });

  it('corrects the buckets a late sample touches, one sample per batch as live data comes', async () => {
    const id = await newDevice();
    await writeSamples(db, [sample(id, 0, 600)]);
    await writeSamples(db, [sample(id, 10, 600)]);
    expect(await buckets(id)).toEqual({ 0: [50, 0], 5: [50, 0], 10: [null, null] });
    // A late sample at minute 5 with 1200 W: two steps 600 → 1200 → 600.
    await writeSamples(db, [sample(id, 5, 1200)]);
    expect(await buckets(id)).toEqual({ 0: [75, 0], 5: [75, 0], 10: [null, null] });
    // Out of order and a duplicate change nothing twice.
    await writeSamples(db, [sample(id, 5, 1200), sample(id, 15, 600)]);
    expect(await buckets(id)).toEqual({ 0: [75, 0], 5: [75, 0], 10: [50, 0], 15: [null, null] });
  });

  it('corrects a bucket when a late sample falls before a stored one in that same bucket', async () => {
    const id = await newDevice();
    await writeSamples(db, [sample(id, 0, 600)]);
    await writeSamples(db, [sample(id, 4, 600)]);
    expect(await buckets(id)).toEqual({ 0: [40, 0] });
    // Minute 2 at 1200 W: 600 → 1200 → 600 over two 2-minute steps, 30 Wh each (not 40 + 30).
    await writeSamples(db, [sample(id, 2, 1200)]);
    expect(await buckets(id)).toEqual({ 0: [60, 0] });
  });

  it('bridges a gap once a late sample shortens it below the limit', async () => {
    const id = await newDevice();
    await writeSamples(db, [sample(id, 0, 1200), sample(id, 20, 1200)]);
    expect(await buckets(id)).toEqual({ 0: [null, null], 20: [null, null] });
    await writeSamples(db, [sample(id, 10, 1200)]);
    expect(await buckets(id)).toEqual({
      0: [100, 0],
      5: [100, 0],
      10: [100, 0],
      15: [100, 0],
      20: [null, null],
    });
  });

  it('skips samples without power and keeps the same sum however samples are batched', async () => {
    const a = await newDevice();
    const b = await newDevice();
    const profile = Array.from({ length: 40 }, (_, i) => ({ m: i * 1.5, w: 1000 + 500 * Math.sin(i / 3) }));
    await writeSamples(db, [...profile.map((p) => sample(a, p.m, p.w)), sample(a, 30.5, null)]);
    for (const p of [...profile].reverse()) await writeSamples(db, [sample(b, p.m, p.w)]);
    const [ba, bb] = [await buckets(a), await buckets(b)];
    expect(bb).toEqual(ba);
    const expected = trapezoidWh(profile.map((p) => ({ s: p.m * 60, w: p.w })));
    const total = Object.values(ba).reduce((s, [pos]) => s + (pos ?? 0), 0);
    expect(total).toBeCloseTo(expected, 4);
  });

  it('any batches in any order end as one batch of all samples, with the trapezoid sum of the samples', async () => {
    const gapS = (POWER_GAP_LIMIT_MS.meter ?? POWER_GAP_LIMIT_MS.default) / 1000;
    const atSecond = (deviceId: number, s: number, w: number | null): TelemetryRow => ({
      ...sample(deviceId, 0, w),
      ts: new Date(T0 + s * 1000),
    });
    const cases = fc
      .uniqueArray(fc.integer({ min: 0, max: 3600 }), { minLength: 2, maxLength: 40 })
      .chain((times) =>
        fc.record({
          points: fc.tuple(
            ...times.map((s) =>
              fc.record({
                s: fc.constant(s),
                w: fc.oneof(
                  { weight: 9, arbitrary: fc.integer({ min: -3000, max: 3000 }) },
                  { weight: 1, arbitrary: fc.constant(null) },
                ),
              }),
            ),
          ),
          batchOf: fc.array(fc.integer({ min: 0, max: 5 }), {
            minLength: times.length,
            maxLength: times.length,
          }),
          order: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(cases, async ({ points, batchOf, order }) => {
        const [id, whole] = [await newDevice('meter'), await newDevice('meter')];
        for (const b of order) {
          const rows = points.filter((_, i) => batchOf[i] === b).map((p) => atSecond(id, p.s, p.w));
          if (rows.length > 0) await writeSamples(db, rows);
        }
        await writeSamples(
          db,
          points.map((p) => atSecond(whole, p.s, p.w)),
        );
        const [got, want] = [await buckets(id), await buckets(whole)];
        // Same buckets, each within the rounding of two summation orders.
        expect(Object.keys(got)).toEqual(Object.keys(want));
        for (const [k, [pos, neg]] of Object.entries(want)) {
          expect(got[k]![0] ?? 0).toBeCloseTo(pos ?? 0, 5);
          expect(got[k]![1] ?? 0).toBeCloseTo(neg ?? 0, 5);
        }
        const net = trapezoidWh(points, gapS);
        const stored = Object.values(got).reduce((sum, [pos, neg]) => sum + (pos ?? 0) - (neg ?? 0), 0);
        expect(stored).toBeCloseTo(net, 3);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
