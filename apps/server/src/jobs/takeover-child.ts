/**
 * Test child of takeover.test.ts: a server process's job queue on DATABASE_URL running one periodic job
 * whose run never ends. It says `running` to its parent once it holds the run; the parent then kills it.
 */
import pino from 'pino';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { createJobQueue } from './queue';
import { startJobs } from './scheduler';
import { TAKEOVER_JOB } from './takeover-job';

const db = await openDb({ url: process.env.DATABASE_URL! });
const log = pino({ level: 'silent' });
const queue = createJobQueue(db);
await queue.start(log);
await startJobs({ db, config: loadConfig({ SIMULATOR: 'off' }), log, queue }, [
  {
    ...TAKEOVER_JOB,
    run: () => {
      process.send?.('running');
      return new Promise<void>(() => {});
    },
  },
]);
