/**
 * Issue 21 §8: the devices' answers arriving together are recorded together (ack-batch.ts). Each answer
 * of a batch keeps its own meaning: taken once, a repeat and another device's answer ignored, verified
 * at once when the device already reported the values, and a device with a command queued behind its
 * answer dispatched next. PGlite, or DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDevice, createTestStation, type TestDevice } from '../../ingest/test-ingest';
import { buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createAckBatcher } from './ack-batch';
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

/** A command of `device` in `state` asking socLowerOnGrid 55; @returns its id. */
const command = (device: TestDevice, state: 'sent' | 'queued') =>
  insertCommandRow(t.db, device, stationId, state, { socLowerOnGrid: 55 });

it('30 answers at once: each taken once by one statement, repeats and foreign answers ignored', async () => {
  const devices = await Promise.all(
    Array.from({ length: 30 }, () => createTestDevice(t.db, 'inverter', stationId)),
  );
  const ids = await Promise.all(devices.map((d) => command(d, 'sent')));
  // Device 0 already reported the value: its answer verifies at once. Device 1 has a next command queued.
  await t.db.query(`INSERT INTO device_params (device_id, "values", reported_at) VALUES ($1, $2, now())`, [
    devices[0]!.id,
    JSON.stringify({ socLowerOnGrid: 55 }),
  ]);
  const next = await command(devices[1]!, 'queued');
  const kicked: number[] = [];
  const acks = createAckBatcher(t.db, (deviceId) => kicked.push(deviceId));

  const outcomes = await Promise.all([
    ...devices.map((d, i) =>
      acks.load({ id: ids[i]!, deviceId: d.id, status: i === 2 ? 'failed' : 'applied', reason: null }),
    ),
    // The broker's second delivery of device 3's answer, and device 5 answering device 4's command.
    acks.load({ id: ids[3]!, deviceId: devices[3]!.id, status: 'applied', reason: null }),
    acks.load({ id: ids[4]!, deviceId: devices[5]!.id, status: 'failed', reason: 'not mine' }),
  ]);

  expect(outcomes.slice(0, 30)).toEqual(devices.map((_, i) => (i === 0 ? 'verified' : 'taken')));
  expect(outcomes.slice(30)).toEqual(['duplicate', 'duplicate']);
  const { rows } = await t.db.query<{ id: string; state: string; answers: number }>(
    `SELECT id, state, count(*) OVER (PARTITION BY acked_at)::int AS answers FROM device_commands
     WHERE id = ANY($1::uuid[])`,
    [[...ids, next]],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(ids.map((id) => byId.get(id)!.state)).toEqual(
    ids.map((_, i) => (i === 0 ? 'verified' : i === 2 ? 'failed' : 'applied')),
  );
  expect(byId.get(next)!.state).toBe('queued');
  // acked_at is the recording statement's time: the 30 answers were written together.
  expect(byId.get(ids[29]!)!.answers).toBe(30);
  expect(kicked).toEqual([devices[1]!.id]);
});
