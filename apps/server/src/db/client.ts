/**
 * Database handle: PGlite in a directory by default, PostgreSQL when a URL is given. Both expose the
 * same Drizzle API plus `query` for hand-written hot-path SQL (ingest, rollups).
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ConstructorOptions, fromPglite } from 'pg-boss';
import { isTransactionConflict } from './errors';
import { createPgListener, type ListenHandlers } from './pg-listen';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

/** Drizzle database typed with the full schema (the PGlite flavour is structurally the same API). */
export type Db = NodePgDatabase<typeof schema>;

/** Result rows of a raw query. */
export type QueryRows<T> = { rows: T[] };

/** An open database: Drizzle for ordinary code, `query` for raw SQL with $1… parameters. */
export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw SQL. `prepared`: a name for a statement the hot path runs again and again with the same text;
   * on PostgreSQL it is parsed and planned once per connection as a named prepared statement
   * (generic plan after five runs, PostgreSQL's plan cache rule), which saves its parse and plan on
   * every later call; on PGlite likewise, once per database (pglite-prepared.ts). A name that starts
   * with INGEST_LANE runs on the ingest's own connections (PostgreSQL; see there).
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    prepared?: string,
  ): Promise<QueryRows<T>>;
  /**
   * LISTEN on `channel` (issue 10 §6 badge cache); the returned function stops. `onNotify` gets each
   * payload a committed transaction NOTIFYs; `onListening` says when notifications can be missed.
   * - PGlite (one process, one session): a notification arrives before the committing query's promise
   *   resolves, and listening is never lost (`onListening(true)` once).
   * - PostgreSQL: on one connection of its own for all channels (pg-listen.ts), so any process's commits
   *   reach it, a few ms after the commit; `onListening(false)` when that connection drops, `true` once
   *   it listens again. `close()` ends it.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Where the job queue (jobs/queue.ts, pg-boss) keeps its jobs: on PGlite the same database through
   * pg-boss's own PGlite adapter; on PostgreSQL a pool of pg-boss's own (3 connections, one of them its
   * LISTEN connection) on the same database.
   */
  jobStore(): JobStore;
  /** PGlite only: its data directory as an uncompressed tar, for `OpenDbOptions.pgliteImage`. */
  dumpImage?(): Promise<Blob>;
  close(): Promise<void>;
}

/** pg-boss constructor options naming its database (decision 0019). */
export type JobStore = Pick<
  ConstructorOptions,
  'db' | 'backend' | 'connectionString' | 'max' | 'application_name'
>;

/**
 * Where to open the database: a PostgreSQL URL, or a PGlite directory (`memory://` for tests) with its
 * shared_buffers (PostgreSQL units, default PGlite's 128MB).
 */
export type DbTarget = { url: string } | { dataDir: string; sharedBuffers?: string };

/**
 * Prefix of the prepared-statement names of the ingest's hot statements (the telemetry write, the device
 * alarm apply). On PostgreSQL they run on INGEST_CONNECTIONS pooled connections of their own, on generic
 * plans, shown as `ems ingest` in pg_stat_activity. On the shared pool the push path's statements took
 * the connection a write had just freed, so the writes wandered between backends and cost PostgreSQL 7 %
 * more CPU per sample with push on (issue 36 §2, docs/benchmarks.md "ninth pass"). A name rather than a
 * method of its own, so that test handles wrapping `query` keep the routing. PGlite: no effect.
 *
 * Each is a transaction of its own, at REPEATABLE READ, and a serialization failure or deadlock (SQLSTATE
 * 40001, 40P01) runs it again at once, up to INGEST_ATTEMPTS times. Two nodes' writes of one
 * device (RabbitMQ's competing consumers, or every node on Mosquitto) build on that device's stored
 * samples and rows: at READ COMMITTED the later one overwrote the other's energy from a snapshot without
 * its samples (writer-nodes.test.ts); now it fails on the other's committed row and runs again seeing it.
 * A failed statement changed nothing, so running it again is safe.
 */
export const INGEST_LANE = 'ingest:';

/** PostgreSQL connections kept for the ingest's statements: it runs one write and one alarm apply at a time. */
export const INGEST_CONNECTIONS = 2;

/** Runs of an ingest statement that keeps meeting other writers' rows before its error is the caller's. */
export const INGEST_ATTEMPTS = 5;

/** Options of openDb. */
export interface OpenDbOptions {
  /**
   * Told when an idle pooled connection fails (PostgreSQL restarted or the network dropped). The pool
   * discards that connection and opens a new one for the next query, so this only logs. Default: one
   * line on stderr.
   */
  onConnectionError?(err: Error): void;
  /**
   * PostgreSQL only: `statement_timeout` of every pooled connection (ms; unset: none). The server sets it
   * to its request budget, so a statement outlives no request (issue 19 §1); PGlite runs statements in
   * the server's own thread and cannot cut one short (docs/security.md "Request budget").
   */
  statementTimeoutMs?: number;
  /**
   * PGlite in memory only: a data directory (tar from `dumpImage()`) to start from instead of running
   * initdb, which costs seconds per database; the test suite opens hundreds (test/pglite-image.ts).
   */
  pgliteImage?: Blob;
}

