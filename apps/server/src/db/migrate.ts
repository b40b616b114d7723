import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DbHandle } from './client';
import { ensureTelemetryPartitions } from './partitions';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Key of the session advisory lock migrations run under on PostgreSQL. Drizzle's migrator reads the last
 * applied migration before its transaction, so two nodes starting at once both applied every migration
 * and the second failed ("already exists"); under the lock they migrate one after the other, the second
 * finding nothing to do (issue 23, apps/server/src/test/cluster.test.ts starts its nodes at once).
 */
export const MIGRATION_LOCK_KEY = 23_0001;

/**
 * Applies the committed migrations (idempotent; on PostgreSQL one process at a time), then makes sure
 * telemetry partitions exist.
 */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    const { connectionString } = handle.jobStore() as { connectionString: string };
    // The lock lives on a connection of its own (the migrator takes pooled ones); ending it releases it.
    const lock = new pg.Client({ connectionString, application_name: 'ems migrate' });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(handle.db, { migrationsFolder });
    } finally {
      await lock.end();
    }
  }
  await ensureTelemetryPartitions(handle, new Date());
}
