/**
 * The contract between the job runner (scheduler.ts) and the periodic jobs: what a job is and what it
 * gets. Jobs import their type from here, never from the runner; the composition root (main.ts, through
 * all-jobs.ts) hands the runner its jobs, so the runner imports none of them (issue 31).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { JobQueue } from './queue';

/** What a job gets to work with. */
export interface JobDeps {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  /** The job queue, for jobs that hand work on (sending mail, pushes). */
  queue?: JobQueue;
}

/** A periodic job. */
export interface JobDefinition {
  /** Unique name: log field and the name of its queue. */
  name: string;
  /** Period in ms. */
  everyMs: number;
  /** Offset of the run instants within the period (ms after each multiple of everyMs since the epoch). */
  offsetMs: number;
  run(deps: JobDeps, now: Date): Promise<void>;
  /**
   * The databases whose nodes schedule the job (DbHandle.kind); default all. A job that stands in for
   * what PostgreSQL's own processes do (autovacuum, the checkpointer) names only `pglite`, so a
   * PostgreSQL node neither declares its queue nor sends it a no-op run at every instant.
   */
  databases?: readonly DbHandle['kind'][];
  /** Longest a run may take before the queue gives it up (s); default the period, at least 60. */
  expireInSeconds?: number;
  /**
   * Subscribes `kick` to what should run the job before its next instant (mail just queued);
   * @returns the unsubscribe function.
   */
  wakeOn?(db: DbHandle, kick: () => void): () => void;
  /**
   * Kicks within this time (ms) run the job once (default scheduler.ts KICK_COALESCE_MS): longer for a job
   * woken by a steady stream, whose every run costs the queue's statements besides its own.
   */
  kickCoalesceMs?: number;
  /**
   * A kick runs the job in the process kicked (one run at a time there), on PostgreSQL too, instead of
   * sending it to the queue for any process: for a job woken by its own process (mail that process
   * queued) whose runs are safe beside its runs in other processes (each claims its work).
   */
  kicksRunHere?: boolean;
}
