import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionName } from '../db/partitions';
import { buildTestApp, type TestApp } from '../test/helper';
import { jobLockKey } from './run-once';
import { nextRunAt, runJobOnce, telemetryPartitionsJob } from './scheduler';

let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exists = async (name: string) =>
  (await t.db.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])).rows.length === 1;

describe('job scheduler', () => {
  it('plans a daily job at its wall-clock instant', () => {
    const now = Date.UTC(2026, 10, 21, 15, 30);
    expect(new Date(nextRunAt(telemetryPartitionsJob, now)).toISOString()).toBe('2026-11-22T00:05:00.000Z');
    const justBefore = Date.UTC(2026, 10, 21, 0, 4);
    expect(new Date(nextRunAt(telemetryPartitionsJob, justBefore)).toISOString()).toBe(
      '2026-11-21T00:05:00.000Z',
    );
  });

  it('recreates a missing telemetry partition of the coming months', async () => {
    const now = new Date();
    const ahead = partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)));
    expect(await exists(ahead)).toBe(true);
    await t.db.query(`DROP TABLE "${ahead}"`);
    expect(await exists(ahead)).toBe(false);
    expect(await runJobOnce(telemetryPartitionsJob, { db: t.db, config: t.config, log }, now)).toBe('ran');
    expect(await exists(ahead)).toBe(true);
  });

  it('runs a job on one node only while another holds its lock (PostgreSQL)', async () => {
    const deps = { db: t.db, config: t.config, log };
    if (t.db.kind === 'pglite') {
      // One process owns a PGlite database, so there is no other node to exclude.
      expect(await runJobOnce(telemetryPartitionsJob, deps)).toBe('ran');
      return;
    }
    await t.db.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${0x454d53}::int, ${jobLockKey('telemetry-partitions')}::int)`,
      );
      expect(await runJobOnce(telemetryPartitionsJob, deps)).toBe('skipped');
    });
    expect(await runJobOnce(telemetryPartitionsJob, deps)).toBe('ran');
  });
});
