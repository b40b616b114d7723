/**
 * Issue 21 §8: parameter reports arriving together are stored together (report-batch.ts), each with its
 * own meaning: a report verifies its device's applied commands it shows, an older report never
 * overwrites a newer one, and a device reporting twice in one batch ends with its newest values.
 * PGlite, or DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDevice, createTestStation, type TestDevice } from '../../ingest/test-ingest';
import { buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createReportBatcher } from './report-batch';
import { insertCommandRow } from './test-command-rows';

let t: TestApp;
let stationId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildUser(t.db);
  stationId = await createTestStation(t.db, owner.id);
});
afterAll(async () => {
  await t?.close();
});

/** An applied command of `device` asking socLowerOnGrid `value`; @returns its id. */
const applied = (device: TestDevice, value: number) =>
  insertCommandRow(t.db, device, stationId, 'applied', { socLowerOnGrid: value });

it('30 reports at once: stored by one statement, each verifying what it shows; repeats keep the newest', async () => {
  const devices = await Promise.all(
    Array.from({ length: 30 }, () => createTestDevice(t.db, 'inverter', stationId)),
  );
  const ids = await Promise.all(devices.map((d) => applied(d, 45)));
  const reports = createReportBatcher(t.db);
  const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 8, 0, s));
  const verified = await Promise.all([
    // Device 0 shows another value: nothing verified. The others show 45.
    ...devices.map((d, i) =>
      reports.load({ deviceId: d.id, values: { socLowerOnGrid: i === 0 ? 50 : 45 }, ts: at(10) }),
    ),
    // Device 1 again, newer, with one more parameter; device 2 again, older: kept out.
    reports.load({ deviceId: devices[1]!.id, values: { socLowerOffGrid: 12 }, ts: at(20) }),
    reports.load({ deviceId: devices[2]!.id, values: { socLowerOnGrid: 30 }, ts: at(5) }),
  ]);
  expect(verified).toEqual([0, ...Array(29).fill(1), 0, 0]);

  const states = await t.db.query<{ id: string; state: string }>(
    'SELECT id, state FROM device_commands WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const byId = new Map(states.rows.map((r) => [r.id, r.state]));
  expect(ids.map((id) => byId.get(id))).toEqual(['applied', ...Array(29).fill('verified')]);
  const stored = await t.db.query<{ deviceId: number; values: Record<string, unknown>; writes: number }>(
    `SELECT device_id AS "deviceId", "values", count(*) OVER (PARTITION BY received_at)::int AS writes
     FROM device_params WHERE device_id = ANY($1::int[])`,
    [devices.map((d) => d.id)],
  );
  const values = new Map(stored.rows.map((r) => [r.deviceId, r.values]));
  expect(values.get(devices[1]!.id)).toEqual({ socLowerOnGrid: 45, socLowerOffGrid: 12 });
  expect(values.get(devices[2]!.id)).toEqual({ socLowerOnGrid: 45 });
  // received_at is the storing statement's time: the first reports of the 30 devices were one write.
  const firstWrite = stored.rows.find((r) => r.deviceId === devices[29]!.id)!;
  expect(firstWrite.writes).toBeGreaterThanOrEqual(28);
});
