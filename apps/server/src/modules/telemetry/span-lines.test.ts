/**
 * Issue 12 station/lines over a span: the resolution follows the span and the chart width,
 * unitUpgrade scales power (W→kW→MW) and energy (kWh→MWh→GWh) and says the unit, fullTime fills the
 * span with empty slots; day and month energy comes from the rollups. Real server, real database.
 */
import type { Lines } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelemetryRow, writeSamples } from '../../ingest/writer';
import { localToday, startOfLocalDay } from '../../shared/zoned-time';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { chooseResolution, resolutionName } from './span-lines';

const URL_ = '/owner_api/webpvesc/ajax/station/lines';
const TZ = 'Europe/Berlin';

describe('GET station/lines over a span (issue 12)', () => {
  let t: TestApp;
  let token: string;
  let stationId = 0;
  const get = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_}?stationId=${stationId}&${query}`,
      headers: { token },
    });
    return res.json() as { status: number; data: Lines };
  };
  const key = (l: Lines, k: string) => l.series.find((s) => s.key === k);

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    token = await signIn(t.app, owner);
    stationId = (await buildStation(t.db, { ownerId: owner.id, timeZone: TZ })).id;
    const inv = await buildDevice(t.db, { stationId, deviceType: 'inverter' });
    // 2 MW around the clock from 2026-01-01 to 2026-04-30 (local), every 5 minutes.
    const from = startOfLocalDay(2026, 1, 1, TZ);
    const to = startOfLocalDay(2026, 5, 1, TZ);
    const rows: TelemetryRow[] = [];
    for (let ts = from; ts <= to; ts += 300_000) {
      rows.push({
        deviceId: inv.id,
        ts: new Date(ts),
        w: 2_000_000,
        soc: null,
        eIn: null,
        eOut: null,
        points: {},
      });
    }
    for (let i = 0; i < rows.length; i += 5000) await writeSamples(t.db, rows.slice(i, i + 5000));
  });
  afterAll(() => t.close());

  it('picks the resolution from the span and the chart width', () => {
    const name = (days: number, width?: number) => resolutionName(chooseResolution(days, 5, width));
    expect([name(1), name(2), name(7), name(8), name(92), name(93)]).toEqual([
      '5min',
      '1h',
      '1h',
      '1d',
      '1d',
      '1mo',
    ]);
    expect(name(1, 100)).toBe('15min');
    expect(name(1, 40)).toBe('30min');
    expect(name(1, 20)).toBe('1h');
    expect(name(7, 50)).toBe('1d');
    expect(resolutionName(chooseResolution(1, 30))).toBe('30min');
  });

  it('answers a week hourly and three months daily, with energy in MWh under unitUpgrade', async () => {
    const week = await get('searchDate=2026-03-25&endDate=2026-03-31&unitUpgrade=true');
    expect(week.status).toBe(0);
    expect(week.data.resolution).toBe('1h');
    // 2026-03-29 has 23 hours in Berlin.
    expect(week.data.times).toHaveLength(7 * 24 - 1);
    expect(key(week.data, 'production')).toMatchObject({ unit: 'kW' });
    expect(key(week.data, 'production')!.values[5]).toBe(2000);
    expect(key(week.data, 'productionEnergy')).toBeUndefined();

    const months = await get('searchDate=2026-02-01&endDate=2026-04-30&unitUpgrade=true');
    expect(months.data.resolution).toBe('1d');
    expect(months.data.times).toHaveLength(28 + 31 + 30);
    const energy = key(months.data, 'productionEnergy')!;
    expect(energy.unit).toBe('MWh');
    expect(energy.values[0]).toBe(48);
    expect(energy.values[28 + 28]).toBe(46); // 2026-03-29, 23 h
    const plain = await get('searchDate=2026-02-01&endDate=2026-04-30');
    expect(key(plain.data, 'productionEnergy')).toMatchObject({ unit: 'kWh' });
    expect(key(plain.data, 'productionEnergy')!.values[0]).toBe(48_000);
    expect(key(plain.data, 'production')).toMatchObject({ unit: 'W' });
  });

  it('answers a year by month, fills it with empty slots under fullTime and stops at now without', async () => {
    const year = new Date().getUTCFullYear();
    const full = await get(`searchDate=${year}-01-01&endDate=${year}-12-31&fullTime=true&unitUpgrade=true`);
    expect(full.data.resolution).toBe('1mo');
    expect(full.data.times).toHaveLength(12);
    const thisMonth = Number(localToday(TZ).slice(5, 7));
    const upToNow = await get(`searchDate=${year}-01-01&endDate=${year}-12-31`);
    expect(upToNow.data.times).toHaveLength(thisMonth);
    if (year === 2026) {
      const e = key(full.data, 'productionEnergy')!;
      // 1,488 MWh in January: below 10,000 MWh, so MWh (one unit per chart, as for power).
      expect(e.unit).toBe('MWh');
      expect(e.values[0]).toBe(1488);
      expect(e.values[11]).toBeNull();
    }
  });

  it('refuses an end before the start', async () => {
    const bad = await get('searchDate=2026-03-10&endDate=2026-03-01');
    expect(bad.status).not.toBe(0);
  });
});
