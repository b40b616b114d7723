/**
 * The platform's one durable job queue (issue 20 §7, docs/decisions/0019-job-queue.md): pg-boss on the
 * platform's own database, PGlite or PostgreSQL. Outgoing messages, scheduled pushes, device commands
 * and the periodic jobs are jobs of named queues: each job is kept until done, retried with backoff,
 * taken by one worker of one process (SKIP LOCKED), and a job of a `singleton` queue never runs beside
 * another of the same key. Domains declare their queues (QueueDefinition) and their workers; main.ts
 * starts the queue before the app, so every service can send jobs, and the workers after it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ConstructorOptions,
  fromDrizzle,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type Queue,
  type SendOptions,
  type WorkOptions,
} from 'pg-boss';
import type { DbHandle } from '../db/client';
import type { Tx } from '../modules/mail/outbox';

/** A named queue and its retry, expiry and key policy (pg-boss `createQueue` options). */
export type QueueDefinition = Queue;

/**
 * How every worker fetches: a batch at a time and at once again while batches come back full, woken by
 * NOTIFY on the queues that ask for it; without this a backlog drains one job per polling interval
 * (measured in docs/decisions/0019-job-queue.md).
 */
export const WORK_DEFAULTS = {
  batchSize: 10,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 2,
  includeMetadata: true,
} as const satisfies WorkOptions;

/** A job as a worker receives it: its data, id, retry count and when it was created. */
export type QueueJob<T> = JobWithMetadata<T>;

