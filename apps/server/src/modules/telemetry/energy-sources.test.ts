/**
 * Issue 12 through the API: energy of power-only devices (integrated from W) next to counter devices,
 * counter resets, a late sample that changes yesterday, DST days both ways, sites at UTC+14 and
 * UTC−10, an empty day and a device offline half the day. Real server, real database, real writer.
 */
import type { StationReal, Statistics } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryRow } from '../../ingest/writer';
import { writeSamples } from '../../ingest/writer';
import { startOfDayAt, startOfLocalDay } from '../../shared/zoned-time';
import { buildDevice, buildStation } from '../../test/factories';
import { buildOwnerApp, type TestApp } from '../../test/helper';

const STATS = '/owner_api/webpvesc/ajax/station/statistics';
const REAL = '/owner_api/webpvesc/ajax/station/list/real';
const STEP = 5 * 60_000;

/** Local midnight of `date` (YYYY-MM-DD) in `tz`, epoch ms. */
const midnight = (date: string, tz: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return startOfLocalDay(y, m, d + plusDays, tz);
};

/** Samples every 5 min in [from, to] (both ends) with `fields` of each instant. */
function samples(
  deviceId: number,
  from: number,
  to: number,
  fields: (t: number, k: number) => Partial<TelemetryRow>,
): TelemetryRow[] {
  const out: TelemetryRow[] = [];
  for (let t = from, k = 0; t <= to; t += STEP, k++) {
    out.push({
      deviceId,
      ts: new Date(t),
      w: null,
      soc: null,
      eIn: null,
      eOut: null,
      points: {},
      ...fields(t, k),
    });
  }
  return out;
}

const write = async (rows: TelemetryRow[]) => {
  for (let i = 0; i < rows.length; i += 5000) await writeSamples(t.db, rows.slice(i, i + 5000));
};
let t: TestApp;

