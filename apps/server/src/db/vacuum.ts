/**
 * VACUUM for PGlite (decision 0019): PGlite has no autovacuum worker (`max_worker_processes` is 0), so the
 * tables that churn (the job queue's jobs, rollup marks, each device's latest values, sessions) would
 * only grow. Every hour the tables whose dead rows passed a fifth of their live ones are vacuumed. On
 * PostgreSQL autovacuum does this, and PostgreSQL nodes do not schedule the job (JobDefinition.databases).
 */
import type { JobDefinition } from '../jobs/job';
import type { DbHandle } from './client';

/** A table is vacuumed once it holds at least this many dead rows and a fifth as many as live ones. */
const MIN_DEAD_ROWS = 1000;

/** Vacuums the tables of `db` (PGlite only) with many dead rows. @returns their names. */
export async function vacuumChurnedTables(db: DbHandle): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const res = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
     WHERE n_dead_tup >= $1 AND n_dead_tup * 5 >= n_live_tup ORDER BY n_dead_tup DESC`,
    [MIN_DEAD_ROWS],
  );
  for (const { name } of res.rows) await db.query(`VACUUM (ANALYZE) ${name}`);
  return res.rows.map((r) => r.name);
}

/** Hourly at :40: vacuums what churned (PGlite). */
export const vacuumJob: JobDefinition = {
  name: 'pglite-vacuum',
  databases: ['pglite'],
  everyMs: 3_600_000,
  offsetMs: 40 * 60_000,
  run: async ({ db, log }) => {
    const tables = await vacuumChurnedTables(db);
    if (tables.length > 0) log.info({ tables }, 'vacuumed');
  },
};
