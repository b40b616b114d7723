/**
 * Issue 33: the solar share read back from known charger_solar_days rows, through the real server and
 * database. charger/list gives each charger's today and month (the site's time zone; another month's
 * days are left out); report/charger-sessions gives the period's kWh from PV surplus and its share, also
 * as the CSV's last row; a charger never under solar control has none.
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import type { ChargerSessions } from '@ems/contract/api/report';
import type { Lines } from '@ems/contract/api/station';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OcppBench, startOcppBench } from '../test-ocpp';

let b: OcppBench;
let solarId = 0;
let plainId = 0;
/** Today in the site's time zone and another day of the same month, YYYY-MM-DD. */
let today = '';
let sameMonth = '';

const get = (path: string, query: Record<string, string | number>) =>
  b.t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/webpvesc/ajax/${path}?${new URLSearchParams(query as never)}`,
    headers: { [TOKEN_HEADER]: b.token },
  });
const day = async (deviceId: number, d: string, chargedWh: number, solarWh: number) =>
  b.t.db.query(
    'INSERT INTO charger_solar_days (device_id, day, charged_wh, solar_wh) VALUES ($1, $2, $3, $4)',
    [deviceId, d, chargedWh, solarWh],
  );

beforeAll(async () => {
  b = await startOcppBench();
  solarId = (await b.addCharger('CP-SHARE-1')).deviceId;
  plainId = (await b.addCharger('CP-SHARE-2')).deviceId;
  const res = await b.t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/station/charger/mode`,
    headers: { [TOKEN_HEADER]: b.token },
    payload: { deviceId: solarId, mode: 'pv' },
  });
  expect(res.json().status).toBe(0);
  const local = await b.t.db.query<{ today: string }>(
    `SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today FROM stations WHERE id = $1`,
    [b.stationId],
  );
  today = local.rows[0]!.today;
  // The month's first day, or its second when today is the first (still the same month either way).
  sameMonth = `${today.slice(0, 8)}${today.endsWith('-01') ? '02' : '01'}`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastMonthEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  await day(solarId, today, 4000, 3000);
  await day(solarId, sameMonth, 10_000, 2500);
  await day(solarId, lastMonthEnd, 7000, 7000);
}, 60_000);
afterAll(async () => b?.close());

describe('solar share', () => {
  it('charger/list gives today’s and the month’s kWh charged and from surplus', async () => {
    const list = (await get('station/charger/list', { stationId: b.stationId })).json() as {
      data: ChargerRow[];
    };
    const solar = list.data.find((r) => r.deviceId === solarId)!.solar!;
    expect(solar).toMatchObject({
      todayChargedKwh: 4,
      todaySolarKwh: 3,
      monthChargedKwh: 14,
      monthSolarKwh: 5.5,
    });
    expect(list.data.find((r) => r.deviceId === plainId)!.solar).toBeNull();
  });

  it('report/charger-sessions gives the month’s kWh from surplus and its share; a year takes every day', async () => {
    const month = (
      await get('report/charger-sessions', { stationId: b.stationId, deviceId: solarId, searchDate: today })
    ).json() as { status: number; data: ChargerSessions };
    expect(month.status).toBe(0);
    expect(month.data.surplus).toEqual({ chargedKwh: 14, surplusKwh: 5.5, share: 39.3 });
    const year = (
      await get('report/charger-sessions', {
        stationId: b.stationId,
        deviceId: solarId,
        searchDate: today,
        statisticsType: 4,
      })
    ).json() as { data: ChargerSessions };
    expect(year.data.surplus).toEqual({ chargedKwh: 21, surplusKwh: 12.5, share: 59.5 });
    const plain = (
      await get('report/charger-sessions', { stationId: b.stationId, deviceId: plainId, searchDate: today })
    ).json() as { data: ChargerSessions };
    expect(plain.data.surplus).toBeNull();
  });

  it('the site’s day lines carry the chargers’ power as charging, beside the grid', async () => {
    const res = (await get('station/lines', { stationId: b.stationId, searchDate: today })).json() as {
      status: number;
      data: Lines;
    };
    expect(res.status).toBe(0);
    const charging = res.data.series.find((s) => s.key === 'charging');
    expect(charging?.unit).toBe('W');
    expect(charging?.values).toHaveLength(res.data.times.length);
  });

  it('the CSV ends with the period’s kWh from surplus and its share, in the caller’s language', async () => {
    const res = await get('report/charger-sessions', {
      stationId: b.stationId,
      deviceId: solarId,
      searchDate: today,
      format: 'csv',
      languageId: 4,
    });
    const lines = res.body.trim().split('\r\n');
    expect(lines.at(-1)).toBe('Z přebytku FVE (solární nabíjení),,5.5,,39.3');
    const plain = await get('report/charger-sessions', {
      stationId: b.stationId,
      deviceId: plainId,
      searchDate: today,
      format: 'csv',
    });
    expect(plain.body).not.toContain('From PV surplus');
  });
});