describe('energy from power and counters (issue 12)', () => {
  let token: string;
  let ownerId = 0;

  const stats = async (stationId: number, type: number, date: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STATS}?stationId=${stationId}&statisticsType=${type}&searchDate=${date}`,
      headers: { token },
    });
    const body = res.json() as { status: number; data: Statistics };
    expect(body.status).toBe(0);
    return body.data;
  };
  const site = async (timeZone: string) => (await buildStation(t.db, { ownerId, timeZone })).id;
  const device = async (stationId: number, deviceType: 'inverter' | 'meter' | 'battery') =>
    (await buildDevice(t.db, { stationId, deviceType })).id;

  beforeAll(async () => {
    ({ t, ownerId, token } = await buildOwnerApp());
  });
  afterAll(() => t.close());

  it('integrates a power-only inverter next to a meter with counters, and says the sources', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const [inv, meter] = [await device(id, 'inverter'), await device(id, 'meter')];
    const [a, b] = [midnight('2026-06-10', tz), midnight('2026-06-10', tz, 1)];
    await write(samples(inv, a, b, () => ({ w: 1000, points: { W: 1000 } })));
    // Meter buys 600 W all day: counter +50 Wh per 5 min, from a reading just before the day.
    await write(samples(meter, a - STEP, b, (_, k) => ({ w: 600, eIn: 1e6 + 50 * k, eOut: 5e5 })));

    const day = await stats(id, 1, '2026-06-10');
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets[9]).toMatchObject({ label: '09:00', productionKwh: 1, gridBuyKwh: 0.6 });
    expect(day.totals).toMatchObject({ productionKwh: 24, gridBuyKwh: 14.4, gridSellKwh: 0 });
    expect(day.energySource).toBe('mixed');

    const month = await stats(id, 2, '2026-06-01');
    expect(month.buckets[9]).toMatchObject({ label: '2026-06-10', productionKwh: 24 });
    expect(month.buckets[10]!.productionKwh).toBeNull();
    const year = await stats(id, 3, '2026-06-10');
    expect(year.buckets[5]).toMatchObject({ label: '2026-06', productionKwh: 24 });
  });

  it('says power for a power-only site and null for an empty day', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    await write(samples(inv, midnight('2026-06-10', tz), midnight('2026-06-11', tz), () => ({ w: 500 })));
    expect((await stats(id, 1, '2026-06-10')).energySource).toBe('power');
    const empty = await stats(id, 1, '2026-06-12');
    expect(empty.totals.productionKwh).toBeNull();
    expect(empty.energySource).toBeNull();
  });

  it('counts a device offline half the day as no energy for that half', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    const a = midnight('2026-06-10', tz);
    await write(samples(inv, a, a + 12 * 3_600_000, () => ({ w: 2000 })));
    const day = await stats(id, 1, '2026-06-10');
    expect(day.totals.productionKwh).toBe(24);
    expect(day.buckets[11]!.productionKwh).toBe(2);
    expect(day.buckets[12]!.productionKwh).toBeNull();
  });

  it('counts a counter reset from zero instead of losing or inverting the day', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const meter = await device(id, 'meter');
    const a = midnight('2026-06-10', tz);
    // 50 Wh per step; after 12:00 the counter restarts from 0 (a replaced or reset meter).
    await write(
      samples(meter, a - STEP, midnight('2026-06-11', tz), (_, k) => ({
        eIn: k <= 144 ? 7e6 + 50 * k : 50 * (k - 144),
        eOut: 0,
      })),
    );
    const day = await stats(id, 1, '2026-06-10');
    expect(day.totals.gridBuyKwh).toBe(14.4);
    expect(day.buckets[12]!.gridBuyKwh).toBe(0.6);
    expect(day.energySource).toBe('counter');
  });

  it('keeps the power energy before a counter that starts mid-day', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    const a = midnight('2026-06-10', tz);
    const noon = a + 12 * 3_600_000;
    // 1 kW all day; the WH counter (from a firmware update) appears at 12:00.
    await write(
      samples(inv, a, midnight('2026-06-11', tz), (ts, k) => ({
        w: 1000,
        eIn: ts >= noon ? 9e6 + (1000 * (k - 144)) / 12 : null,
      })),
    );
    const day = await stats(id, 1, '2026-06-10');
    expect(day.buckets[11]!.productionKwh).toBe(1);
    expect(day.buckets[13]!.productionKwh).toBe(1);
    // Counter energy of a step goes to the bucket of the reading that ends it, so the step
    // 23:55 → 24:00 belongs to the next day: 12 kWh from power + 12 h − 5 min from the counter.
    expect((await stats(id, 2, '2026-06-10')).buckets[9]!.productionKwh).toBe(23.917);
    expect(day.energySource).toBe('mixed');
  });

  it('corrects yesterday when a late sample fills its gap', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    const a = midnight('2026-06-10', tz);
    const hole = (ts: number) => ts > a + 10 * 3_600_000 && ts < a + 11 * 3_600_000;
    const all = samples(inv, a, midnight('2026-06-11', tz, 1), () => ({ w: 1200 }));
    await write(all.filter((r) => !hole(r.ts.getTime())));
    expect((await stats(id, 1, '2026-06-10')).totals.productionKwh).toBe(27.6);
    await write(all.filter((r) => hole(r.ts.getTime())));
    const after = await stats(id, 1, '2026-06-10');
    expect(after.totals.productionKwh).toBe(28.8);
    expect(after.buckets[10]!.productionKwh).toBe(1.2);
    expect((await stats(id, 2, '2026-06-10')).buckets[9]!.productionKwh).toBe(28.8);
  });

  it('cuts DST days of 23 and 25 hours in the site zone', async () => {
    const tz = 'Europe/Berlin';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    for (const date of ['2026-03-29', '2026-10-25']) {
      await write(samples(inv, midnight(date, tz), midnight(date, tz, 1), () => ({ w: 1000 })));
    }
    const spring = await stats(id, 1, '2026-03-29');
    expect(spring.buckets).toHaveLength(23);
    expect(spring.totals.productionKwh).toBe(23);
    const autumn = await stats(id, 1, '2026-10-25');
    expect(autumn.buckets).toHaveLength(25);
    expect(autumn.totals.productionKwh).toBe(25);
    expect((await stats(id, 2, '2026-10-01')).buckets[24]!.productionKwh).toBe(25);
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Honolulu'])('cuts the local day of a site in %s', async (tz) => {
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    // Power only between 06:00 and 18:00 local: 12 h × 1.5 kW on the local day only.
    const a = midnight('2026-06-10', tz);
    await write(samples(inv, a + 6 * 3_600_000, a + 18 * 3_600_000, () => ({ w: 1500 })));
    const month = await stats(id, 2, '2026-06-10');
    expect(month.buckets[9]).toMatchObject({ label: '2026-06-10', productionKwh: 18 });
    expect(month.buckets[8]!.productionKwh).toBeNull();
    expect(month.buckets[10]!.productionKwh).toBeNull();
    const day = await stats(id, 1, '2026-06-10');
    expect(day.buckets[6]).toMatchObject({ label: '06:00', productionKwh: 1.5 });
  });

  it('gives today’s energy of a power-only device in list/real, marked as from power', async () => {
    const tz = 'UTC';
    const id = await site(tz);
    const inv = await device(id, 'inverter');
    const now = Date.now();
    // Whole 5-minute steps since max(local midnight, now − 2 h), aligned to the day start.
    const start = Math.max(startOfDayAt(now, tz), now - 2 * 3_600_000);
    const from = startOfDayAt(now, tz) + Math.ceil((start - startOfDayAt(now, tz)) / STEP) * STEP;
    const rows = samples(inv, from, now, () => ({ w: 1200, points: { W: 1200 } }));
    await write(rows);
    const res = await t.app.inject({ method: 'GET', url: `${REAL}?stationIds=${id}`, headers: { token } });
    const body = res.json() as { status: number; data: StationReal[] };
    // Each 5-minute step at 1.2 kW is 0.1 kWh.
    expect(body.data[0]!.today.productionKwh).toBeCloseTo((rows.length - 1) * 0.1, 2);
    expect(body.data[0]!.todaySource).toBe('power');
    expect(body.data[0]!.devices![0]).toMatchObject({ todaySource: 'power' });
  });
});
