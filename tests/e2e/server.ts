/**
 * Starts the real platform for browser tests: what `npm start` runs (the server built to JavaScript by
 * scripts/build-server-if-stale.mjs, decision 0016), on free ports, with a
 * fresh PGlite directory (or a fresh PostgreSQL database when DATABASE_URL is set) and a small, fast
 * simulator fleet. Resolves once the API answers.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serveCommand } from '../../scripts/serve-command';

const root = new URL('../..', import.meta.url).pathname;

/** A TCP port that was free a moment ago on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function freshPostgres(url: string): Promise<string> {
  const name = `ems_e2e_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return scoped.toString();
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
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
    ...extraEnv,
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = await freshPostgres(process.env.DATABASE_URL);
  // The browser tests run the bundle users run, so a fault of the build shows here, not after a release.
  const node = join(root, 'node_modules/.bin/node');
  execFileSync(node, ['scripts/build-server-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  const serve = serveCommand();
  const child = spawn(node, [...serve.nodeFlags, '--enable-source-maps', serve.entry], {
    cwd: root,
    env: { ...serve.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${baseUrl}/owner_api/webpvesc/ajax/language/list`);
      if (r.ok) return { baseUrl, process: child, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 60 s:\n${log}`);
}
