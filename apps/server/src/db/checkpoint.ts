/**
 * Checkpoints for PGlite. PostgreSQL's checkpointer process starts a checkpoint every
 * `checkpoint_timeout` (5 min) or once ≈ half of `max_wal_size` of WAL has been written since the last;
 * PGlite runs as a single-user backend with no such process, and a single-user backend never requests
 * one itself, so an embedded node checkpointed only when it stopped: its pg_wal grew by every byte of
 * WAL it wrote (1.2 MB/s under the bench's 10,000 points/s; 1.26 GB after 26 s of inserts in a check),
 * and each new 16-MB segment cost a file creation on the database's one thread. After a checkpoint
 * PostgreSQL removes or recycles the segments before it, so pg_wal stays bounded and later segments
 * are renamed old ones. PostgreSQL nodes do not schedule the job (JobDefinition.databases).
 */
import type { JobDefinition } from '../jobs/job';
import type { DbHandle } from './client';

/** When a checkpoint is due (PostgreSQL's own defaults, by time and by WAL written). */
export interface CheckpointPolicy {
  /** Longest time between two checkpoints while WAL is written, ms (checkpoint_timeout's 5 min). */
  maxAgeMs: number;
  /**
   * Most WAL written since the last checkpoint's redo point before one is due, bytes: 512 MB, where
   * PostgreSQL's default max_wal_size (1 GB) with checkpoint_completion_target 0.9 starts one.
   */
  maxWalBytes: number;
}

/** The job's policy: PostgreSQL's defaults (checkpoint_timeout; max_wal_size with its completion target). */
export const CHECKPOINT_POLICY: CheckpointPolicy = {
  maxAgeMs: 300_000,
  maxWalBytes: 512 * 1024 * 1024,
};

/** The last checkpoint as pg_control has it: its age and the WAL written since its redo point. */
async function sinceLastCheckpoint(db: DbHandle): Promise<{ ageMs: number; walBytes: number }> {
  const res = await db.query<{ ageMs: number; walBytes: string }>(
    `SELECT (extract(epoch FROM now() - checkpoint_time) * 1000)::float8 AS "ageMs",
            pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::text AS "walBytes"
     FROM pg_control_checkpoint()`,
  );
  const row = res.rows[0]!;
  return { ageMs: row.ageMs, walBytes: Number(row.walBytes) };
}

/**
 * Runs CHECKPOINT on `db` (PGlite only) when `policy` says one is due: the last is older than
 * `maxAgeMs` and WAL has been written since it (more than its own record), or `maxWalBytes` of WAL has.
 * The checkpoint holds PGlite's thread while it writes the dirty shared buffers (≈ 30 ms at the
 * default 32MB).
 * @returns whether it checkpointed.
 */
export async function checkpointIfDue(
  db: DbHandle,
  policy: CheckpointPolicy = CHECKPOINT_POLICY,
): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  const { ageMs, walBytes } = await sinceLastCheckpoint(db);
  // A checkpoint's own record (and an idle node's nothing else) stays under a WAL page.
  const due = (walBytes > 8192 && ageMs >= policy.maxAgeMs) || walBytes >= policy.maxWalBytes;
  if (!due) return false;
  await db.query('CHECKPOINT');
  return true;
}

/** Every 30 s: a checkpoint when one is due (PGlite). */
export const checkpointJob: JobDefinition = {
  name: 'pglite-checkpoint',
  databases: ['pglite'],
  everyMs: 30_000,
  // Between the alarm rules (:07, :37) and the minute's push reports (:15).
  offsetMs: 22_000,
  run: async ({ db, log }) => {
    if (await checkpointIfDue(db)) log.debug('checkpoint');
  },
};
