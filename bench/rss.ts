/**
 * Server resident memory with the demo fleet (issue 12 §4; aim ≤ 256 MB on PostgreSQL). Starts the real
 * composition root as `npm run serve` does (its command read from package.json: the built
 * apps/server/dist/main.js, rebuilt when stale, with serve's environment and node flags) as a child with the default simulator (24 sites, a sample every 5 s per device) on
 * PGlite in a temporary directory, then on PostgreSQL when DATABASE_URL is set (a fresh database on that
 * server), and samples its memory after start-up and after a few minutes of live traffic. rss is what the
 * OS holds; heap is V8's JavaScript heap; external / arrayBuffers hold Buffers and WebAssembly memory
 * (PGlite's whole Postgres runs in WASM memory, counted there).
 *
 * Run alone: `node --import tsx bench/rss.ts`. Knobs: RSS_BENCH_MINUTES (live traffic, default 3);
 * RSS_BENCH_RUNNER=tsx runs apps/server/src/main.ts under tsx instead (the former `npm run serve`, for
 * comparison); RSS_BENCH_NODE_FLAGS replaces serve's node flags; RSS_BENCH_DATABASES=PostgreSQL skips
 * PGlite.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import { scratchDatabase } from '../apps/server/src/test/helper';
import { type ServeCommand, serveCommand } from '../scripts/serve-command';
import type { BenchDbKind } from './harness';
import { printTable, type Row } from './table';

const MB = 1024 * 1024;

interface Mem {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function memOf(child: ChildProcess): Promise<Mem> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (m && typeof m === 'object' && 'mem' in m) {
        child.off('message', on);
        resolve((m as { mem: Mem }).mem);
      }
    };
    child.on('message', on);
    child.send('mem');
  });
}

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start within 180 s');
}

function row(kind: BenchDbKind, moment: string, m: Mem): Row {
  const mb = (v: number) => Math.round((v / MB) * 10) / 10;
  return {
    database: kind,
    moment,
    'rss MB': mb(m.rss),
    'heap used MB': mb(m.heapUsed),
    'heap total MB': mb(m.heapTotal),
    'external MB': mb(m.external),
    'arrayBuffers MB': mb(m.arrayBuffers),
    'rest of rss MB': mb(m.rss - m.heapTotal - m.external),
  };
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The child's entry and node options: serve's (the bundle built first when stale), or with
 * RSS_BENCH_RUNNER=tsx the TypeScript under tsx; RSS_BENCH_NODE_FLAGS (space-separated, may be empty)
 * replaces serve's node flags, to measure what a flag is worth.
 */
function runner(): ServeCommand {
  const serve = serveCommand();
  const flags = process.env.RSS_BENCH_NODE_FLAGS;
  if (flags !== undefined) serve.nodeFlags = flags.split(/\s+/).filter(Boolean);
  if (process.env.RSS_BENCH_RUNNER === 'tsx')
    return {
      ...serve,
      nodeFlags: [...serve.nodeFlags, '--import', 'tsx'],
      entry: join(root, 'apps/server/src/main.ts'),
    };
  execFileSync(process.execPath, [join(root, 'scripts/build-server-if-stale.mjs')], { stdio: 'inherit' });
  return serve;
}

async function measure(kind: BenchDbKind, minutes: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-rss-'));
  const db = kind === 'PostgreSQL' ? await scratchDatabase(process.env.DATABASE_URL!, 'ems_bench_rss') : null;
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'Bench@Admin2024',
  };
  delete env.MQTT_URL;
  if (kind === 'PGlite') delete env.DATABASE_URL;
  else env.DATABASE_URL = db!.url;
  const probe = pathToFileURL(fileURLToPath(new URL('./rss-probe.ts', import.meta.url))).href;
  const run = runner();
  Object.assign(env, run.env);
  const child = fork(run.entry, [], {
    env,
    execArgv: [...run.nodeFlags, '--import', probe],
    stdio: 'inherit',
  });
  const rows: Row[] = [];
  try {
    await waitReady(port, child);
    await new Promise((r) => setTimeout(r, 10_000));
    rows.push(row(kind, 'after start-up (+10 s)', await memOf(child)));
    const until = Date.now() + minutes * 60_000;
    let peak: Mem | null = null;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10_000));
      const m = await memOf(child);
      if (!peak || m.rss > peak.rss) peak = m;
    }
    const last = await memOf(child);
    rows.push(row(kind, `after ${minutes} min of live traffic`, last));
    if (peak) rows.push(row(kind, `peak during the ${minutes} min`, peak));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
    await db?.drop();
  }
  return rows;
}

/** PGlite, then PostgreSQL when DATABASE_URL is set: memory after start-up, at the end and the peak. */
export async function runRssBench(): Promise<Row[]> {
  const minutes = Number(process.env.RSS_BENCH_MINUTES ?? 3);
  const only = process.env.RSS_BENCH_DATABASES;
  const rows = only === 'PostgreSQL' ? [] : await measure('PGlite', minutes);
  if (process.env.DATABASE_URL) rows.push(...(await measure('PostgreSQL', minutes)));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable('Server memory with the demo fleet', await runRssBench());
  process.exit(0);
}
