import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DbHandle } from './client';
import { ensureTelemetryPartitions } from './partitions';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Key of the session advisory lock that lets one server process migrate at a time (any constant). */
export const MIGRATION_LOCK_KEY = 7_233_001;

/**
 * Applies the committed migrations (idempotent), then makes sure telemetry partitions exist.
 * On PostgreSQL several server processes may start together (issue 23): the migrations and partition
 * creation run on one connection holding a session advisory lock, so the first process migrates and the
 * others wait, then find nothing left to do (drizzle's migrator takes no lock of its own, and two
 * processes applying the same migration at once fail on the objects the other created).
 */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    await ensureTelemetryPartitions(handle, new Date());
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await ensureTelemetryPartitions(handle, new Date());
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
