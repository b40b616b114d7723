import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DbHandle } from './client';
import { ensureTelemetryPartitions } from './partitions';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Key of the session advisory lock that lets one server process at a time migrate, then seed (any
 * constant).
 */
export const STARTUP_LOCK_KEY = 7_233_001;

/**
 * Runs `work` while this process holds the startup lock, so server processes starting together on one
 * PostgreSQL database take turns (issue 23). The lock is held by a connection of its own, handed to
 * `work` (the migrator runs on it); `work` may use the handle's pool besides. PGlite has one process:
 * `work` runs at once, with `null`.
 */
export async function holdingStartupLock<T>(
  handle: DbHandle,
  work: (client: pg.PoolClient | null) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite') return work(null);
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // Waiting for another process's turn is not a request: the pool's statement_timeout (the request
    // budget, which may be short) would end this node's start while the other seeds.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    // Back to the connection's own setting before the pool lends it out again.
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

/**
 * Applies the committed migrations (idempotent), then makes sure telemetry partitions exist.
 * On PostgreSQL several server processes may start together (issue 23): the migrations and partition
 * creation run on the connection holding the startup lock, so the first process migrates and the
 * others wait, then find nothing left to do (drizzle's migrator takes no lock of its own, and two
 * processes applying the same migration at once fail on the objects the other created).
 */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    await ensureTelemetryPartitions(handle, new Date());
    return;
  }
  await holdingStartupLock(handle, async (client) => {
    await migratePg(drizzlePg(client!), { migrationsFolder });
    await ensureTelemetryPartitions(handle, new Date());
  });
}
