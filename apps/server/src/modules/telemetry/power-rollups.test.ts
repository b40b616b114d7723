/**
 * Issue 12 (powerroll): power and SOC in the hour, day and month rollups. A week line (1-hour buckets),
 * a month line (1-day buckets) and a year line (1-month buckets) read from the rollups equal the same
 * lines built from the 5-minute rows,
 * per device (W and SoC): across both DST days, after a late sample into a past day the job already
 * rolled up, at sites on UTC+14 and UTC−10 (with today read live), and for devices with power only
 * (an inverter without counter, a sensor). Real server, real database.
 */
import type { Lines } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelemetryRow, writeSamples } from '../../ingest/writer';
import { localToday, nextDay, parseLocalDate } from '../../shared/zoned-time';
import { buildDevice, buildStation } from '../../test/factories';
import { buildOwnerApp, type TestApp } from '../../test/helper';
import { localDayRange } from './bucket-edges';
import { scalePower } from './power-unit';
import { loadPowerBuckets } from './rollup-power';
import { refreshRollups } from './rollup-refresh';
import { chooseResolution, daysInSpan, spanBuckets } from './span-lines';

const LINES = '/owner_api/webpvesc/ajax/station/lines';
const STEP = 5 * 60_000;

let t: TestApp;
let token = '';
let ownerId = 0;

/** Samples every 5 min in [from, to): W varies with the sample, SOC too when `soc`. */
function samples(deviceId: number, from: number, to: number, opts: { soc?: boolean; offset?: number } = {}) {
  const out: TelemetryRow[] = [];
  for (let ts = from, k = 0; ts < to; ts += STEP, k++) {
    out.push({
      deviceId,
      ts: new Date(ts),
      w: Math.round(1000 * Math.sin(k / 17) + (opts.offset ?? 500) + (k % 7) * 3.3),
      soc: opts.soc ? 20 + (k % 61) : null,
      eIn: null,
      eOut: null,
      points: {},
    });
  }
  return out;
}
const write = async (rows: TelemetryRow[]) => {
  for (let i = 0; i < rows.length; i += 5000) await writeSamples(t.db, rows.slice(i, i + 5000));
};
const day0 = (date: string, tz: string) => localDayRange(parseLocalDate(date)!, tz).start;

