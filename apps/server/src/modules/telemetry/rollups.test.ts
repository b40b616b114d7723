/**
 * Issue 12 rollups: the daily and monthly energy rollups give exactly the figures of the 5-minute rows
 * (DST days, a late sample changing yesterday, a counter reset, a counter that starts mid-history, a
 * power-only device next to a counter device), the writer marks the days it changes, and the
 * statistics of a month, a year, a group and all sites read them. Real server, real database.
 */
import type { Statistics } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelemetryRow, writeSamples } from '../../ingest/writer';
import { localToday, nextDay, parseLocalDate, startOfLocalDay } from '../../shared/zoned-time';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildOwnerApp, type TestApp } from '../../test/helper';
import { loadSitePeriods } from '../reports/daily-energy';
import { localDayRange } from './bucket-edges';
import { type EnergyDevice, loadBucketEnergy } from './bucket-energy';
import { loadRollupEnergy } from './rollup-read';
import { rebuildRollups, refreshRollups } from './rollup-refresh';

const STATS = '/owner_api/webpvesc/ajax/station/statistics';
const STEP = 5 * 60_000;
const TZ = 'Europe/Berlin';

let t: TestApp;

/** Samples every 5 min in [from, to) with `fields` of each instant. */
function samples(
  deviceId: number,
  from: number,
  to: number,
  fields: (t: number, k: number) => Partial<TelemetryRow>,
) {
  const out: TelemetryRow[] = [];
  for (let ts = from, k = 0; ts < to; ts += STEP, k++) {
    out.push({
      deviceId,
      ts: new Date(ts),
      w: null,
      soc: null,
      eIn: null,
      eOut: null,
      points: {},
      ...fields(ts, k),
    });
  }
  return out;
}
const write = async (rows: TelemetryRow[]) => {
  for (let i = 0; i < rows.length; i += 5000) await writeSamples(t.db, rows.slice(i, i + 5000));
};
const day0 = (date: string, tz = TZ) => localDayRange(parseLocalDate(date)!, tz).start;
const days = (from: string, n: number) => {
  const out = [from];
  while (out.length < n) out.push(nextDay(out[out.length - 1]!));
  return out;
};

/** Per-day figures of `devices` from the rollups and from the 5-minute rows, side by side. */
async function compareDays(devices: EnergyDevice[], dates: string[], tz = TZ) {
  const end = nextDay(dates[dates.length - 1]!);
  const rolled = await loadRollupEnergy(
    t.db,
    devices.map((d) => ({ ...d, timeZone: tz })),
    dates,
    end,
  );
  const raw = await loadBucketEnergy(
    t.db,
    devices,
    dates.map((d) => new Date(day0(d, tz))),
    new Date(day0(end, tz)),
  );
  return { rolled, raw };
}

/** Expects equal figures (to 1e-6 Wh) and sources. */
function expectSame(
  a: Awaited<ReturnType<typeof loadBucketEnergy>>,
  b: Awaited<ReturnType<typeof loadBucketEnergy>>,
) {
  expect(a.devices.length).toBe(b.devices.length);
  a.devices.forEach((d, i) => {
    const o = b.devices[i]!;
    for (const dir of ['eIn', 'eOut'] as const) {
      expect(d[dir].map((v) => v === null)).toEqual(o[dir].map((v) => v === null));
      d[dir].forEach((v, k) => {
        if (v !== null) expect(v).toBeCloseTo(o[dir][k]!, 6);
      });
    }
  });
  expect(new Set(a.sources)).toEqual(new Set(b.sources));
}

