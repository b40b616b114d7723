import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionName } from '../db/partitions';
import { vacuumChurnedTables } from '../db/vacuum';
import { buildTestApp, type TestApp } from '../test/helper';
import { allJobs, telemetryPartitionsJob } from './all-jobs';
import type { JobDefinition } from './job';
import { createJobQueue } from './queue';
import { instantJobId, kickSends, kicksRunHere, nextRunAt, runJobOnce, runsOn, startJobs } from './scheduler';

let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exists = async (name: string) =>
  (await t.db.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])).rows.length === 1;

describe('job scheduler', () => {
  it('plans a daily job at its wall-clock instant', () => {
    const now = Date.UTC(2026, 10, 21, 15, 30);
    expect(new Date(nextRunAt(telemetryPartitionsJob, now)).toISOString()).toBe('2026-11-22T00:05:00.000Z');
    const justBefore = Date.UTC(2026, 10, 21, 0, 4);
    expect(new Date(nextRunAt(telemetryPartitionsJob, justBefore)).toISOString()).toBe(
      '2026-11-21T00:05:00.000Z',
    );
  });

  it('recreates a missing telemetry partition of the coming months', async () => {
    const now = new Date();
    const ahead = partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)));
    expect(await exists(ahead)).toBe(true);
    await t.db.query(`DROP TABLE "${ahead}"`);
    expect(await exists(ahead)).toBe(false);
    expect(await runJobOnce(telemetryPartitionsJob, { db: t.db, config: t.config, log }, now)).toBe('ran');
    expect(await exists(ahead)).toBe(true);
  });

  it('runs a periodic job once per instant although two processes tick it', async () => {
    // Two job queues on one database stand for two server processes (on PostgreSQL two pools; on PGlite
    // two pg-boss instances on the one database).
    const second = createJobQueue(t.db);
    await second.start(log);
    const runs: number[] = [];
    const job: JobDefinition = {
      name: 'test-tick',
      everyMs: 1000,
      offsetMs: 0,
      run: async (_deps, at) => {
        runs.push(Math.floor(at.getTime() / 1000));
      },
    };
    const deps = { db: t.db, config: t.config, log };
    const a = await startJobs({ ...deps, queue: t.queue }, [job]);
    const b = await startJobs({ ...deps, queue: second }, [job]);
    try {
      // At least three instants, however slow the machine: each second both processes offer its slot.
      for (let waited = 0; runs.length < 3 && waited < 40_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await a.stop();
      await b.stop();
      await second.stop();
    }
    expect(runs.length).toBeGreaterThanOrEqual(3);
    // Each second's instant ran once, on one of the two.
    expect(new Set(runs).size).toBe(runs.length);
  });
});

describe('jobs for one kind of database', () => {
  it('a node schedules only the jobs meant for its database: the others get no queue and no run', async () => {
    const other = t.db.kind === 'pglite' ? 'postgres' : 'pglite';
    const runs: string[] = [];
    const job = (name: string, databases: JobDefinition['databases']): JobDefinition => ({
      name,
      databases,
      everyMs: 500,
      offsetMs: 0,
      run: async () => {
        runs.push(name);
      },
    });
    const jobs = await startJobs({ db: t.db, config: t.config, log, queue: t.queue }, [
      job('test-this-db', [t.db.kind]),
      job('test-other-db', [other]),
      job('test-any-db', undefined),
    ]);
    try {
      for (
        let waited = 0;
        !(runs.includes('test-this-db') && runs.includes('test-any-db')) && waited < 20_000;
        waited += 50
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 1100));
    } finally {
      await jobs.stop();
    }
    expect(runs).toContain('test-this-db');
    expect(runs).toContain('test-any-db');
    expect(runs).not.toContain('test-other-db');
    const queues = await t.db.query<{ name: string }>(
      `SELECT name FROM pgboss.queue WHERE name LIKE 'test-%-db' ORDER BY name`,
    );
    expect(queues.rows.map((r) => r.name)).toEqual(['test-any-db', 'test-this-db']);
  });

  it('the PGlite stand-ins for PostgreSQL’s own processes run on PGlite nodes only', () => {
    const pgOnly = allJobs.filter((j) => !runsOn(j, { kind: 'postgres' })).map((j) => j.name);
    expect(pgOnly.sort()).toEqual(['pglite-checkpoint', 'pglite-vacuum']);
    expect(allJobs.every((j) => runsOn(j, { kind: 'pglite' }))).toBe(true);
  });
});

