import type { Report } from '@ems/contract/api/report';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn, writeSyntheticDay } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from '../admin/test-admin';
import { buildKnownSite, type KnownSite } from '../telemetry/known-site.fixture';

const BASE = '/owner_api/webpvesc/ajax/report';
const TZ = 'Europe/Berlin';

describe('reports (issue 8)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let site: KnownSite;
  let pvOnlyId = 0;

  const get = async (path: string, query: string, tok = token) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${path}?${query}`,
      headers: { token: tok },
    });
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: Report } };
  };
  const download = (query: string) =>
    t.app.inject({ method: 'GET', url: `${BASE}/export?${query}`, headers: { token } });
  const siteName = async (id: number) =>
    (await t.db.query<{ name: string }>('SELECT name FROM stations WHERE id = $1', [id])).rows[0]!.name;
  const put = (path: string, payload: object, tok = token) =>
    t.app.inject({ method: 'PUT', url: `${BASE}/${path}`, headers: { token: tok }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    site = await buildKnownSite(t.db, owner.id, TZ, [{ date: '2026-06-10' }, { date: '2026-06-11' }]);
    // PV only (no meter, no battery), 1 kW all day, on a normal day and the day clocks go back.
    const pv = await buildStation(t.db, { ownerId: owner.id, timeZone: TZ, capacityKw: 4 });
    pvOnlyId = pv.id;
    const inverter = await buildDevice(t.db, { stationId: pv.id, deviceType: 'inverter' });
    for (const date of ['2026-06-10', '2026-10-25']) {
      await writeSyntheticDay(t.db, inverter, { date, timeZone: TZ, profile: { w: () => 1000 } });
    }
    // Peak 10–14 at 0.30, valley 22–10 (crossing midnight) at 0.10, else 0.20; feed-in 0.08.
    const tariff = {
      buyPrice: 0.2,
      feedInPrice: 0.08,
      periods: [
        { from: '10:00', to: '14:00', price: 0.3 },
        { from: '22:00', to: '10:00', price: 0.1 },
      ],
    };
    for (const stationId of [site.stationId, pvOnlyId]) {
      expect((await put('tariff', { stationId, ...tariff })).json().status).toBe(0);
    }
  });
  afterAll(() => t.close());

  it('gives a day of the known site with hand-computed energy, ratios, CO2 and money', async () => {
    const { body } = await get(
      'summary',
      `stationIds=${site.stationId}&statisticsType=1&searchDate=2026-06-10`,
    );
    expect(body.status).toBe(0);
    expect(body.data.totals).toEqual({
      productionKwh: 19.2,
      consumptionKwh: 19.2,
      gridBuyKwh: 9.6,
      gridSellKwh: 9.6,
      chargeKwh: 4.8,
      dischargeKwh: 4.8,
      specificYield: 1.92, // 19.2 kWh / 10 kWp
      selfConsumption: 50,
      selfSufficiency: 50,
      co2Kg: 7.3, // 19.2 × 0.38 (DE default)
      revenue: 0.77, // 9.6 × 0.08
      // self-used 1.2 kWh an hour in 8–15: 2 valley hours × 0.10 + 4 peak × 0.30 + 2 flat × 0.20
      savings: 2.16,
    });
    expect(body.data.currency).toBe('EUR');
    const rows = body.data.rows;
    expect(rows).toHaveLength(24);
    expect(rows.find((r) => r.label === '09:00')).toMatchObject({ savings: 0.12, productionKwh: 2.4 });
    expect(rows.find((r) => r.label === '10:00')).toMatchObject({ savings: 0.36 });
    expect(rows.find((r) => r.label === '15:00')).toMatchObject({ savings: 0.24 });
    expect(rows.find((r) => r.label === '00:00')).toMatchObject({ gridBuyKwh: 0.6, productionKwh: 0 });
  });

  it('shows no ratios and no money for a site without a meter', async () => {
    const { body } = await get('summary', `stationIds=${pvOnlyId}&statisticsType=1&searchDate=2026-06-10`);
    expect(body.data.totals).toMatchObject({
      productionKwh: 24,
      gridBuyKwh: null,
      gridSellKwh: null,
      selfConsumption: null,
      selfSufficiency: null,
      specificYield: 6,
      revenue: null,
      savings: null,
    });
  });

  it('has 25 hourly rows on the day clocks go back, the repeated hour twice', async () => {
    const { body } = await get('summary', `stationIds=${pvOnlyId}&statisticsType=1&searchDate=2026-10-25`);
    expect(body.data.rows).toHaveLength(25);
    expect(body.data.rows.filter((r) => r.label === '02:00')).toHaveLength(2);
    expect(body.data.totals.productionKwh).toBe(25);
  });

  it('sums a month per day and all of the caller’s sites together', async () => {
    const month = await get('summary', `stationIds=${site.stationId}&statisticsType=2&searchDate=2026-06-15`);
    expect(month.body.data.rows).toHaveLength(30);
    expect(month.body.data.rows.find((r) => r.label === '2026-06-11')?.productionKwh).toBe(19.2);
    expect(month.body.data.rows.find((r) => r.label === '2026-06-12')?.productionKwh).toBeNull();
    expect(month.body.data.totals.productionKwh).toBe(38.4);
    const all = await get('summary', 'statisticsType=3&searchDate=2026-01-01');
    expect(all.body.data.stationIds.sort()).toEqual([site.stationId, pvOnlyId].sort());
    expect(all.body.data.rows.find((r) => r.label === '2026-06')?.productionKwh).toBe(62.4); // 38.4 + 24
    expect(all.body.data.capacityKwp).toBe(14);
  });

  it('refuses another user’s site and tariff (无操作权限)', async () => {
    const { body } = await get('summary', `stationIds=${site.stationId}&searchDate=2026-06-10`, otherToken);
    expect(body.status).toBe(40300);
    const res = await put('tariff', { stationId: site.stationId, buyPrice: 1, feedInPrice: 1 }, otherToken);
    expect(res.json().status).toBe(40300);
  });

  it('exports the month as .xlsx with numbers as numbers and dates as dates', async () => {
    const res = await download(
      `stationIds=${site.stationId}&statisticsType=2&searchDate=2026-06-15&format=xlsx`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Created on');
    expect(sheet.getCell('B1').value).toBeInstanceOf(Date);
    expect(sheet.getCell('B1').numFmt).toBe('yyyy-mm-dd hh:mm "+00:00"');
    expect(sheet.getCell('B2').value).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(sheet.getCell('D2').value).toBe('Europe/Berlin');
    expect(sheet.getCell('A3').value).toBe('Sites');
    expect(sheet.getCell('B3').value).toBe(await siteName(site.stationId));
    expect(book.title).toBe(await siteName(site.stationId));
    expect(sheet.getCell('B4').value).toBe('Production (kWh)');
    expect(sheet.getCell('L4').value).toBe('Revenue (EUR)');
    expect(sheet.getCell('A5').value).toBe('Total');
    expect(sheet.getCell('B5').value).toBe(38.4);
    expect(sheet.getCell('A15').value).toEqual(new Date('2026-06-10T00:00:00Z'));
    expect(sheet.getCell('B15').value).toBe(19.2);
  });

  it('exports CSV in the caller’s language with units in the headers', async () => {
    const res = await download(
      `stationIds=${site.stationId}&statisticsType=1&searchDate=2026-06-10&format=csv&languageId=2`,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    // The creation time in the user's zone (UTC for this user) and every hour in the site's, with offsets.
    expect(lines[0]).toMatch(/^创建时间,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+00:00$/);
    expect(lines[1]).toBe('时段,2026-06-10,2026-06-10,Europe/Berlin');
    expect(lines[2]).toBe(`电站,${await siteName(site.stationId)}`);
    expect(lines[3]!.split(',').slice(0, 2)).toEqual(['时段', '发电量 (kWh)']);
    expect(lines[4]!.split(',').slice(0, 2)).toEqual(['合计', '19.2']);
    expect(lines[5]!.split(',')[0]).toBe('2026-06-10 00:00 +02:00');
  });

  it('lets only the administrator change a country’s CO2 factor', async () => {
    const denied = await put('co2-factors', { country: 'DE', kgPerKwh: 0.5 });
    expect(denied.json().status).toBe(40300);
    const admin = await signInAdmin(t.app);
    expect((await put('co2-factors', { country: 'DE', kgPerKwh: 0.5 }, admin)).json().status).toBe(0);
    const { body } = await get(
      'summary',
      `stationIds=${site.stationId}&statisticsType=1&searchDate=2026-06-10`,
    );
    expect(body.data.totals.co2Kg).toBe(9.6); // 19.2 × 0.5
    await put('co2-factors', { country: 'DE', kgPerKwh: 0.38 }, admin);
  });

  it('prices a flat tariff per day in month reports (read per day, same energy)', async () => {
    await put('tariff', { stationId: site.stationId, buyPrice: 0.2, feedInPrice: 0.08, periods: [] });
    const { body } = await get(
      'summary',
      `stationIds=${site.stationId}&statisticsType=2&searchDate=2026-06-01`,
    );
    expect(body.data.totals).toMatchObject({
      productionKwh: 38.4,
      gridSellKwh: 19.2,
      revenue: 1.54, // 19.2 × 0.08
      savings: 3.84, // (38.4 − 19.2) × 0.20
      selfConsumption: 50,
    });
    expect(body.data.rows.find((r) => r.label === '2026-06-10')).toMatchObject({
      productionKwh: 19.2,
      savings: 1.92,
    });
  });

  it('sums a year per month in the database with each day’s own meter condition and clips', async () => {
    // Inverter, meter and battery on four March days, flat tariff: buy 0.25, feed-in 0.10.
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const s = await buildStation(t.db, { ownerId: owner.id, timeZone: TZ, capacityKw: 5 });
    expect(
      (await put('tariff', { stationId: s.id, buyPrice: 0.25, feedInPrice: 0.1, periods: [] }, tok)).json()
        .status,
    ).toBe(0);
    const days: { date: string; inverter: number; meter: number; battery: number }[] = [
      { date: '2026-03-10', inverter: 1000, meter: -500, battery: 0 }, // cons 12, self-used 12
      { date: '2026-03-11', inverter: 200, meter: -400, battery: 400 }, // sells more than it makes: self-used 0
      { date: '2026-03-12', inverter: 500, meter: 1000, battery: 0 }, // cons 36, self-used 12
      { date: '2026-03-13', inverter: 0, meter: -500, battery: 0 }, // load −12 floored to 0, self-used 0
    ];
    for (const deviceType of ['inverter', 'meter', 'battery'] as const) {
      const device = await buildDevice(t.db, { stationId: s.id, deviceType });
      let startWh: { eIn: number; eOut: number } | undefined;
      for (const d of days) {
        const w = d[deviceType];
        startWh = await writeSyntheticDay(t.db, device, {
          date: d.date,
          timeZone: TZ,
          profile: { w: () => w },
          startWh,
        });
      }
    }
    const year = await get('summary', `stationIds=${s.id}&statisticsType=3&searchDate=2026-03-01`, tok);
    const march = year.body.data.rows.find((r) => r.label === '2026-03');
    const expected = {
      productionKwh: 40.8,
      gridSellKwh: 33.6,
      gridBuyKwh: 24,
      dischargeKwh: 9.6,
      consumptionKwh: 52.8, // 12 + 4.8 + 36 + 0: each day floored on its own
      savings: 6, // (12 + 0 + 12 + 0) × 0.25, not (40.8 − 33.6) × 0.25
      revenue: 3.36,
      selfConsumption: 17.6, // (1 − 33.6 / 40.8) × 100
      selfSufficiency: 54.5, // (1 − 24 / 52.8) × 100
    };
    expect(march).toMatchObject(expected);
    expect(year.body.data.totals).toMatchObject(expected);
    expect(year.body.data.rows.find((r) => r.label === '2026-02')?.productionKwh).toBeNull();
    // The month report walks the same days one by one.
    const month = await get('summary', `stationIds=${s.id}&statisticsType=2&searchDate=2026-03-01`, tok);
    expect(month.body.data.totals).toMatchObject(expected);
    expect(month.body.data.rows.find((r) => r.label === '2026-03-11')).toMatchObject({
      savings: 0,
      consumptionKwh: 4.8,
    });
  });

  it('computes every ratio of a multi-site row from that row’s sums (issue 24 item 3)', async () => {
    // The known site has a meter, the PV-only site none: June sums 62.4 kWh produced and consumed,
    // 19.2 bought and 19.2 sold, so both ratios are 1 − 19.2 / 62.4, not the metered site's own 50 %.
    const { body } = await get('summary', 'statisticsType=3&searchDate=2026-01-01');
    const june = body.data.rows.find((r) => r.label === '2026-06')!;
    expect(june).toMatchObject({
      productionKwh: 62.4,
      consumptionKwh: 62.4,
      gridBuyKwh: 19.2,
      gridSellKwh: 19.2,
      selfConsumption: 69.2,
      selfSufficiency: 69.2,
    });
    const ratio = (part: number | null, whole: number | null) =>
      part === null || whole === null || whole <= 0 ? null : Number(((1 - part / whole) * 100).toFixed(1));
    for (const row of [...body.data.rows, body.data.totals]) {
      if (row.productionKwh) expect(row.selfConsumption).toBe(ratio(row.gridSellKwh, row.productionKwh));
      if (row.consumptionKwh) expect(row.selfSufficiency).toBe(ratio(row.gridBuyKwh, row.consumptionKwh));
    }
    // A site with a meter and nothing that produces (power & environment) has no self-consumption at all.
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const room = await buildStation(t.db, { ownerId: owner.id, systemType: 3, templateCode: 'pe' });
    const meter = await buildDevice(t.db, { stationId: room.id, deviceType: 'meter' });
    await writeSyntheticDay(t.db, meter, { date: '2026-06-10', timeZone: TZ, profile: { w: () => 500 } });
    const pe = await get('summary', `stationIds=${room.id}&statisticsType=1&searchDate=2026-06-10`, tok);
    expect(pe.body.data.totals).toMatchObject({
      productionKwh: null,
      consumptionKwh: 12,
      gridBuyKwh: 12,
      selfConsumption: null,
      selfSufficiency: 0,
    });
  });

  it('says why revenue and savings are empty, and which sites they leave out', async () => {
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const euro = await buildStation(t.db, { ownerId: owner.id, currency: 'EUR' });
    const koruna = await buildStation(t.db, {
      ownerId: owner.id,
      currency: 'CZK',
      timeZone: 'Europe/Prague',
    });
    const bare = await buildStation(t.db, { ownerId: owner.id, currency: 'EUR' });
    const summary = async (ids: number[]) =>
      (await get('summary', `${ids.map((id) => `stationIds=${id}`).join('&')}&searchDate=2026-06-10`, tok))
        .body.data;
    expect(await summary([euro.id])).toMatchObject({ moneyNote: 'noTariff', sitesWithoutTariff: 1 });
    for (const id of [euro.id, koruna.id]) {
      await put('tariff', { stationId: id, buyPrice: 0.3, feedInPrice: 0.1 }, tok);
    }
    expect(await summary([euro.id])).toMatchObject({
      moneyNote: null,
      sitesWithoutTariff: 0,
      currency: 'EUR',
    });
    expect(await summary([euro.id, bare.id])).toMatchObject({ moneyNote: null, sitesWithoutTariff: 1 });
    expect(await summary([euro.id, koruna.id])).toMatchObject({
      moneyNote: 'mixedCurrencies',
      currency: null,
      totals: { revenue: null, savings: null },
    });
  });

  it('answers a site’s currency with its tariff, set or not', async () => {
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const s = await buildStation(t.db, { ownerId: owner.id, currency: 'BRL' });
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${BASE}/tariff?stationId=${s.id}`,
          headers: { token: tok },
        })
      ).json().data;
    expect(await read()).toEqual({
      stationId: s.id,
      currency: 'BRL',
      set: false,
      buyPrice: 0,
      feedInPrice: 0,
      periods: [],
    });
    await put('tariff', { stationId: s.id, buyPrice: 0.9, feedInPrice: 0.2 }, tok);
    expect(await read()).toMatchObject({ currency: 'BRL', set: true, buyPrice: 0.9 });
  });

  it('names every site of a multi-site export and leaves the offset out where zones differ', async () => {
    const owner = await buildUser(t.db);
    const tok = await signIn(t.app, owner);
    const a = await buildStation(t.db, { ownerId: owner.id, name: 'Alpha, roof' });
    const b = await buildStation(t.db, { ownerId: owner.id, name: 'Beta', timeZone: 'America/Sao_Paulo' });
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export?stationIds=${a.id}&stationIds=${b.id}&statisticsType=1&searchDate=2026-06-10&format=csv`,
      headers: { token: tok },
    });
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe('Period,2026-06-10,2026-06-10,Each site’s local time');
    expect(lines[2]).toBe('Sites,"Alpha, roof",Beta');
    expect(lines[5]!.split(',')[0]).toBe('2026-06-10 00:00');
    expect(res.headers['content-disposition']).toContain('report-2026-06-10_2026-06-10.csv');
  });
});
