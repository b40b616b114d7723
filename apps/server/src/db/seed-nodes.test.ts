/**
 * Several server processes starting at once on one fresh PostgreSQL database (an orchestrator's
 * rollout; the browser tests' two-node cluster): each runs the seed. An upsert's ON CONFLICT guards
 * only its own key, so two nodes inserting the same language at once met the other's row on its
 * other unique key (language_code, 23505) and one node exited: 37 of 300 rounds of four nodes'
 * language upserts failed so. The seed now runs under the startup lock. Runs on DATABASE_URL's
 * PostgreSQL, else a throwaway one (PGlite has one process).
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { scratchPostgres } from '../test/helper';
import { type DbHandle, openDb } from './client';
import { migrate, STARTUP_LOCK_KEY } from './migrate';
import { seed } from './seed';

const NODES = 4;
/** How long the test holds the startup lock, ms. */
const WAIT_MS = 2000;
const config = loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Seed-nodes-Admin-1' });

describe('nodes seeding one fresh database at once', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let nodes: DbHandle[] = [];
  beforeAll(async () => {
    scratch = await scratchPostgres('ems_seed');
    // As the server opens its pool: a statement may last the request budget, here shorter than the wait.
    nodes = await Promise.all(
      Array.from({ length: NODES }, () => openDb({ url: scratch.url }, { statementTimeoutMs: WAIT_MS / 2 })),
    );
    await migrate(nodes[0]!);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await scratch?.drop();
  });

  const count = async (table: string) =>
    (await nodes[0]!.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

  it('take turns: none writes while another holds the startup lock, however long; then every one comes up and each row is there once', async () => {
    // A process still migrating or seeding holds the lock.
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    const log = pino({ level: 'silent' });
    const seeding = Promise.allSettled(nodes.map((n) => seed(n, config, log, () => {})));
    try {
      await new Promise((r) => setTimeout(r, WAIT_MS));
      expect(await count('languages')).toBe(0);
    } finally {
      await other.end(); // its session lock goes with it
    }
    const failures = (await seeding).filter((r) => r.status === 'rejected');
    expect(failures.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    // The connection that waited is lent out again with the pool's own timeout (the last one released).
    for (const n of nodes) {
      expect(
        (await n.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t")).rows[0]!.t,
      ).toBe(`${WAIT_MS / 2000}s`);
    }
    expect(await count('languages')).toBe(4);
    expect(await count('users')).toBe(2);
    // The RSA and VAPID key pairs and the demo push rule's marker: one of each, whoever made them.
    expect(await count('settings')).toBe(3);
  }, 120_000);
});