/** The running queue of one process. */
export interface JobQueue {
  /**
   * Adds a job to `queue`; with `tx` inside the caller's drizzle transaction, so the job exists exactly
   * when the change that caused it was committed (the transactional outbox); such a queue must have been
   * declared by this process first (else this throws). @returns the job id, or
   * null when a key of the queue's policy already holds a job (nothing added).
   */
  send(queue: string, data: object, options?: SendOptions, tx?: Tx): Promise<string | null>;
  /**
   * Adds many jobs to `queue` in one statement; with `tx` inside it as send does (the queue declared
   * first). A job whose `singletonKey` already holds a job under the queue's policy is skipped, as with
   * send; a job with `startAfter` is not fetched before then. Throws when the queue does not exist.
   */
  sendMany(
    queue: string,
    jobs: readonly { data: object; singletonKey?: string; startAfter?: Date }[],
    tx?: Tx,
  ): Promise<void>;
  /**
   * Runs `handler` for the jobs of `queue` on this process (WORK_DEFAULTS). A job whose handler throws
   * is retried as its queue says; one handler call gets up to `batchSize` jobs, handled one by one here
   * so that one failure retries only its own job.
   */
  work<T>(queue: string, handler: (job: QueueJob<T>) => Promise<void>, options?: WorkOptions): Promise<void>;
  /**
   * Runs `handler` for the jobs of `queue` a whole fetched batch at a time (up to `batchSize`), for
   * work that is cheaper done together (one statement for many jobs). The handler answers one outcome
   * per job, in order: null when done, else the error that job is retried with.
   */
  workBatch<T>(
    queue: string,
    handler: (jobs: QueueJob<T>[]) => Promise<(Error | null)[]>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Declares queues: created or updated once per process (a name declared already is skipped). */
  declare(queues: readonly QueueDefinition[]): Promise<void>;
  /** pg-boss itself, for what this wrapper does not cover (tests, the console's counts). */
  boss: PgBoss;
  /**
   * Creates or migrates the queue's `pgboss` schema and starts its timers; sends and workers wait for
   * it. main.ts starts the queue once the app's logger exists, before the server listens.
   */
  start(log: FastifyBaseLogger): Promise<void>;
  /** Stops the workers (waiting for jobs in hand) and the queue's timers; call before closing the db. */
  stop(): Promise<void>;
}

/** Seconds between pg-boss's supervise passes (expired and silent runs given up); its default is 60. */
export const SUPERVISE_INTERVAL_S = 10;

/**
 * The queue of `db` (not started): on PGlite inside the same database through pg-boss's own PGlite
 * adapter; on PostgreSQL over a pool of its own holding one LISTEN connection. pg-boss's cron is not
 * used: periodic jobs are sent by each process's ticker (jobs/scheduler.ts) as one job per slot.
 */
export function createJobQueue(db: DbHandle): JobQueue {
  const store = db.jobStore() as ConstructorOptions;
  const boss = new PgBoss({
    ...store,
    schema: 'pgboss',
    useListenNotify: true,
    schedule: false,
    // Housekeeping the platform does not use (flows), slowed down: on PGlite each statement runs on the
    // server's own thread.
    flowIntervalSeconds: 60,
    // How often one process (pg-boss claims each pass) gives up runs whose heartbeat stopped: a dead
    // node's periodic job is taken over within PERIODIC_HEARTBEAT_S + this (scheduler.ts).
    superviseIntervalSeconds: SUPERVISE_INTERVAL_S,
  });
  // Until start() gives it the app's logger, what the queue reports goes to stderr.
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = {
    error: (obj: unknown, msg?: string) => console.error(msg, obj),
    warn: (obj: unknown, msg?: string) => console.warn(msg, obj),
  } as Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Queues declared by this process (in pg-boss's cache from then on). */
  const declared = new Set<string>();
  /**
   * pg-boss looks an unknown queue up on its own connection; on PGlite that waits for the caller's open
   * transaction for ever. Declared queues are in its cache, so the others are refused at once.
   */
  const mustBeDeclared = (queue: string) => {
    if (!declared.has(queue))
      throw new Error(`job queue ${queue} must be declared before a send in a transaction`);
  };
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
  const self: JobQueue = {
    boss,
    start: async (appLog) => {
      log = appLog;
      await boss.start();
    },
    send: async (queue, data, sendOptions = {}, tx) => {
      if (!tx) return boss.send(queue, data, sendOptions);
      mustBeDeclared(queue);
      return boss.send(queue, data, { ...sendOptions, db: fromDrizzle(tx, sql) });
    },
    sendMany: async (queue, jobs, tx) => {
      if (jobs.length === 0) return;
      if (!tx) {
        await boss.insert(queue, [...jobs]);
        return;
      }
      mustBeDeclared(queue);
      await boss.insert(queue, [...jobs], { db: fromDrizzle(tx, sql) });
    },
    workBatch: async <T>(
      queue: string,
      handler: (jobs: QueueJob<T>[]) => Promise<(Error | null)[]>,
      workOptions = {},
    ) => {
      const settled = {
        ...WORK_DEFAULTS,
        ...workOptions,
        includeMetadata: true,
        perJobResults: true,
      } as const;
      await boss.work<T, unknown, typeof settled>(queue, settled, async (jobs: QueueJob<T>[]) => {
        const outcomes = await handler(jobs);
        return jobs.map((job, i): JobResult => {
          const err = outcomes[i];
          if (!err) return { id: job.id, status: 'completed' };
          log.warn({ queue, jobId: job.id, retryCount: job.retryCount, err: err.message }, 'job failed');
          return { id: job.id, status: 'failed', output: { message: err.message } };
        });
      });
    },
    // One by one, each job settled on its own: a job that fails is retried alone, not with its batch.
    work: <T>(queue: string, handler: (job: QueueJob<T>) => Promise<void>, workOptions = {}) =>
      self.workBatch<T>(
        queue,
        async (jobs) => {
          const outcomes: (Error | null)[] = [];
          for (const job of jobs) {
            try {
              await handler(job);
              outcomes.push(null);
            } catch (err) {
              outcomes.push(err instanceof Error ? err : new Error(String(err)));
            }
          }
          return outcomes;
        },
        workOptions,
      ),
    declare: async (queues) => {
      for (const { name, ...queueOptions } of queues) {
        if (declared.has(name)) continue;
        await boss.createQueue(name, { notify: true, ...queueOptions });
        // A queue made by an earlier version takes today's retry and expiry settings (its policy stays).
        const { policy: _p, partition: _t, deadLetter: _d, retryDelayMax: _m, ...changeable } = queueOptions;
        await boss.updateQueue(name, { notify: true, ...changeable });
        declared.add(name);
      }
    },
    stop: async () => {
      await boss.stop({ graceful: true, close: true, timeout: 10_000 });
    },
  };
  return self;
}