/** One device's span line from the API (fullTime unless `cutAtNow`). */
async function apiLine(stationId: number, deviceId: number, from: string, to: string, cutAtNow = false) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${LINES}?stationId=${stationId}&deviceId=${deviceId}&searchDate=${from}&endDate=${to}${cutAtNow ? '' : '&fullTime=true'}`,
    headers: { token },
  });
  const body = res.json() as { status: number; data: Lines };
  expect(body.status).toBe(0);
  return body.data;
}

/** The same device line built from the 5-minute rows: W and SOC per bucket as the API rounds them. */
async function fiveMinuteLine(deviceId: number, from: string, to: string, tz: string, cutAtNow = false) {
  const resolution = chooseResolution(daysInSpan(from, to), 5);
  const all = spanBuckets(from, to, tz, resolution);
  const buckets = cutAtNow ? all.filter((b) => b.start <= Date.now()) : all;
  const rows = await loadPowerBuckets(t.db, [deviceId], buckets);
  const w: (number | null)[] = buckets.map(() => null);
  const soc: (number | null)[] = buckets.map(() => null);
  for (const r of rows) {
    w[r.index] = scalePower(r.w, 'W');
    soc[r.index] = scalePower(r.soc, 'W');
  }
  return { times: buckets.map((b) => new Date(b.start).toISOString()), w, soc };
}

/** Expects the API line of a device to equal the 5-minute line; returns the API line. */
async function expectSameLine(
  stationId: number,
  deviceId: number,
  from: string,
  to: string,
  tz: string,
  cutAtNow = false,
) {
  const line = await apiLine(stationId, deviceId, from, to, cutAtNow);
  const raw = await fiveMinuteLine(deviceId, from, to, tz, cutAtNow);
  expect(line.times).toEqual(raw.times);
  expect(line.series.find((s) => s.key === 'W')?.values).toEqual(raw.w);
  const soc = line.series.find((s) => s.key === 'SoC');
  if (soc) expect(soc.values).toEqual(raw.soc);
  // Something was measured in the span, so an empty read cannot pass.
  expect(raw.w.some((v) => v !== null)).toBe(true);
  return line;
}

describe('power and SOC from the hour, day and month rollups (issue 12, powerroll)', () => {
  beforeAll(async () => {
    ({ t, ownerId, token } = await buildOwnerApp());
  });
  afterAll(() => t.close());

  it('gives week, month and year lines equal to the 5-minute ones across DST days and after late samples', async () => {
    const tz = 'Europe/Berlin';
    const s = await buildStation(t.db, { ownerId, timeZone: tz });
    const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
    const bat = await buildDevice(t.db, { stationId: s.id, deviceType: 'battery' });
    const sensor = await buildDevice(t.db, { stationId: s.id, deviceType: 'sensor' });
    // Both DST changes (2026-03-29: 23 h, 2026-10-25: 25 h) and a summer day; 31 March stops at 22:00.
    const spans: [string, number][] = [
      ['2026-03-27', day0('2026-03-31', tz) + 22 * 3_600_000],
      ['2026-06-15', day0('2026-06-16', tz)],
      ['2026-10-23', day0('2026-10-28', tz)],
    ];
    for (const [first, end] of spans) {
      await write(samples(inv.id, day0(first, tz), end));
      await write(samples(bat.id, day0(first, tz), end, { soc: true, offset: -200 }));
      await write(samples(sensor.id, day0(first, tz), end, { offset: 40 }));
    }
    while ((await refreshRollups(t.db)) > 0) {
      // build every marked day, as the job does
    }
    // The rollups hold the power of every device type, a device with power only included.
    const held = await t.db.query<{ deviceId: number; n: number }>(
      `SELECT device_id AS "deviceId", count(*)::int AS n FROM energy_monthly
       WHERE device_id = ANY($1::int[]) AND w_count > 0 GROUP BY 1 ORDER BY 1`,
      [[inv.id, bat.id, sensor.id]],
    );
    expect(held.rows).toEqual([inv.id, bat.id, sensor.id].map((deviceId) => ({ deviceId, n: 3 })));

    for (const d of [inv, bat, sensor]) {
      await expectSameLine(s.id, d.id, '2026-03-01', '2026-03-31', tz);
      await expectSameLine(s.id, d.id, '2026-10-01', '2026-10-31', tz);
      const year = await expectSameLine(s.id, d.id, '2026-01-01', '2026-12-31', tz);
      expect(year.resolution).toBe('1mo');
      const week = await expectSameLine(s.id, d.id, '2026-03-26', '2026-04-01', tz);
      expect(week.resolution).toBe('1h');
      expect(week.times).toHaveLength(7 * 24 - 1);
      await expectSameLine(s.id, d.id, '2026-10-22', '2026-10-28', tz);
    }
    // The hourly rollup holds the local hours: 23 on the spring DST day.
    const hours = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM telemetry_hourly WHERE device_id = $1 AND bucket >= $2 AND bucket < $3`,
      [
        inv.id,
        new Date(day0('2026-03-29', tz)).toISOString(),
        new Date(day0('2026-03-30', tz)).toISOString(),
      ],
    );
    expect(hours.rows[0]?.n).toBe(23);
    const month = await apiLine(s.id, bat.id, '2026-03-01', '2026-03-31');
    expect(month.resolution).toBe('1d');
    // The 23-hour day holds 276 samples, not 288: its average is of its own rows.
    const dst = await t.db.query<{ n: number }>(
      `SELECT w_count AS n FROM energy_daily WHERE device_id = $1 AND day = '2026-03-29'`,
      [inv.id],
    );
    expect(dst.rows[0]?.n).toBe(276);

    // A late sample into 31 March after the job ran: the day, the month and the year follow.
    const beforeYear = await apiLine(s.id, bat.id, '2026-01-01', '2026-12-31');
    const late = (minutes: number, soc: number) =>
      write([
        {
          deviceId: bat.id,
          ts: new Date(day0('2026-03-31', tz) + minutes * 60_000),
          w: 90_000,
          soc,
          eIn: null,
          eOut: null,
          points: {},
        },
      ]);
    await late(23 * 60 + 30, 99.5);
    // The week line first: its read alone must bring the late sample in (flush before the read).
    const afterWeek = await expectSameLine(s.id, bat.id, '2026-03-26', '2026-04-01', tz);
    const lateHour = afterWeek.times.indexOf(new Date(day0('2026-03-31', tz) + 23 * 3_600_000).toISOString());
    expect(afterWeek.series.find((x) => x.key === 'SoC')?.values[lateHour]).toBe(99.5);
    // Another one, read first by the month line.
    await late(23 * 60 + 45, 98.5);
    const afterMonth = await expectSameLine(s.id, bat.id, '2026-03-01', '2026-03-31', tz);
    expect(afterMonth.series.find((x) => x.key === 'SoC')?.values[30]).toBe(98.5);
    const afterYear = await expectSameLine(s.id, bat.id, '2026-01-01', '2026-12-31', tz);
    expect(afterYear.series.find((x) => x.key === 'SoC')?.values[2]).toBe(98.5);
    expect(afterYear.series.find((x) => x.key === 'W')?.values[2]).not.toEqual(
      beforeYear.series.find((x) => x.key === 'W')?.values[2],
    );
  });

  it('cuts days and months in the site zone at UTC+14 and UTC−10, today read live', async () => {
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Honolulu']) {
      const s = await buildStation(t.db, { ownerId, timeZone: tz });
      const inv = await buildDevice(t.db, { stationId: s.id, deviceType: 'inverter' });
      const bat = await buildDevice(t.db, { stationId: s.id, deviceType: 'battery' });
      // New Year's Eve and Day local: both are other UTC days than local ones.
      for (const d of [inv, bat]) {
        await write(
          samples(d.id, day0('2025-12-31', tz), day0('2026-01-02', tz), { soc: d === bat, offset: 300 }),
        );
      }
      // Yesterday and today up to now, so the current month mixes daily rows and live 5-minute rows.
      const today = localToday(tz);
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      for (const d of [inv, bat]) {
        await write(samples(d.id, day0(yesterday, tz), Date.now() - 60_000, { soc: d === bat }));
      }
      await refreshRollups(t.db);
      for (const d of [inv, bat]) {
        await expectSameLine(s.id, d.id, '2025-12-01', '2026-01-31', tz);
        await expectSameLine(s.id, d.id, '2025-01-01', '2026-12-31', tz);
        const first = `${yesterday.slice(0, 7)}-01`;
        await expectSameLine(s.id, d.id, first, nextDay(today), tz, true);
        // A sample at the start of the current hour, so that the last slot of a line cut at now holds
        // one whatever the minute (the 5-minute grid above ends a minute before the test's start).
        const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
        await write(samples(d.id, hourStart, hourStart + 1, { soc: d === bat }));
        const live = await expectSameLine(s.id, d.id, first, today, tz, true);
        expect(live.series.find((x) => x.key === 'W')?.values.at(-1)).not.toBeNull();
        const weekStart = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const week = await expectSameLine(s.id, d.id, weekStart, today, tz, true);
        expect(week.resolution).toBe('1h');
        expect(week.series.find((x) => x.key === 'W')?.values.at(-1)).not.toBeNull();
        await expectSameLine(s.id, d.id, '2025-12-27', '2026-01-02', tz);
      }
    }
  });
});
