import type { Statistics } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn, writeSyntheticDay } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { buildKnownSite, type KnownSite } from './known-site.fixture';

const URL_ = '/owner_api/webpvesc/ajax/station/statistics';
const TZ = 'Europe/Berlin';

describe('GET station/statistics', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let site: KnownSite;
  let dstStationId = 0;

  const get = async (query: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { token: tok } });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: Statistics } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    // 2026-06-11 misses hours 10 and 11 (link down): their energy arrives with hour 12.
    site = await buildKnownSite(t.db, owner.id, TZ, [
      { date: '2026-06-10' },
      { date: '2026-06-11', skipHours: [10, 11] },
    ]);
    const dst = await buildStation(t.db, { ownerId: owner.id, timeZone: TZ });
    dstStationId = dst.id;
    const inverter = await buildDevice(t.db, { stationId: dst.id, deviceType: 'inverter' });
    for (const date of ['2026-03-29', '2026-10-25']) {
      await writeSyntheticDay(t.db, inverter, { date, timeZone: TZ, profile: { w: () => 1000 } });
    }
  });
  afterAll(() => t.close());

  it('gives exactly the known kWh per hour of a day and its totals', async () => {
    const { body } = await get(`stationId=${site.stationId}&statisticsType=1&searchDate=2026-06-10`);
    expect(body.status).toBe(0);
    const b = body.data.buckets;
    expect(b).toHaveLength(24);
    expect(b[0]).toEqual({
      label: '00:00',
      start: '2026-06-09T22:00:00.000Z',
      productionKwh: 0,
      consumptionKwh: 0.6,
      gridBuyKwh: 0.6,
      gridSellKwh: 0,
      chargeKwh: 0,
      dischargeKwh: 0,
    });
    expect(b[9]).toMatchObject({
      label: '09:00',
      productionKwh: 2.4,
      gridSellKwh: 1.2,
      chargeKwh: 0.6,
      consumptionKwh: 0.6,
    });
    expect(b[19]).toMatchObject({
      productionKwh: 0,
      gridBuyKwh: 0.6,
      dischargeKwh: 1.2,
      consumptionKwh: 1.8,
    });
    expect(body.data.totals).toEqual({
      productionKwh: 19.2,
      consumptionKwh: 19.2,
      gridBuyKwh: 9.6,
      gridSellKwh: 9.6,
      chargeKwh: 4.8,
      dischargeKwh: 4.8,
    });
    expect(body.data.selfSufficiency).toBe(50);
    expect(body.data.selfConsumption).toBe(50);
  });

  it('leaves hours without data null and counts their energy in the next hour with data', async () => {
    const { body } = await get(`stationId=${site.stationId}&statisticsType=1&searchDate=2026-06-11`);
    const b = body.data.buckets;
    expect(b[10]).toMatchObject({ productionKwh: null, consumptionKwh: null, gridBuyKwh: null });
    expect(b[11]!.productionKwh).toBeNull();
    expect(b[12]).toMatchObject({
      productionKwh: 7.2,
      gridSellKwh: 3.6,
      chargeKwh: 1.8,
      consumptionKwh: 1.8,
    });
    expect(body.data.totals.productionKwh).toBe(19.2);
  });

  it('sums days of a month, months of a year and years in total', async () => {
    const month = await get(`stationId=${site.stationId}&statisticsType=2&searchDate=2026-06-20`);
    expect(month.body.data.buckets).toHaveLength(30);
    expect(month.body.data.buckets[9]).toMatchObject({
      label: '2026-06-10',
      productionKwh: 19.2,
      consumptionKwh: 19.2,
    });
    expect(month.body.data.buckets[10]).toMatchObject({
      label: '2026-06-11',
      productionKwh: 19.2,
      gridBuyKwh: 9.6,
    });
    expect(month.body.data.buckets[11]!.productionKwh).toBeNull();
    expect(month.body.data.totals.productionKwh).toBe(38.4);

    const year = await get(`stationId=${site.stationId}&statisticsType=3&searchDate=2026-01-01`);
    expect(year.body.data.buckets.map((x) => x.label)).toHaveLength(12);
    expect(year.body.data.buckets[5]).toMatchObject({
      label: '2026-06',
      productionKwh: 38.4,
      dischargeKwh: 9.6,
    });
    expect(year.body.data.buckets[4]!.productionKwh).toBeNull();

    const total = await get(`stationId=${site.stationId}&statisticsType=4`);
    expect(total.body.data.buckets).toEqual([
      expect.objectContaining({
        label: '2026',
        productionKwh: 38.4,
        consumptionKwh: 38.4,
        gridSellKwh: 19.2,
      }),
    ]);
  });

  it('has 23 hourly buckets on the spring DST day and 25 on the autumn one (Europe/Berlin)', async () => {
    const spring = await get(`stationId=${dstStationId}&statisticsType=1&searchDate=2026-03-29`);
    expect(spring.body.data.buckets).toHaveLength(23);
    expect(spring.body.data.buckets.every((x) => x.productionKwh === 1)).toBe(true);
    expect(spring.body.data.totals.productionKwh).toBe(23);
    const autumn = await get(`stationId=${dstStationId}&statisticsType=1&searchDate=2026-10-25`);
    expect(autumn.body.data.buckets).toHaveLength(25);
    expect(autumn.body.data.buckets.map((x) => x.label).slice(2, 4)).toEqual(['02:00', '02:00']);
    expect(autumn.body.data.totals.productionKwh).toBe(25);
  });

  it('answers an empty day with null buckets, self-sufficiency 100 and self-consumption 0', async () => {
    const { body } = await get(`stationId=${site.stationId}&statisticsType=1&searchDate=2025-01-05`);
    expect(body.data.buckets.every((x) => x.productionKwh === null && x.consumptionKwh === null)).toBe(true);
    expect(body.data.totals.productionKwh).toBeNull();
    expect(body.data.selfSufficiency).toBe(100);
    expect(body.data.selfConsumption).toBe(0);
  });

  it('refuses another user’s or a missing station alike, and bad input', async () => {
    const foreign = await get(`stationId=${site.stationId}&languageId=2`, otherToken);
    expect(foreign.http).toBe(200);
    expect(foreign.body).toEqual({ status: 40300, msg: '无操作权限', data: null });
    const missing = await get('stationId=424242&languageId=2', otherToken);
    expect(missing.body).toEqual(foreign.body);
    const badDate = await get(`stationId=${site.stationId}&searchDate=2026-13-45&languageId=1`);
    expect(badDate.http).toBe(200);
    expect(badDate.body).toMatchObject({ status: 40000, msg: 'Please enter a date as YYYY-MM-DD' });
    const badType = await get(`stationId=${site.stationId}&statisticsType=9`);
    expect(badType.body.status).toBe(40000);
  });
});
