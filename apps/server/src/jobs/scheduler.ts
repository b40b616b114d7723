/**
 * Periodic jobs, run through the job queue (jobs/queue.ts, decision 0019). Each job runs at fixed
 * wall-clock instants (multiples of its period plus an offset, UTC). At each instant every process's
 * ticker sends the job's run of that instant under one id (instantJobId: pg-boss keeps the first of a
 * known id, across processes and however late one sends it), and the job's `exclusive` queue holds at
 * most one queued or running, so the job runs once per instant on one process, never beside itself. A failure is logged; the next instant runs it again.
 * The runner knows no job: main.ts hands it the list (all-jobs.ts); a job's type is in job.ts.
 */
import { createHash } from 'node:crypto';
import type { JobDefinition, JobDeps } from './job';
import type { JobQueue, QueueDefinition } from './queue';

/** The first run instant of `job` after `now` (ms since the epoch). */
export function nextRunAt(job: JobDefinition, now: number): number {
  const base = Math.floor((now - job.offsetMs) / job.everyMs) * job.everyMs + job.offsetMs;
  return base + job.everyMs;
}

/** Runs one job's body now, in this process (tests; the queue runs it in production). */
export async function runJobOnce(job: JobDefinition, deps: JobDeps, now = new Date()): Promise<'ran'> {
  await job.run(deps, now);
  return 'ran';
}

/**
 * Seconds without a heartbeat from the process running a periodic job before the queue gives its run up
 * (pg-boss's minimum). A process that died mid-run (SIGKILL, a lost machine) would otherwise hold the
 * job's exclusive queue until the run expired (at least a minute) and the next supervise pass (another
 * minute): a 5-s job stopped for two minutes on every node (issue 23 §1, `jobs/takeover.test.ts`).
 */
export const PERIODIC_HEARTBEAT_S = 10;

/**
 * The queue of a periodic job: one queued or running at a time, not retried (the next instant is), given
 * up PERIODIC_HEARTBEAT_S after its process stopped answering.
 */
export function periodicQueue(job: JobDefinition): QueueDefinition {
  return {
    name: job.name,
    policy: 'exclusive',
    retryLimit: 0,
    heartbeatSeconds: PERIODIC_HEARTBEAT_S,
    expireInSeconds: job.expireInSeconds ?? Math.max(60, Math.round(job.everyMs / 1000)),
    // Runs are their own log: keep an hour of them for the console, not the default week.
    deleteAfterSeconds: 3600,
  };
}

/**
 * The queue id of `name`'s run at instant `at` (ms): a UUID (version 5 layout) of a SHA-1 of both, the
 * same in every process.
 */
