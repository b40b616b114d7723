import { fork } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type DbHandle, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { startTestPostgres, type TestPostgres } from '../ingest/test-postgres';
import { createJobQueue } from './queue';
import { PERIODIC_HEARTBEAT_S, startJobs } from './scheduler';
import { TAKEOVER_JOB } from './takeover-job';

// Issue 23 §1: a periodic job "is taken over when its node dies". Two real processes on one PostgreSQL
// (a throwaway one in every pass: PGlite has one process): the child takes a run and is SIGKILLed in the
// middle of it; this process must run the job's later instants.
describe('a periodic job whose process died mid-run', () => {
  let pg: TestPostgres;
  let db: DbHandle;

  beforeAll(async () => {
    pg = await startTestPostgres();
    db = await openDb({ url: pg.url });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    pg?.dispose();
  });

  it('is run by another process within the heartbeat and a supervise pass', async () => {
    const child = fork(new URL('./takeover-child.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: pg.url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`child exited (${code}) before it ran the job`)));
    });
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const log = pino({ level: 'silent' });
    const queue = createJobQueue(db);
    await queue.start(log);
    const runs: number[] = [];
    const jobs = await startJobs({ db, config: loadConfig({ SIMULATOR: 'off' }), log, queue }, [
      { ...TAKEOVER_JOB, run: async () => void runs.push(Date.now()) },
    ]);
    try {
      // Without the heartbeat the dead run holds the exclusive queue for its expiry (60 s) plus a
      // supervise pass (60 s by default).
      for (let waited = 0; runs.length < 2 && waited < 45_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await jobs.stop();
      await queue.stop();
    }
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const takenOverAfterS = (runs[0]! - killedAt) / 1000;
    expect(takenOverAfterS).toBeGreaterThan(0);
    // The run the dead process held is given up, never run twice at once: no run of this process
    // started while the heartbeat could still have been the dead one's.
    expect(takenOverAfterS).toBeGreaterThanOrEqual(PERIODIC_HEARTBEAT_S - 2);
  }, 90_000);
});
