import type { Lines } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../shared/zoned-time';
import { buildDevice, buildStation, buildUser, signIn, writeSyntheticDay } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { buildKnownSite, KNOWN_PROFILE, type KnownSite } from './known-site.fixture';

const URL_ = '/owner_api/webpvesc/ajax/station/lines';
const TZ = 'Europe/Berlin';
const hours = Array.from({ length: 24 }, (_, h) => h);

describe('GET station/lines', () => {
  let t: TestApp;
  let token: string;
  let site: KnownSite;
  let otherSite: KnownSite;
  let smallStationId = 0;

  const get = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { token } });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: Lines } };
  };
  const series = (lines: Lines, key: string) => lines.series.find((s) => s.key === key);

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    token = await signIn(t.app, owner);
    site = await buildKnownSite(t.db, owner.id, TZ, [{ date: '2026-06-10', skipHours: [3, 4] }]);
    otherSite = await buildKnownSite(t.db, (await buildUser(t.db)).id, TZ, []);
    // A small PV site today: 400 W since local midnight.
    const small = await buildStation(t.db, { ownerId: owner.id, timeZone: 'Asia/Tokyo' });
    smallStationId = small.id;
    const inverter = await buildDevice(t.db, { stationId: small.id, deviceType: 'inverter' });
    await writeSyntheticDay(t.db, inverter, {
      date: localToday('Asia/Tokyo'),
      timeZone: 'Asia/Tokyo',
      until: Date.now(),
      profile: { w: () => 400 },
    });
  });
  afterAll(() => t.close());

  it('draws hourly site series from the rollup, in W, with gaps as null', async () => {
    const { body } = await get(`stationId=${site.stationId}&searchDate=2026-06-10&interval=60`);
    expect(body.status).toBe(0);
    const lines = body.data;
    expect(lines).toMatchObject({
      stationId: site.stationId,
      deviceId: null,
      searchDate: '2026-06-10',
      timeZone: TZ,
    });
    expect(lines.times).toHaveLength(24);
    expect(lines.times[0]).toBe('2026-06-09T22:00:00.000Z');
    expect(lines.series.map((s) => s.key)).toEqual([
      'production',
      'consumption',
      'gridBuy',
      'gridSell',
      'charge',
      'discharge',
      'soc',
    ]);
    const gap = (h: number, v: number) => (h === 3 || h === 4 ? null : v);
    expect(series(lines, 'production')).toEqual({
      key: 'production',
      unit: 'W',
      values: hours.map((h) => gap(h, KNOWN_PROFILE.inverter(h))),
    });
    expect(series(lines, 'consumption')!.values).toEqual(
      hours.map((h) => gap(h, h >= 18 && h <= 21 ? 1800 : 600)),
    );
    expect(series(lines, 'gridBuy')!.values).toEqual(hours.map((h) => gap(h, h >= 8 && h <= 15 ? 0 : 600)));
    expect(series(lines, 'gridSell')!.values).toEqual(hours.map((h) => gap(h, h >= 8 && h <= 15 ? 1200 : 0)));
    expect(series(lines, 'charge')!.values[9]).toBe(600);
    expect(series(lines, 'discharge')!.values[19]).toBe(1200);
    expect(series(lines, 'soc')).toEqual({
      key: 'soc',
      unit: '%',
      values: hours.map((h) => gap(h, 20 + 2 * h)),
    });
  });

  it('scales every power series to kW with unitUpgrade', async () => {
    const { body } = await get(
      `stationId=${site.stationId}&searchDate=2026-06-10&interval=60&unitUpgrade=true`,
    );
    expect(series(body.data, 'production')).toMatchObject({ unit: 'kW' });
    expect(series(body.data, 'production')!.values[9]).toBe(2.4);
    expect(series(body.data, 'consumption')).toMatchObject({ unit: 'kW' });
    expect(series(body.data, 'consumption')!.values[0]).toBe(0.6);
    expect(series(body.data, 'soc')).toMatchObject({ unit: '%' });
    expect(series(body.data, 'soc')!.values[5]).toBe(30);
  });

  it('keeps W with unitUpgrade when every value is below 1 kW', async () => {
    const { body } = await get(`stationId=${smallStationId}&interval=60&unitUpgrade=true`);
    expect(series(body.data, 'production')).toMatchObject({ unit: 'W' });
    expect(series(body.data, 'production')!.values[0]).toBe(400);
  });

  it('stops at now for today unless fullTime, whose later buckets are null', async () => {
    const today = localToday('Asia/Tokyo');
    const upToNow = await get(`stationId=${smallStationId}&interval=5`);
    expect(upToNow.body.data.searchDate).toBe(today);
    const n = upToNow.body.data.times.length;
    const last = Date.parse(upToNow.body.data.times[n - 1]!);
    expect(last).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - last).toBeLessThan(600_000);
    const full = await get(`stationId=${smallStationId}&interval=5&fullTime=true&searchDate=${today}`);
    expect(full.body.data.times).toHaveLength(288);
    const values = series(full.body.data, 'production')!.values;
    expect(values.slice(0, n - 1).every((v) => v === 400)).toBe(true);
    expect(values.slice(n).every((v) => v === null)).toBe(true);
  });

  it('gives 5-minute, 15-minute and DST-length days', async () => {
    const five = await get(`stationId=${site.stationId}&searchDate=2026-06-10`);
    expect(five.body.data.times).toHaveLength(288);
    const quarter = await get(`stationId=${site.stationId}&searchDate=2026-06-10&interval=15`);
    expect(quarter.body.data.times).toHaveLength(96);
    const spring = await get(`stationId=${site.stationId}&searchDate=2026-03-29&interval=60&fullTime=true`);
    expect(spring.body.data.times).toHaveLength(23);
    expect(series(spring.body.data, 'production')!.values.every((v) => v === null)).toBe(true);
    const autumn = await get(`stationId=${site.stationId}&searchDate=2026-10-25&interval=60`);
    expect(autumn.body.data.times).toHaveLength(25);
  });

  it('draws one device’s power and SOC with deviceId', async () => {
    const { body } = await get(
      `stationId=${site.stationId}&deviceId=${site.batteryId}&searchDate=2026-06-10&interval=60`,
    );
    expect(body.data.deviceId).toBe(site.batteryId);
    expect(body.data.series.map((s) => s.key)).toEqual(['W', 'SoC']);
    expect(body.data.series[0]!.values[9]).toBe(-600);
    expect(body.data.series[0]!.values[3]).toBeNull();
    expect(body.data.series[1]!.values[10]).toBe(40);
  });

  it('refuses a device of another station, another user’s station and bad input', async () => {
    const foreignDevice = await get(
      `stationId=${site.stationId}&deviceId=${otherSite.inverterId}&searchDate=2026-06-10&languageId=2`,
    );
    expect(foreignDevice.http).toBe(200);
    expect(foreignDevice.body).toEqual({ status: 40300, msg: '无操作权限', data: null });
    const missingDevice = await get(`stationId=${site.stationId}&deviceId=987654&languageId=2`);
    expect(missingDevice.body).toEqual(foreignDevice.body);
    const foreignStation = await get(`stationId=${otherSite.stationId}&languageId=1`);
    expect(foreignStation.body).toEqual({ status: 40300, msg: 'No operation authority', data: null });
    const badDate = await get(`stationId=${site.stationId}&searchDate=2026-13-45&languageId=2`);
    expect(badDate.http).toBe(200);
    expect(badDate.body).toMatchObject({ status: 40000, msg: '请输入 YYYY-MM-DD 格式的日期' });
    const badInterval = await get(`stationId=${site.stationId}&interval=7&languageId=1`);
    expect(badInterval.body).toMatchObject({ status: 42200, msg: 'Data out of range' });
  });
});