export function instantJobId(name: string, at: number): string {
  const h = createHash('sha1').update(`${name}@${at}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Kicks of one job within this time (ms) are sent as one, unless the job says otherwise (kickCoalesceMs). */
export const KICK_COALESCE_MS = 100;

/**
 * Whether a kick at `now` (epoch ms) sends `job`: not when its next periodic instant comes within the time
 * the kick would wait anyway (kickCoalesceMs), since that run takes what the kick was for. A job woken
 * by a steady stream (the mail sender every 2 s, kicked by every queued mail) so runs a third fewer times.
 */
export function kickSends(job: JobDefinition, now: number): boolean {
  return nextRunAt(job, now) - now > (job.kickCoalesceMs ?? KICK_COALESCE_MS);
}

/** Running periodic jobs of this process. */
export interface PeriodicJobs {
  /**
   * Stops the tickers and wake-ups; resolves once the kicks' runs in hand here are done (the queue's
   * own stop() waits for its runs).
   */
  stop(): Promise<void>;
}

/**
 * Whether a kick runs its job in this process rather than sending it through the queue: on PGlite, whose
 * database no other process opens, the queue's exclusivity across processes guards nothing that this
 * process's own lane (one run of a job at a time) does not, and its send, fetch and completion are three
 * statements on the one thread every query waits for (issue 36 §2: over a quarter of the push path's time
 * on that thread at 1,000 alarms a minute, 142 of 506 ms in a 10-s bench case). On PostgreSQL a kick may
 * be taken by any process, unless the job says its kicks run where they happen (JobDefinition.kicksRunHere).
 */
export function kicksRunHere(deps: Pick<JobDeps, 'db'>, job?: Pick<JobDefinition, 'kicksRunHere'>): boolean {
  return deps.db.kind === 'pglite' || job?.kicksRunHere === true;
}

/**
 * One run at a time per job name in this process: `run` starts once the run before it (a queued run or
 * a kick's) has ended. `run` must not reject.
 */
function jobLanes() {
  const tails = new Map<string, Promise<void>>();
  return {
    enter(name: string, run: () => Promise<void>): Promise<void> {
      const next = (tails.get(name) ?? Promise.resolve()).then(run);
      tails.set(name, next);
      return next;
    },
    drained: () => Promise.all(tails.values()),
  };
}

/** Whether a node on `db` schedules `job` (JobDefinition.databases). */
export function runsOn(job: Pick<JobDefinition, 'databases'>, db: Pick<JobDeps['db'], 'kind'>): boolean {
  return job.databases === undefined || job.databases.includes(db.kind);
}

/**
 * Declares the queues of the `jobs` (main.ts: allJobs) meant for this node's database (runsOn), runs
 * them on this process and starts the tickers that send each at its instants. `deps.queue` must be running.
 */
export async function startJobs(
  deps: JobDeps & { queue: JobQueue },
  allOfThem: readonly JobDefinition[],
): Promise<PeriodicJobs> {
  const { queue } = deps;
  const jobs = allOfThem.filter((job) => runsOn(job, deps.db));
  const timers = new Map<string, NodeJS.Timeout>();
  const unsubscribes: (() => void)[] = [];
  let stopped = false;
  await queue.declare(jobs.map(periodicQueue));
  // A kick sends the job within KICK_COALESCE_MS (or runs it here, kicksRunHere); its exclusive queue (or
  // this process's lane) keeps it from piling up behind a run in progress. Kicks in that time share one
  // send: 1,000 alarms a minute wake the job a few times a second, not once per alarm (each send is a
  // statement on the database the job itself needs).
  const kicking = new Map<string, NodeJS.Timeout>();
  const lanes = jobLanes();
  const runLogged = async (job: JobDefinition, at: number) => {
    const started = Date.now();
    try {
      await job.run(deps, new Date(at));
    } catch (err) {
      deps.log.error({ job: job.name, err }, 'job failed');
      return;
    }
    // Jobs running every few seconds would flood the info log.
    const level = job.everyMs < 60_000 ? 'debug' : 'info';
    deps.log[level]({ job: job.name, ms: Date.now() - started }, 'job finished');
  };
  // A kick run here that has not started yet takes the kicks after it too, as the queue's singleton does.
  const kickWaiting = new Set<string>();
  const runKickHere = (job: JobDefinition) => {
    if (kickWaiting.has(job.name)) return;
    kickWaiting.add(job.name);
    void lanes.enter(job.name, () => {
      kickWaiting.delete(job.name);
      return stopped ? Promise.resolve() : runLogged(job, Date.now());
    });
  };
  const kick = (job: JobDefinition) => {
    if (stopped || kicking.has(job.name) || !kickSends(job, Date.now())) return;
    const timer = setTimeout(() => {
      kicking.delete(job.name);
      if (stopped) return;
      if (kicksRunHere(deps, job)) runKickHere(job);
      else void queue.send(job.name, { at: Date.now() }, { singletonKey: job.name }).catch(() => {});
    }, job.kickCoalesceMs ?? KICK_COALESCE_MS);
    timer.unref();
    kicking.set(job.name, timer);
  };

  // The job of an instant has an id made from its name and instant: every process sends the same id, the
  // queue keeps the first (its insert ignores a known id), however late a busy process sends it.
  const send = (job: JobDefinition, at: number) =>
    queue
      .send(job.name, { at }, { id: instantJobId(job.name, at) })
      .catch((err: unknown) => deps.log.warn({ job: job.name, err }, 'job not sent'));

  const schedule = (job: JobDefinition) => {
    if (stopped) return;
    const at = nextRunAt(job, Date.now());
    const timer = setTimeout(
      () => {
        void send(job, at);
        schedule(job);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of jobs) {
    await queue.work<{ at: number }>(
      job.name,
      (j) => lanes.enter(job.name, () => runLogged(job, j.data.at)),
      { batchSize: 1 },
    );
    schedule(job);
    if (job.wakeOn) unsubscribes.push(job.wakeOn(deps.db, () => kick(job)));
  }
  return {
    stop: async () => {
      stopped = true;
      for (const t of [...timers.values(), ...kicking.values()]) clearTimeout(t);
      timers.clear();
      kicking.clear();
      for (const unsubscribe of unsubscribes) unsubscribe();
      await lanes.drained();
    },
  };
}
