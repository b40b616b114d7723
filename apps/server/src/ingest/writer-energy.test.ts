/**
 * Energy from power in the 5-minute rollup (issue 12): trapezoid steps cut at bucket edges, the gap
 * limit, sign split, and late / out-of-order samples correcting the buckets they touch, against a
 * real database through the real writer.
 */
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
    let expected = 0;
    for (let i = 1; i < profile.length; i++) {
      expected += ((profile[i - 1]!.w + profile[i]!.w) / 2) * (1.5 / 60);
    }
    const total = Object.values(ba).reduce((s, [pos]) => s + (pos ?? 0), 0);
    expect(total).toBeCloseTo(expected, 4);
  });
});