describe('kicks', () => {
  it('a kick sends the job unless its periodic instant comes within the kick’s own wait', () => {
    const job: JobDefinition = {
      name: 'k',
      everyMs: 2000,
      offsetMs: 0,
      kickCoalesceMs: 1000,
      run: async () => {},
    };
    const instant = Date.UTC(2026, 10, 29, 12, 0, 0);
    // 1.9 s before the next instant: the kick runs the job a second from now, sooner than the instant.
    expect(kickSends(job, instant + 100)).toBe(true);
    // 0.9 s before it: the periodic run comes first, the kick sends nothing.
    expect(kickSends(job, instant + 1100)).toBe(false);
    expect(kickSends(job, instant + 1999)).toBe(false);
    // Default coalescing (100 ms) for a job that sets none.
    const plain: JobDefinition = { name: 'p', everyMs: 2000, offsetMs: 0, run: async () => {} };
    expect(kickSends(plain, instant + 1850)).toBe(true);
    expect(kickSends(plain, instant + 1950)).toBe(false);
  });
});

describe('kicks run here on PGlite, or for a job that asks', () => {
  it.each([
    { name: 'test-kicked', kicksRunHere: false },
    { name: 'test-kicked-here', kicksRunHere: true },
  ])(
    'a kick of $name runs in this process on PGlite or when the job asks (else through the queue), never beside its queued run',
    async ({ name, kicksRunHere: asks }) => {
      const here = kicksRunHere(t, { kicksRunHere: asks });
      expect(here).toBe(asks || t.db.kind === 'pglite');
      let kick = () => {};
      let running = 0;
      let mostAtOnce = 0;
      const runs: number[] = [];
      const job: JobDefinition = {
        name,
        everyMs: 3_600_000,
        offsetMs: 0,
        kickCoalesceMs: 20,
        kicksRunHere: asks,
        run: async (_deps, at) => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await new Promise((r) => setTimeout(r, 300));
          runs.push(at.getTime());
          running -= 1;
        },
        wakeOn: (_db, k) => {
          kick = k;
          return () => {};
        },
      };
      const waitFor = async (done: () => boolean) => {
        for (let waited = 0; !done() && waited < 20_000; waited += 20) {
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const jobs = await startJobs({ db: t.db, config: t.config, log, queue: t.queue }, [job]);
      const at = Date.now() - 1000;
      try {
        // The queue's run of an instant, and kicks while it runs: here they wait for it and make one run.
        await t.queue.send(job.name, { at }, { id: instantJobId(job.name, at) });
        await waitFor(() => running === 1);
        kick();
        await new Promise((r) => setTimeout(r, 60));
        kick();
        kick();
        await waitFor(() => runs.length >= (here ? 2 : 1));
        // A kick when nothing runs.
        const before = runs.length;
        await new Promise((r) => setTimeout(r, 100));
        kick();
        await waitFor(() => runs.length > before);
        await new Promise((r) => setTimeout(r, 400));
      } finally {
        await jobs.stop();
      }
      expect(runs[0]).toBe(at);
      expect(mostAtOnce).toBe(1);
      const sent = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $1',
        [job.name],
      );
      if (here) {
        expect(runs).toHaveLength(3);
        expect(sent.rows[0]!.n).toBe(0);
      } else {
        // On PostgreSQL the exclusive queue drops a kick sent while its run is queued or running.
        expect(runs.length).toBeGreaterThanOrEqual(2);
        expect(sent.rows[0]!.n).toBeGreaterThanOrEqual(1);
      }
    },
  );
});

describe('one run per instant', () => {
  it('ignores a second send of an instant, however late it comes', async () => {
    // A standard queue: only the id keeps the second send out.
    await t.queue.declare([{ name: 'test-late', policy: 'standard' }]);
    const at = Date.UTC(2026, 10, 25, 12, 0, 5);
    expect(await t.queue.send('test-late', { at }, { id: instantJobId('test-late', at) })).not.toBeNull();
    // A busy process sends the same instant over a second later (another throttle slot).
    await new Promise((r) => setTimeout(r, 1200));
    expect(await t.queue.send('test-late', { at }, { id: instantJobId('test-late', at) })).toBeNull();
    expect(instantJobId('test-late', at)).not.toBe(instantJobId('test-late', at + 5000));
    expect(instantJobId('test-late', at)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('vacuum on PGlite', () => {
  it('vacuums a table whose dead rows pile up, as autovacuum would on PostgreSQL', async () => {
    await t.db.query('CREATE TABLE churn (id int primary key, v int)');
    await t.db.query('INSERT INTO churn SELECT g, 0 FROM generate_series(1, 2000) g');
    await t.db.query('UPDATE churn SET v = v + 1');
    // The session reports its table counts at the end of the next transaction.
    await t.db.query('SELECT pg_stat_force_next_flush()');
    await t.db.query('SELECT 1');
    const dead = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'churn'`,
        )
      ).rows[0]!.n;
    const vacuumed = await vacuumChurnedTables(t.db);
    if (t.db.kind === 'postgres') {
      expect(vacuumed).toEqual([]);
      return;
    }
    expect(vacuumed).toContain('public.churn');
    expect(await dead()).toBe(0);
  });
});
