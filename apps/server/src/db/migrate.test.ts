import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../ingest/test-postgres';
import { type DbHandle, openDb } from './client';
import { migrate } from './migrate';

// Issue 23: several server processes start at once on one empty PostgreSQL. Always on a throwaway
// PostgreSQL of its own (CI installs the server), so the race is on an empty database in every pass.
describe('migrations started by several processes at once', () => {
  let pg: TestPostgres;
  const handles: DbHandle[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const h of handles) await h.close();
    pg?.dispose();
  });

  it('four processes migrating one empty database together all start, and each migration is applied once', async () => {
    for (let i = 0; i < 4; i++) handles.push(await openDb({ url: pg.url }));
    const results = await Promise.allSettled(handles.map((h) => migrate(h)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const applied = await handles[0]!.query<{ n: number; distinct_n: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_n FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.n).toBeGreaterThan(10);
    expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct_n);
    const lock = await handles[0]!.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
    );
    expect(lock.rows[0]!.n).toBe(0);
  }, 120_000);
});