/**
 * Opens the database; migrations are applied separately by `migrate()`. On PostgreSQL a server restart
 * is ridden out: the pool's error listener keeps an idle connection's termination from being an
 * unhandled 'error' (which would end the process), queries during the outage reject (the ingest retries
 * its batch), and later queries get fresh connections.
 */
export async function openDb(target: DbTarget, options: OpenDbOptions = {}): Promise<DbHandle> {
  if ('url' in target) {
    const onError =
      options.onConnectionError ??
      ((err: Error) => console.warn(`database connection lost, the pool reconnects: ${err.message}`));
    /** A pool of `max` connections with the server settings every connection gets, and `settings` too. */
    const openPool = (max: number, name?: string, settings: Record<string, string> = {}) => {
      // jit=off: the ingest's one-statement batch write costs seconds of JIT compilation per batch on
      // PostgreSQL (its estimated cost passes jit_above_cost) against ~0.1 s to run; the short OLTP
      // statements here never gain from JIT (measured with bench/ingest.ts, docs/benchmarks.md).
      const all: Record<string, string | number> = { jit: 'off', ...settings };
      if (options.statementTimeoutMs) all.statement_timeout = options.statementTimeoutMs;
      const made = new pg.Pool({
        connectionString: target.url,
        max,
        ...(name ? { application_name: name } : {}),
        connectionTimeoutMillis: 10_000,
        options: Object.entries(all)
          .map(([key, value]) => `-c ${key}=${value}`)
          .join(' '),
      });
      made.on('error', onError);
      // The pool listens for errors only on idle clients: a server that ends a connection checked out
      // between two statements of a transaction (57P01 on a restart) would emit an unhandled 'error' and
      // end the process. The transaction's next statement fails and is retried by its caller instead.
      made.on('connect', (client) => client.on('error', onError));
      return made;
    };
    const pool = openPool(10);
    // Generic plans: PostgreSQL kept re-planning the prepared alarm apply on every call (its custom plans
    // looked cheaper), ≈ 0.25 ms each; its generic plan is the index probe engine-plan.test.ts checks.
    const ingestPool = openPool(INGEST_CONNECTIONS, 'ems ingest', {
      plan_cache_mode: 'force_generic_plan',
      // The backslash keeps the value's space inside one `-c` option (PostgreSQL's startup options).
      default_transaction_isolation: 'repeatable\\ read',
    });
    /**
     * An ingest statement, run again while it meets another writer's committed rows (INGEST_LANE), on the
     * connection it failed on: `pool.query` drops a connection after any error, and a new backend for
     * each serialization failure cost a connect and the statement's plan. Other errors drop it as before.
     */
    const ingestQuery = async (config: pg.QueryConfig) => {
      const client = await ingestPool.connect();
      let failed: Error | undefined;
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            return await client.query(config);
          } catch (err) {
            if (attempt >= INGEST_ATTEMPTS || !isTransactionConflict(err)) {
              failed = err as Error;
              throw err;
            }
          }
        }
      } finally {
        client.release(failed);
      }
    };
    const db = drizzlePg(pool, { schema });
    const listener = createPgListener(target.url, { onError });
    return {
      kind: 'postgres',
      db,
      query: async (text, params, prepared) => {
        if (!prepared) return (await pool.query(text, params as unknown[])) as never;
        const config = { name: prepared, text, values: params as unknown[] };
        return (await (prepared.startsWith(INGEST_LANE) ? ingestQuery(config) : pool.query(config))) as never;
      },
      listen: (channel, handlers) => listener.listen(channel, handlers),
      jobStore: () => ({ connectionString: target.url, max: 3, application_name: 'ems jobs' }),
      close: async () => {
        await listener.close();
        await Promise.all([pool.end(), ingestPool.end()]);
      },
    };
  }
  if (target.dataDir !== 'memory://') mkdirSync(target.dataDir, { recursive: true });
  const inMemory = target.dataDir === 'memory://';
  // On a thread of its own (pglite-thread.ts), so its statements do not hold the server's event loop.
  // pg_trgm (loaded there) backs the alarm lists' text filter (GIN trigram indexes, migration 0006).
  const client = await openPgliteThread(
    inMemory ? undefined : target.dataDir,
    inMemory ? options.pgliteImage : undefined,
    target.sharedBuffers,
  );
  // Drizzle's PGlite driver and pg-boss's PGlite adapter call only what the thread client serves:
  // query (row mode, Drizzle's text-keeping parsers), exec, transaction, listen.
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    query: async (text, params, prepared) =>
      (prepared
        ? await client.runPrepared(prepared, text, params ?? [])
        : await client.query(text, params as unknown[])) as never,
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onListening(true);
      return unlisten;
    },
    jobStore: () => ({ db: fromPglite(pglite), backend: 'pglite' }),
    dumpImage: () => client.dumpDataDir(),
    close: () => client.close(),
  };
}
