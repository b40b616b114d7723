/**
 * Test harness (as fastify/demo's test/helper): a real server on a real database. PGlite in memory by
 * default; PostgreSQL when DATABASE_URL is set (each call gets a fresh schema, so files run in parallel).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Config, loadConfig } from '../config';
import { type DbHandle, type OpenDbOptions, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { buildApp } from '../http/app';
import type { AppContext } from '../http/context';
import { startTestPostgres } from '../ingest/test-postgres';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { createAuthService } from '../modules/auth/service';
import { buildUser, signIn } from './factories';

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  config: Config;
  /** The app's job queue, started; no worker runs unless a test starts one (startJobs, work). */
  queue: JobQueue;
  close(): Promise<void>;
}

/** Demo owner seeded in every test database (same as the README's demo account). */
export const DEMO_OWNER = { username: 'demo', password: 'Demo@2024!' } as const;

/**
 * A new database named `{prefix}_{random}` on `url`'s PostgreSQL server, empty or a copy of `template`
 * (which nobody may be connected to); `drop()` removes it even with connections still open.
 */
export async function scratchDatabase(
  url: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return { url: scoped.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A scratch database on DATABASE_URL's PostgreSQL, else on a throwaway server (`startTestPostgres`), for a
 * test that needs PostgreSQL itself (several sessions, LISTEN) in every pass; `drop()` removes both.
 */
export async function scratchPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const own = process.env.DATABASE_URL ? null : await startTestPostgres();
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  try {
    scratch = await scratchDatabase(process.env.DATABASE_URL ?? own!.url, prefix);
  } catch (err) {
    own?.dispose();
    throw err;
  }
  return {
    url: scratch.url,
    drop: async () => {
      try {
        await scratch.drop();
      } finally {
        own?.dispose();
      }
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite image (a tar of its data directory); '' on PostgreSQL. */
    pgliteImage: string;
    /** Name of the migrated template database on PostgreSQL; '' on PGlite. */
    pgTemplate: string;
  }
}

let image: Blob | undefined;
/**
 * The run's migrated PGlite image (test/pglite-image.ts), read once per test file's worker; none
 * outside Vitest (the benches open databases through this file too).
 */
async function pgliteImage(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const path = (await import('vitest')).inject('pgliteImage');
  if (path && !image) image = new Blob([readFileSync(path)]);
  return image;
}

/**
 * Opens a fresh database: in-memory PGlite, or on PostgreSQL a new database created for this
 * call and dropped by `drop()` (migrations name the public schema, so schemas cannot isolate). PGlite
 * and PostgreSQL start already migrated from the run's image or template (`migrate()` then finds nothing
 * to do); outside Vitest (the benches) PostgreSQL starts empty.
 */
export async function openTestDb(
  options: OpenDbOptions = {},
): Promise<{ db: DbHandle; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ dataDir: 'memory://' }, { pgliteImage: await pgliteImage() });
    return { db, drop: () => db.close() };
  }
  const template = process.env.VITEST ? (await import('vitest')).inject('pgTemplate') : '';
  const scratch = await scratchDatabase(url, 'ems_test', template || undefined);
  const db = await openDb({ url: scratch.url }, options);
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

/**
 * Builds the real app on a fresh database, its pool cut at the request budget as the server's is
 * (db/app-db.ts); call close() in afterAll. `beforeReady` may add what a test needs to the app before it
 * starts (a route of the test's own). `extra` gives the app what main.ts would (a ChargerSend).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance, db: DbHandle) => void,
  extra: Pick<AppContext, 'chargerSend' | 'chargerSendMany'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    SIMULATOR: 'off',
    ADMIN_PASSWORD: 'Admin@Test123',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { db, drop } = await openTestDb({ statementTimeoutMs: config.REQUEST_BUDGET_MS });
  await migrate(db);
  const auth = createAuthService({ db, config });
  const queue = createJobQueue(db);
  const app = await buildApp(
    { config, db, authenticate: auth.authenticate, queue, ...extra },
    { logger: false },
  );
  await queue.start(app.log);
  await seed(db, config, app.log);
  beforeReady?.(app, db);
  await app.ready();
  return {
    app,
    db,
    config,
    queue,
    close: async () => {
      await app.close();
      await queue.stop();
      await drop();
    },
  };
}

/** The real app on a fresh database with one owner signed in (close `t` in afterAll). */
export async function buildOwnerApp(): Promise<{ t: TestApp; ownerId: number; token: string }> {
  const t = await buildTestApp();
  const owner = await buildUser(t.db);
  return { t, ownerId: owner.id, token: await signIn(t.app, owner) };
}
