/**
 * The PostgreSQL pool rides out a terminated connection (issue 11): before the pool had an error
 * listener, PostgreSQL ending an idle connection (a restart, an administrator's pg_terminate_backend)
 * was an unhandled 'error' event and ended the server. Runs on DATABASE_URL's PostgreSQL, else on a
 * throwaway one when the server binaries are installed (as in CI); the full restart is in the ingest's
 * restart suite.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../ingest/test-postgres';
import { INGEST_LANE, openDb } from './client';

describe('PostgreSQL pool', () => {
  let own: TestPostgres | null = null;
  let url: string;
  beforeAll(async () => {
    own = process.env.DATABASE_URL ? null : await startTestPostgres();
    url = process.env.DATABASE_URL ?? own!.url;
  });
  afterAll(() => own?.dispose());

  it('reports a terminated idle connection instead of crashing, and the next query works', async () => {
    const errors: Error[] = [];
    const db = await openDb({ url }, { onConnectionError: (e) => errors.push(e) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const until = Date.now() + 10_000;
      while (errors.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(errors[0]?.message).toMatch(/terminat/i);
      const again = await db.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await db.close();
    }
  });

  it("runs the ingest's statements on connections of their own, named in pg_stat_activity, on generic plans", async () => {
    const db = await openDb({ url });
    try {
      const pidOf = async (prepared?: string) =>
        (
          await db.query<{ pid: number; app: string; plans: string; isolation: string }>(
            `SELECT pg_backend_pid() AS pid, current_setting('application_name') AS app,
                    current_setting('plan_cache_mode') AS plans,
                    current_setting('transaction_isolation') AS isolation`,
            [],
            prepared,
          )
        ).rows[0]!;
      const ingest: { pid: number; app: string; plans: string; isolation: string }[] = [];
      const other: number[] = [];
      const otherIsolation = new Set<string>();
      // Interleaved, one at a time: a single shared pool would hand every call the same connection.
      for (let i = 0; i < 5; i++) {
        ingest.push(await pidOf(`${INGEST_LANE}probe`));
        for (const r of [await pidOf(), await pidOf('not-ingest')]) {
          other.push(r.pid);
          otherIsolation.add(r.isolation);
        }
      }
      expect(new Set(ingest.map((r) => r.pid)).size).toBe(1);
      expect(other).not.toContain(ingest[0]!.pid);
      expect(ingest[0]!.app).toBe('ems ingest');
      // The alarm apply keeps one generic plan instead of being planned on every call.
      expect(ingest[0]!.plans).toBe('force_generic_plan');
      // Two nodes' writes of one device run one after the other (writer-nodes.test.ts); the rest as before.
      expect(ingest[0]!.isolation).toBe('repeatable read');
      expect([...otherIsolation]).toEqual(['read committed']);
    } finally {
      await db.close();
    }
  });
});
