/**
 * What the benchmarks share: a migrated database to run a case on, and a load generator in a child
 * process (so the load and the code under test do not share an event loop).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from '../apps/server/src/config';
import { type DbHandle, openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { allJobs } from '../apps/server/src/jobs/all-jobs';
import type { JobDefinition } from '../apps/server/src/jobs/job';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { startJobs } from '../apps/server/src/jobs/scheduler';
import { startDeliveries } from '../apps/server/src/modules/push/deliver';
import { openTestDb } from '../apps/server/src/test/helper';

/** The databases a benchmark case runs on. */
export type BenchDbKind = 'PGlite' | 'PostgreSQL';

/** A migrated database for one case and how to get rid of it. */
export interface BenchDb {
  db: DbHandle;
  close(): Promise<void>;
}

/**
 * Opens and migrates a database: PGlite in a new temporary directory `ems-bench-{name}-*` (removed on
 * close; on disk, not in memory, as in production), or a new database on DATABASE_URL's server (dropped
 * on close).
 */
export async function openBenchDb(kind: BenchDbKind, name: string): Promise<BenchDb> {
  if (kind === 'PostgreSQL') {
    const t = await openTestDb();
    await migrate(t.db);
    return { db: t.db, close: t.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `ems-bench-${name}-`));
  // The served node's shared_buffers (PGLITE_SHARED_BUFFERS, its default unless set), so a bench measures it.
  const { PGLITE_SHARED_BUFFERS } = loadConfig({ PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS });
  const db = await openDb({ dataDir: dir, sharedBuffers: PGLITE_SHARED_BUFFERS });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A child process started by startChild. */
export interface BenchChild<First> {
  /** The first message it sends back (rejects when it exits first). */
  first: Promise<First>;
  /** Sends it `message` and resolves with its next message, once it has exited. */
  finish<Last>(message: object): Promise<Last>;
}

/**
 * Runs `script` (a file in bench/, under tsx) as a child process and sends it `job`; the child answers
 * with a first message (it is ready, or its result), and may stay on until `finish`.
 */
export function startChild<Job, First>(script: string, job: Job): BenchChild<First> {
  const file = fileURLToPath(new URL(`./${script}`, import.meta.url));
  const child = fork(file, [], { execArgv: ['--import', 'tsx'] });
  const first = new Promise<First>((resolve, reject) => {
    child.once('message', (m) => resolve(m as First));
    // Settles on exit too: a child gone without its answer must fail the bench, not leave it waiting with
    // nothing left to run (Node then ends it with "unsettled top-level await").
    child.once('exit', (code) =>
      reject(new Error(code === 0 ? `${script} exited without answering` : `${script} exited with ${code}`)),
    );
  });
  child.send(job as object);
  return {
    first,
    finish: async <Last>(message: object) => {
      await first;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      const last = new Promise<Last>((r) => child.once('message', (m) => r(m as Last)));
      child.send(message);
      const answer = await last;
      await exited;
      return answer;
    },
  };
}

/**
 * Runs `script` (a file in bench/, under tsx) as a child process, sends it `job` and resolves with the
 * first message it sends back; rejects when it exits first.
 */
export function runChild<Job, Result>(script: string, job: Job): Promise<Result> {
  return startChild<Job, Result>(script, job).first;
}

/**
 * The ingest's device rate in the benchmarks: their 100 devices each stand in for many real ones (up to
 * 250 messages a second each), so the documented 2/s per device (issue 19 §7) is lifted. The limiter
 * still runs on every message, so its cost is in the figures.
 */
export const BENCH_DEVICE_RATE = { perSecond: 1_000_000, burst: 0, burstWindowS: 600 };

/**
 * Runs `jobs` (default: all the server's periodic jobs) through a job queue of its own on `db`, as the
 * served server does, and with `deliveries` the push delivery workers on the same queue (as main.ts);
 * `stop()` ends them all.
 */
export async function startBenchJobs(
  deps: { db: DbHandle; config: Config; log: FastifyBaseLogger },
  jobs?: readonly JobDefinition[],
  opts: { deliveries?: boolean } = {},
): Promise<{ stop(): Promise<void> }> {
  const queue = createJobQueue(deps.db);
  await queue.start(deps.log);
  const running = await startJobs({ ...deps, queue }, jobs ?? allJobs);
  if (opts.deliveries) await startDeliveries(deps, queue);
  return {
    stop: async () => {
      await running.stop();
      await queue.stop();
    },
  };
}
