/**
 * Periodic jobs. Each job runs at fixed wall-clock instants (multiples of its period plus an offset, UTC),
 * so every node wakes at the same moment and the advisory lock in run-once.ts lets exactly one run it.
 * A job never overlaps itself; a failure is logged and the next run comes at the next instant.
 * Add a job by appending a JobDefinition to `defaultJobs`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import { ensureTelemetryPartitions } from '../db/partitions';
import { rawRetentionJob } from '../db/retention';
import { alarmJob } from '../modules/alarms/alarm-job';
import { historyPurgeJob } from '../modules/fleet/history-purge';
import { startMailSender } from '../modules/mail/sender';
import { planReminderJob } from '../modules/plans/reminder-job';
import { rollupJob } from '../modules/telemetry/rollup-refresh';
import { runExclusive } from './run-once';

/** What a job gets to work with. */
export interface JobDeps {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
}

/** A periodic job. */
export interface JobDefinition {
  /** Unique name: log field and advisory-lock key. */
  name: string;
  /** Period in ms. */
  everyMs: number;
  /** Offset of the run instants within the period (ms after each multiple of everyMs since the epoch). */
  offsetMs: number;
  run(deps: JobDeps, now: Date): Promise<void>;
}

const DAY_MS = 86_400_000;

/** Keeps next months' telemetry partitions created (migrate() also does it at start). */
export const telemetryPartitionsJob: JobDefinition = {
  name: 'telemetry-partitions',
  everyMs: DAY_MS,
  offsetMs: 5 * 60_000, // 00:05 UTC
  run: ({ db }, now) => ensureTelemetryPartitions(db, now),
};

/** The jobs every node schedules. */
export const defaultJobs: readonly JobDefinition[] = [
  telemetryPartitionsJob,
  historyPurgeJob,
  alarmJob,
  rollupJob,
  rawRetentionJob,
  planReminderJob,
];

/** The first run instant of `job` after `now` (ms since the epoch). */
export function nextRunAt(job: JobDefinition, now: number): number {
  const base = Math.floor((now - job.offsetMs) / job.everyMs) * job.everyMs + job.offsetMs;
  return base + job.everyMs;
}

/** Runs one job now, exclusively across nodes. @returns 'ran' or 'skipped'. */
export async function runJobOnce(
  job: JobDefinition,
  deps: JobDeps,
  now = new Date(),
): Promise<'ran' | 'skipped'> {
  return runExclusive(deps.db, job.name, () => job.run(deps, now));
}

/**
 * Schedules `jobs` (default: defaultJobs) and starts the mail sender (every 2 s and on each queued mail; it
 * runs on every node, as rows are leased one by one); `stop()` cancels the timers and waits for a mail
 * delivery in progress, so the database can be closed after it (a running scheduled job finishes alone).
 */
export function startJobs(
  deps: JobDeps,
  jobs: readonly JobDefinition[] = defaultJobs,
): { stop(): Promise<void> } {
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const schedule = (job: JobDefinition) => {
    if (stopped) return;
    const delay = Math.max(0, nextRunAt(job, Date.now()) - Date.now());
    const timer = setTimeout(async () => {
      const started = Date.now();
      try {
        const outcome = await runJobOnce(job, deps);
        // Jobs running every few seconds would flood the info log.
        const level = job.everyMs < 60_000 ? 'debug' : 'info';
        deps.log[level]({ job: job.name, outcome, ms: Date.now() - started }, 'job finished');
      } catch (err) {
        deps.log.error({ job: job.name, err }, 'job failed');
      }
      schedule(job);
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of jobs) schedule(job);
  const mailSender = startMailSender(deps);
  return {
    stop: async () => {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await mailSender.stop();
    },
  };
}
