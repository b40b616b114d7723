/**
 * Issue 22 items 2 and 7: transactions with ids from the database sequence; a charger that reconnects and
 * replays its queued start, meter values and stop with their old timestamps (matched, never doubled, never
 * left open); a stop for an unknown transaction; a new start closing a session left open; meter values
 * reaching telemetry and the live values through the ingest's writer.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let deviceId = 0;
let key = '';
beforeAll(async () => {
  b = await startOcppBench();
  ({ deviceId, key } = await b.addCharger('CP-TX-1'));
  await b.addCharger('CP-TX-2');
});
afterAll(async () => b?.close());

const sessions = async () =>
  (
    await b.t.db.query(
      `SELECT id, connector_id AS "connectorId", meter_start AS "meterStart", energy_wh AS "energyWh",
              stop_reason AS "stopReason", stopped_at IS NULL AS open, stop_inferred AS inferred
       FROM charging_sessions WHERE device_id = $1 ORDER BY id`,
      [deviceId],
    )
  ).rows;

/** StartTransaction.conf, typed. */
const startTx = (cp: RPCClient, params: Record<string, unknown>) =>
  cp.call('StartTransaction', params) as Promise<{ transactionId: number }>;

const meter = (ts: string, wh: number, w: number) => ({
  timestamp: ts,
  sampledValue: [
    { value: String(wh / 1000), measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
    { value: String(w), measurand: 'Power.Active.Import', unit: 'W' },
  ],
});

describe('transactions', () => {
  it('gives start ids from the sequence and closes a stop with energy and reason', async () => {
    const cp = await b.connect('CP-TX-1', key);
    await cp.call('BootNotification', BOOT);
    const a = await startTx(cp, {
      connectorId: 1,
      idTag: 'T1',
      meterStart: 1000,
      timestamp: '2026-02-01T18:00:00Z',
    });
    const other = await b.connect('CP-TX-2', (await b.addCharger('CP-TX-3')).key).catch(() => null);
    expect(other).toBeNull(); // a key is its own charger's only
    const stop = await cp.call('StopTransaction', {
      transactionId: a.transactionId,
      meterStop: 8500,
      timestamp: '2026-02-01T20:00:00Z',
      reason: 'EVDisconnected',
    });
    expect(stop).toEqual({});
    expect(await sessions()).toEqual([
      {
        id: a.transactionId,
        connectorId: 1,
        meterStart: 1000,
        energyWh: 7500,
        stopReason: 'EVDisconnected',
        open: false,
        inferred: false,
      },
    ]);
    const seq = await b.t.db.query<{ v: string }>(`SELECT last_value::text AS v FROM ocpp_transaction_id`);
    expect(Number(seq.rows[0]!.v)).toBe(a.transactionId);
    await cp.close();
  });

  it('matches a replayed queue after reconnecting: same id, one row, meter values at their own times', async () => {
    const start = { connectorId: 1, idTag: 'T2', meterStart: 8500, timestamp: '2026-02-02T07:00:00Z' };
    let cp = await b.connect('CP-TX-1', key);
    const first = await startTx(cp, start);
    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: first.transactionId,
      meterValue: [meter('2026-02-02T07:05:00Z', 9000, 7200)],
    });
    // The connection drops before the charger saw the answers: it replays everything on reconnect.
    await cp.close({ force: true });
    cp = await b.connect('CP-TX-1', key);
    const again = await startTx(cp, start);
    expect(again.transactionId).toBe(first.transactionId);
    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: first.transactionId,
      meterValue: [meter('2026-02-02T07:05:00Z', 9000, 7200), meter('2026-02-02T07:10:00Z', 9600, 7200)],
    });
    const stop = {
      transactionId: first.transactionId,
      meterStop: 10_500,
      timestamp: '2026-02-02T07:30:00Z',
      reason: 'Local',
    };
    await cp.call('StopTransaction', stop);
    await cp.call('StopTransaction', { ...stop, meterStop: 99_999, timestamp: '2026-02-02T09:00:00Z' });
    const rows = (await sessions()).filter((s) => s.id === first.transactionId);
    expect(rows).toEqual([
      {
        id: first.transactionId,
        connectorId: 1,
        meterStart: 8500,
        energyWh: 2000,
        stopReason: 'Local',
        open: false,
        inferred: false,
      },
    ]);
    const samples = await b.t.db.query<{ ts: Date; w: number; e_in: number; s: string }>(
      `SELECT ts, w, e_in, points->>'SessionWh' AS s FROM telemetry WHERE device_id = $1 ORDER BY ts`,
      [deviceId],
    );
    expect(samples.rows.map((r) => [r.ts.toISOString(), r.w, r.e_in, r.s])).toEqual([
      ['2026-02-02T07:05:00.000Z', 7200, 9000, '500'],
      ['2026-02-02T07:10:00.000Z', 7200, 9600, '1100'],
    ]);
    const live = await b.t.db.query<{ e_in: number }>('SELECT e_in FROM device_latest WHERE device_id = $1', [
      deviceId,
    ]);
    expect(live.rows[0]!.e_in).toBe(9600);
    await cp.close();
  });

  it('answers a stop for an unknown transaction and records it once', async () => {
    const cp = await b.connect('CP-TX-1', key);
    const stop = {
      transactionId: 777_777,
      meterStop: 12_000,
      timestamp: '2026-02-03T08:00:00Z',
      idTag: 'T9',
    };
    expect(await cp.call('StopTransaction', stop)).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await cp.call('StopTransaction', stop)).toEqual({ idTagInfo: { status: 'Invalid' } });
    const kept = await b.t.db.query(
      'SELECT transaction_id, meter_stop FROM charging_unmatched_stops WHERE device_id = $1',
      [deviceId],
    );
    expect(kept.rows).toEqual([{ transaction_id: 777_777, meter_stop: 12_000 }]);
    await cp.close();
  });

  it('closes a session left open as Replaced when its connector starts anew, and the late stop still wins', async () => {
    const cp = await b.connect('CP-TX-1', key);
    const lost = await startTx(cp, {
      connectorId: 2,
      idTag: 'T3',
      meterStart: 20_000,
      timestamp: '2026-02-04T06:00:00Z',
    });
    const next = await startTx(cp, {
      connectorId: 2,
      idTag: 'T4',
      meterStart: 23_000,
      timestamp: '2026-02-04T09:00:00Z',
    });
    expect(next.transactionId).toBeGreaterThan(lost.transactionId);
    let rows = (await sessions()).filter((s) => s.connectorId === 2);
    expect(rows.map((r) => [r.stopReason, r.energyWh, r.open, r.inferred])).toEqual([
      ['Replaced', 3000, false, true],
      [null, null, true, false],
    ]);
    await cp.call('StopTransaction', {
      transactionId: lost.transactionId,
      meterStop: 22_500,
      timestamp: '2026-02-04T08:00:00Z',
      reason: 'PowerLoss',
    });
    rows = (await sessions()).filter((s) => s.connectorId === 2);
    expect(rows[0]).toMatchObject({ stopReason: 'PowerLoss', energyWh: 2500, inferred: false });
    await cp.close();
  });
});
