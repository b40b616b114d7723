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
 * PGlite; RSS_BENCH_ENV adds server settings (`SIMULATOR=false,PUSH=false`) to attribute memory by turning
 * parts off. Each row also splits rss as the kernel counts it (/proc/PID/smaps_rollup): anonymous memory
 * (heaps: V8's, malloc's, WebAssembly's) and file-backed pages (the node binary, mapped libraries).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import type { BenchDbKind } from './harness';
import { type Mem, nodeEnv, nodeStore, startServeChild } from './serve-child';
import { printTable, type Row } from './table';

const MB = 1024 * 1024;

/** Anonymous and file-backed resident bytes of process `pid` (Linux; zeros elsewhere). */
function kernelSplit(pid: number | undefined): { anon: number; file: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { anon: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
  } catch {
    return { anon: 0, file: 0 };
  }
}

/** Extra server settings from RSS_BENCH_ENV (`KEY=value,KEY=value`). */
function extraEnv(): NodeJS.ProcessEnv {
  const pairs = (process.env.RSS_BENCH_ENV ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

function row(kind: BenchDbKind, moment: string, m: Mem, split: { anon: number; file: number }): Row {
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
    'anonymous MB': mb(split.anon),
    'file-backed MB': mb(split.file),
    'load avg': readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

async function measure(kind: BenchDbKind, minutes: number): Promise<Row[]> {
  const store = await nodeStore(kind, 'rss');
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env = nodeEnv(store, port, {
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    ...extraEnv(),
  });
  const server = await startServeChild(env);
  const sample = async () => ({ mem: await server.mem(), split: kernelSplit(server.child.pid) });
  const rows: Row[] = [];
  try {
    await new Promise((r) => setTimeout(r, 10_000));
    const start = await sample();
    rows.push(row(kind, 'after start-up (+10 s)', start.mem, start.split));
    const until = Date.now() + minutes * 60_000;
    let peak: Awaited<ReturnType<typeof sample>> | null = null;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10_000));
      const m = await sample();
      if (!peak || m.mem.rss > peak.mem.rss) peak = m;
    }
    const last = await sample();
    rows.push(row(kind, `after ${minutes} min of live traffic`, last.mem, last.split));
    if (peak) rows.push(row(kind, `peak during the ${minutes} min`, peak.mem, peak.split));
  } finally {
    await server.stop();
    await store.drop();
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
