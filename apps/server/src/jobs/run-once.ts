/**
 * Runs a job body on one node only: under a transaction-scoped Postgres advisory lock
 * (pg_try_advisory_xact_lock), so when several API nodes share a database the first one to get the lock
 * runs it and the others skip. PGlite serves one process only, so there the body simply runs.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';

/** Lock namespace of this platform's jobs ('EMS' as an int4), the second key is the job's hash. */
const LOCK_NAMESPACE = 0x454d53;

/** A stable signed 32-bit hash of a job name (FNV-1a). */
export function jobLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * Runs `body` if no other node is running the job called `name` right now.
 * @returns 'ran', or 'skipped' when another session holds the lock.
 */
export async function runExclusive(
  db: DbHandle,
  name: string,
  body: () => Promise<void>,
): Promise<'ran' | 'skipped'> {
  if (db.kind === 'pglite') {
    await body();
    return 'ran';
  }
  return db.db.transaction(async (tx) => {
    const res = await tx.execute<{ ok: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${jobLockKey(name)}::int) AS ok`,
    );
    if (!res.rows[0]?.ok) return 'skipped' as const;
    await body();
    return 'ran' as const;
  });
}
