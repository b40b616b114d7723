/**
 * Starts the real platform for browser tests: what `npm start` runs (the server built to JavaScript by
 * scripts/build-server-if-stale.mjs, decision 0016; apps/server/src/test/server-process.ts), on free
 * ports, with a fresh PGlite directory (or a fresh PostgreSQL database when DATABASE_URL is set) and a
 * small, fast simulator fleet. Resolves once the API answers.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/ingest/test-mosquitto';
import { buildServerBundle, spawnServer } from '../../apps/server/src/test/server-process';

export { freePort };

/** A fresh database on the PostgreSQL server of `url` (CREATE DATABASE ems_e2e_…); its URL. */
export async function freshPostgres(url: string): Promise<string> {
  const name = `ems_e2e_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return scoped.toString();
}

/** The browser tests' settings of a server process (besides its ports and database). */
export function e2eServerEnv(): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    METRICS_PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ems-e2e-')),
    SIMULATOR: 'on',
    SIMULATOR_SITES: '10',
    SIMULATOR_INTERVAL_S: '2',
    // Two days, so the site-local yesterday holds data at any hour (with one, at 23:58 it held 5 minutes).
    BACKFILL_DAYS: '2',
    ADMIN_PASSWORD: 'Admin@E2e-2024',
    LOG_LEVEL: 'warn',
  };
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    ...e2eServerEnv(),
    ...extraEnv,
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = await freshPostgres(process.env.DATABASE_URL);
  // The browser tests run the bundle users run, so a fault of the build shows here, not after a release.
  buildServerBundle();
  return spawnServer(env);
}