describe('daily and monthly energy rollups (issue 12)', () => {
  let token: string;
  let ownerId = 0;
  const stats = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${STATS}?${query}`, headers: { token } });
    return res.json() as { status: number; data: Statistics };
  };

  beforeAll(async () => {
    ({ t, ownerId, token } = await buildOwnerApp());
  });
  afterAll(() => t.close());

  it('cuts DST days of 23 and 25 hours in the site zone and equals the 5-minute figures', async () => {
    const s = await buildStation(t.db, { ownerId, timeZone: TZ });
    const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
    for (const first of ['2026-03-28', '2026-10-24']) {
      await write(samples(inv.id, day0(first), day0(first) + 3 * 86_400_000, () => ({ w: 1000 })));
    }
    const marked = await t.db.query<{ day: string }>(
      'SELECT day::text AS day FROM rollup_dirty WHERE device_id = $1 ORDER BY day',
      [inv.id],
    );
    expect(marked.rows.map((r) => r.day)).toContain('2026-03-29');
    expect(await refreshRollups(t.db)).toBeGreaterThan(0);
    const daily = await t.db.query<{ day: string; wh: number }>(
      'SELECT day::text AS day, in_power_wh AS wh FROM energy_daily WHERE device_id = $1 ORDER BY day',
      [inv.id],
    );
    const byDay = new Map(daily.rows.map((r) => [r.day, Number(r.wh)]));
    expect(byDay.get('2026-03-29')).toBeCloseTo(23_000, 6);
    expect(byDay.get('2026-10-25')).toBeCloseTo(25_000, 6);
    const dev = [{ deviceId: inv.id, deviceType: 'inverter' }];
    for (const first of ['2026-03-27', '2026-10-23']) {
      const { rolled, raw } = await compareDays(dev, days(first, 5));
      expectSame(rolled, raw);
    }
    const month = await stats(`stationId=${s.id}&statisticsType=2&searchDate=2026-03-01`);
    expect(month.data.buckets[28]!.productionKwh).toBeCloseTo(23, 6);
    expect(month.data.energySource).toBe('power');
  });

  it('corrects yesterday when a late sample fills a gap, and the month and year follow', async () => {
    const s = await buildStation(t.db, { ownerId, timeZone: TZ });
    const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
    const d = '2026-05-10';
    const gapFrom = day0(d) + 10 * 3_600_000;
    const gapTo = gapFrom + 3_600_000;
    const all = samples(inv.id, day0(d), day0(d) + 2 * 86_400_000, () => ({ w: 600 }));
    await write(all.filter((r) => r.ts.getTime() <= gapFrom || r.ts.getTime() >= gapTo));
    const before = await stats(`stationId=${s.id}&statisticsType=2&searchDate=${d}`);
    expect(before.data.buckets[9]!.productionKwh).toBeCloseTo(0.6 * 23, 6);
    expect(before.data.buckets[10]!.productionKwh).toBeCloseTo(0.6 * (24 - 1 / 12), 6);

    await write(all.filter((r) => r.ts.getTime() > gapFrom && r.ts.getTime() < gapTo));
    const dirty = await t.db.query('SELECT 1 FROM rollup_dirty WHERE device_id = $1 AND day = $2', [
      inv.id,
      d,
    ]);
    expect(dirty.rows).toHaveLength(1);
    const after = await stats(`stationId=${s.id}&statisticsType=2&searchDate=${d}`);
    expect(after.data.buckets[9]!.productionKwh).toBeCloseTo(0.6 * 24, 6);
    const year = await stats(`stationId=${s.id}&statisticsType=3&searchDate=${d}`);
    const monthly = await t.db.query<{ wh: number }>(
      `SELECT in_power_wh AS wh FROM energy_monthly WHERE device_id = $1 AND month = '2026-05-01'`,
      [inv.id],
    );
    expect(Number(monthly.rows[0]!.wh)).toBeCloseTo(after.data.totals.productionKwh! * 1000, 6);
    expect(year.data.buckets[4]!.productionKwh).toBeCloseTo(after.data.totals.productionKwh!, 6);
    const total = await stats(`stationId=${s.id}&statisticsType=4`);
    expect(total.data.totals.productionKwh).toBeCloseTo(after.data.totals.productionKwh!, 6);
  });

  it('keeps a counter reset, a counter starting mid-history and a power-only device exact', async () => {
    const s = await buildStation(t.db, { ownerId, timeZone: 'Pacific/Kiritimati' });
    const tz = 'Pacific/Kiritimati';
    const meter = await buildDevice(t.db, { stationId: s.id, deviceType: 'meter' });
    const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
    const first = '2026-07-30';
    const from = day0(first, tz);
    const to = from + 5 * 86_400_000;
    const resetAt = from + 2 * 86_400_000 + 7 * 3_600_000;
    const counterFrom = from + 86_400_000 + 13 * 3_600_000;
    // Meter: power only for a day and a half, then counters; its import counter resets on day 3.
    await write(
      samples(meter.id, from, to, (ts, k) => ({
        w: k % 2 === 0 ? 400 : -200,
        eIn: ts < counterFrom ? null : ts < resetAt ? 50_000 + k * 20 : (k - 500) * 20,
        eOut: ts < counterFrom ? null : 9_000 + k * 5,
      })),
    );
    await write(samples(inv.id, from, to, (ts) => ({ w: 1500 + Math.sin(ts / 3_600_000) * 500 })));
    const devs = [
      { deviceId: meter.id, deviceType: 'meter' },
      { deviceId: inv.id, deviceType: 'inverter' },
    ];
    const daily = await compareDays(devs, days(first, 5), tz);
    expectSame(daily.rolled, daily.raw);
    expect(daily.rolled.sources).toContain('mixed');
    // The whole month at once: the rollup's month equals one 5-minute bucket of the month.
    await write(
      samples(meter.id, to, to + STEP * 3, (_ts, k) => ({ w: 100, eIn: 80_000 + k, eOut: 20_000 })),
    );
    const months = ['2026-07-01', '2026-08-01'];
    const rolled = await loadRollupEnergy(
      t.db,
      devs.map((d) => ({ ...d, timeZone: tz })),
      months,
      '2026-09-01',
    );
    const raw = await loadBucketEnergy(
      t.db,
      devs,
      months.map((m) => new Date(day0(m, tz))),
      new Date(day0('2026-09-01', tz)),
    );
    expectSame(rolled, raw);

    // Reports sum the same day figures per site in SQL: equal to the statistics of each day.
    const august = days('2026-08-01', 31);
    const reportDays = await loadSitePeriods(
      t.db,
      [{ id: s.id, timeZone: tz }],
      new Map([[s.id, devs.map((d) => ({ deviceId: d.deviceId, deviceType: d.deviceType as 'meter' }))]]),
      august,
      false,
    );
    const month = await stats(`stationId=${s.id}&statisticsType=2&searchDate=2026-08-01`);
    // Only the days with a figure are listed; every other day has none in the statistics either.
    const got = new Map(reportDays.get(s.id)!.map((d) => [d.date, d.totals]));
    expect(got.size).toBeGreaterThan(0);
    august.forEach((date, i) => {
      const b = month.data.buckets[i]!;
      for (const k of ['productionKwh', 'gridBuyKwh', 'gridSellKwh', 'consumptionKwh'] as const) {
        const v = got.get(date)?.[k] ?? null;
        if (b[k] === null) expect(v).toBeNull();
        else expect(v).toBeCloseTo(b[k]!, 6);
      }
    });
    expect(got.get('2026-08-01')!.gridBuyKwh).not.toBeNull();
  });

  it('reads today live and adds up a group and all of the caller’s sites', async () => {
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const zones = ['Pacific/Honolulu', 'Europe/Berlin'];
    const ids: number[] = [];
    for (const timeZone of zones) {
      const s = await buildStation(t.db, { ownerId: owner.id, timeZone });
      ids.push(s.id);
      const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
      const today = localToday(timeZone);
      const start = day0(today, timeZone);
      await write(
        samples(inv.id, start - 86_400_000, Math.min(Date.now(), start + 2 * 3_600_000), () => ({ w: 1200 })),
      );
    }
    const get = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `${STATS}?${q}`, headers: { token: tok } })).json() as {
        status: number;
        msg: string;
        data: Statistics;
      };
    const one = await Promise.all(ids.map((id) => get(`stationId=${id}&statisticsType=3`)));
    const all = await get('all=1&statisticsType=3');
    expect(all.status).toBe(0);
    expect(all.data.stationIds).toEqual(ids);
    const sum = one.reduce((a, r) => a + (r.data.totals.productionKwh ?? 0), 0);
    expect(sum).toBeGreaterThan(0);
    expect(all.data.totals.productionKwh).toBeCloseTo(sum, 6);
    // Today comes from the 5-minute rows: its marked day stays for the job.
    const left = await t.db.query(
      'SELECT 1 FROM rollup_dirty d JOIN devices v ON v.id = d.device_id WHERE v.station_id = ANY($1::int[])',
      [ids],
    );
    expect(left.rows.length).toBeGreaterThan(0);

    const group = await t.db.query<{ id: number }>(
      `INSERT INTO station_groups (owner_id, name, is_default) VALUES ($1, 'g', false) RETURNING id`,
      [owner.id],
    );
    const gid = group.rows[0]!.id;
    await t.db.query('INSERT INTO group_stations (user_id, station_id, group_id) VALUES ($1, $2, $3)', [
      owner.id,
      ids[1],
      gid,
    ]);
    const g = await get(`groupId=${gid}&statisticsType=3`);
    expect(g.data.stationIds).toEqual([ids[1]]);
    expect(g.data.totals.productionKwh).toBeCloseTo(one[1]!.data.totals.productionKwh!, 6);
    const foreign = await stats(`groupId=${gid}&statisticsType=3`);
    expect(foreign.status).not.toBe(0);
    const both = await get(`stationId=${ids[0]}&all=1`);
    expect(both.status).not.toBe(0);
  });

  it('recomputes a site’s days after its time zone changes', async () => {
    const s = await buildStation(t.db, { ownerId, timeZone: 'Pacific/Honolulu' });
    const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
    const start = startOfLocalDay(2026, 4, 1, 'Pacific/Honolulu');
    await write(samples(inv.id, start, start + 2 * 86_400_000, () => ({ w: 1000 })));
    await refreshRollups(t.db);
    await t.db.query(`UPDATE stations SET time_zone = 'Pacific/Kiritimati' WHERE id = $1`, [s.id]);
    await rebuildRollups(t.db, [inv.id]);
    const dev = [{ deviceId: inv.id, deviceType: 'inverter' }];
    const { rolled, raw } = await compareDays(dev, days('2026-03-31', 5), 'Pacific/Kiritimati');
    expectSame(rolled, raw);
  });
});
