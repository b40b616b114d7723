/**
 * The database the server runs on (main.ts): migrated, seeded by the caller. On PostgreSQL the
 * migrations run first on a pool of their own without a statement timeout (a migration may rewrite a
 * large table), then the server's pool opens with its request budget as `statement_timeout`
 * (issue 19 §1). PGlite has one connection, migrated in place.
 */
import type { Config } from '../config';
import { type DbHandle, openDb } from './client';
import { migrate } from './migrate';

/** Opens and migrates the configured database; `onConnectionError` as openDb's. */
export async function openAppDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_SHARED_BUFFERS' | 'REQUEST_BUDGET_MS'>,
  onConnectionError: (err: Error) => void,
): Promise<DbHandle> {
  if (!config.DATABASE_URL) {
    const db = await openDb(
      { dataDir: config.DATA_DIR, sharedBuffers: config.PGLITE_SHARED_BUFFERS },
      { onConnectionError },
    );
    await migrate(db);
    return db;
  }
  const target = { url: config.DATABASE_URL };
  const migrating = await openDb(target, { onConnectionError });
  try {
    await migrate(migrating);
  } finally {
    await migrating.close();
  }
  return openDb(target, { onConnectionError, statementTimeoutMs: config.REQUEST_BUDGET_MS });
}
