/**
 * Issue 22 item 4: an OCPP charger's transactions as the station page's sessions list (report/
 * charger-sessions): started in the period, energy from the meter (the latest reading while open), the
 * connector, id tag, stop reason and whether the platform closed it; the CSV with those columns in the
 * caller's language; and the charging site's report counting the charger's energy.
 */
import type { ChargerSessions, Report } from '@ems/contract/api/report';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let deviceId = 0;
const tx = { a: 0, b: 0, c: 0 };

const get = (path: string, query: string) =>
  b.t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/webpvesc/ajax/report/${path}?${query}`,
    headers: { [TOKEN_HEADER]: b.token },
  });
const sessionsOf = (searchDate: string, extra = '') =>
  get('charger-sessions', `stationId=${b.stationId}&deviceId=${deviceId}&searchDate=${searchDate}${extra}`);

const start = async (
  cp: RPCClient,
  connectorId: number,
  idTag: string,
  meterStart: number,
  timestamp: string,
) =>
  (
    (await cp.call('StartTransaction', { connectorId, idTag, meterStart, timestamp })) as {
      transactionId: number;
    }
  ).transactionId;
const meter = (cp: RPCClient, connectorId: number, transactionId: number, timestamp: string, wh: number) =>
  cp.call('MeterValues', {
    connectorId,
    transactionId,
    meterValue: [
      {
        timestamp,
        sampledValue: [
          { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          { value: '7000', measurand: 'Power.Active.Import', unit: 'W' },
        ],
      },
    ],
  });

beforeAll(async () => {
  b = await startOcppBench();
  let key = '';
  ({ deviceId, key } = await b.addCharger('CP-SR-1'));
  const cp = await b.connect('CP-SR-1', key);
  await cp.call('BootNotification', BOOT);
  // A: 7 kWh on connector 1, stopped by unplugging.
  tx.a = await start(cp, 1, 'CARD-A', 1000, '2026-02-10T09:00:00Z');
  await meter(cp, 1, tx.a, '2026-02-10T09:30:00Z', 4500);
  await meter(cp, 1, tx.a, '2026-02-10T10:00:00Z', 8000);
  await cp.call('StopTransaction', {
    transactionId: tx.a,
    meterStop: 8000,
    timestamp: '2026-02-10T10:00:00Z',
    reason: 'EVDisconnected',
  });
  // B on connector 2 loses its stop: C's start on the same connector closes it (Replaced, inferred).
  tx.b = await start(cp, 2, 'CARD-B', 8000, '2026-02-11T08:00:00Z');
  tx.c = await start(cp, 2, 'CARD-C', 9500, '2026-02-11T12:00:00Z');
  // C is still charging: its energy is the latest reading less its meterStart.
  await meter(cp, 2, tx.c, '2026-02-11T12:30:00Z', 10_700);
  await cp.close();
});
afterAll(async () => b?.close());

describe('an OCPP charger’s sessions', () => {
  it('lists the transactions started in the month with connector, id tag, stop reason and energy', async () => {
    const body = (await sessionsOf('2026-02-15')).json() as { status: number; data: ChargerSessions };
    expect(body.status).toBe(0);
    expect(body.data.sessions).toEqual([
      {
        start: '2026-02-10T09:00:00.000Z',
        end: '2026-02-10T10:00:00.000Z',
        energyKwh: 7,
        durationMin: 60,
        solarShare: null,
        transactionId: tx.a,
        connectorId: 1,
        idTag: 'CARD-A',
        stopReason: 'EVDisconnected',
        inferred: false,
      },
      {
        start: '2026-02-11T08:00:00.000Z',
        end: '2026-02-11T12:00:00.000Z',
        energyKwh: 1.5,
        durationMin: 240,
        solarShare: null,
        transactionId: tx.b,
        connectorId: 2,
        idTag: 'CARD-B',
        stopReason: 'Replaced',
        inferred: true,
      },
      {
        start: '2026-02-11T12:00:00.000Z',
        end: null,
        energyKwh: 1.2,
        durationMin: expect.any(Number),
        solarShare: null,
        transactionId: tx.c,
        connectorId: 2,
        idTag: 'CARD-C',
        stopReason: null,
        inferred: false,
      },
    ]);
    expect(body.data.energyKwh).toBe(9.7);
    const march = (await sessionsOf('2026-03-15')).json() as { data: ChargerSessions };
    expect(march.data).toEqual({ sessions: [], energyKwh: 0, surplus: null });
  });

  it('exports them as CSV with the OCPP columns in the caller’s language', async () => {
    const res = await sessionsOf('2026-02-15', '&format=csv&languageId=2');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '开始,结束,电量 (kWh),时长 (min),光伏占比 (%),交易号,枪号,卡号,结束原因,平台推断结束',
    );
    // Site-local times (Berlin, UTC+1 in February); inferred as 1 or 0.
    expect(lines.slice(1, 3)).toEqual([
      `2026-02-10 10:00:00 +01:00,2026-02-10 11:00:00 +01:00,7,60,,${tx.a},1,CARD-A,EVDisconnected,0`,
      `2026-02-11 09:00:00 +01:00,2026-02-11 13:00:00 +01:00,1.5,240,,${tx.b},2,CARD-B,Replaced,1`,
    ]);
    expect(lines[3]).toMatch(new RegExp(`^2026-02-11 13:00:00 \\+01:00,,1\\.2,\\d+,,${tx.c},2,CARD-C,,0$`));
  });

  it('counts the charger’s metered energy in the charging site’s monthly report', async () => {
    const res = await get('summary', `stationIds=${b.stationId}&statisticsType=2&searchDate=2026-02-15`);
    const body = res.json() as { status: number; data: Report };
    expect(body.status).toBe(0);
    const day = (d: string) => body.data.rows.find((r) => r.label === d)?.consumptionKwh;
    expect([day('2026-02-10'), day('2026-02-11')]).toEqual([3.5, 2.7]);
  });
});
