/**
 * Issue 21 §8: set calls in flight together are recorded together (set-batch.ts): 50 calls at once
 * each get their command and its dispatch, written by a few transactions instead of 50; a command that
 * cannot be written fails its own call only. PGlite, or DATABASE_URL's PostgreSQL.
 */
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDevice, createTestStation } from '../../ingest/test-ingest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { COMMAND_QUEUE } from './dispatch';
import { setBatcherOf } from './set-batch';

let t: TestApp;
let token = '';
let stationId = 0;
let owner: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildUser(t.db);
  token = await signIn(t.app, owner);
  stationId = await createTestStation(t.db, owner.id);
});
afterAll(async () => {
  await t?.close();
});

it('50 set calls at once: each command recorded with its dispatch, by a few transactions', async () => {
  const devices = await Promise.all(
    Array.from({ length: 50 }, () => createTestDevice(t.db, 'inverter', stationId)),
  );
  const answers = await Promise.all(
    devices.map((d) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
        headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
        payload: { deviceId: d.id, params: { socLowerOnGrid: 60 } },
      }),
    ),
  );
  const ids = answers.map((res) => {
    const body = res.json() as { status: number; data: { commandId: string | null; state: string } };
    expect(body.status).toBe(Status.OK);
    expect(body.data.state).toBe('queued');
    return body.data.commandId;
  });
  const deviceIds = devices.map((d) => d.id);
  const { rows } = await t.db.query<{ commands: number; devices: number; transactions: number }>(
    `SELECT count(*)::int AS commands, count(DISTINCT device_id)::int AS devices,
            count(DISTINCT created_at)::int AS transactions
     FROM device_commands WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  // created_at is the recording transaction's start: calls recorded together share it.
  expect(rows[0]).toMatchObject({ commands: 50, devices: 50 });
  expect(rows[0]!.transactions).toBeLessThanOrEqual(5);
  const jobs = await t.db.query<{ n: number }>(
    `SELECT count(DISTINCT singleton_key)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = ANY($2::text[])`,
    [COMMAND_QUEUE, deviceIds.map((id) => `device:${id}`)],
  );
  expect(jobs.rows[0]!.n).toBe(50);
});

it('a command that cannot be written fails alone; the others of its batch are recorded', async () => {
  const batcher = setBatcherOf(t.db, t.queue);
  const [a, b] = await Promise.all([
    createTestDevice(t.db, 'inverter', stationId),
    createTestDevice(t.db, 'inverter', stationId),
  ]);
  const command = (id: string, device: { id: number; sn: string }, station: number) => ({
    id,
    device: { id: device.id, name: 'Inverter', serialNumber: device.sn, stationId: station },
    user: { userId: owner.id, loginName: owner.loginName },
    ip: null,
    params: { socLowerOnGrid: 61 },
    before: { socLowerOnGrid: null },
  });
  const ok1 = '00000000-0000-4000-8000-000000000001';
  const bad = '00000000-0000-4000-8000-000000000002';
  const ok2 = '00000000-0000-4000-8000-000000000003';
  const results = await Promise.allSettled([
    batcher.record(command(ok1, a!, stationId)),
    // A site that does not exist (deleted meanwhile): the foreign key refuses this row.
    batcher.record(command(bad, b!, 2_000_000_000)),
    batcher.record(command(ok2, b!, stationId)),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM device_commands WHERE id = ANY($1::uuid[]) ORDER BY id',
    [[ok1, bad, ok2]],
  );
  expect(rows.map((r) => r.id)).toEqual([ok1, ok2]);
});
