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
 * comparison); RSS_BENCH_ENTRY runs another build's main.js (before/after in one run, serve-child.ts);
 * BENCH_NODE_FLAGS replaces serve's node flags; RSS_BENCH_DATABASES=PostgreSQL skips
 * PGlite; RSS_BENCH_ENV adds server settings (`SIMULATOR=false,PUSH=false`) to attribute memory by turning
 * parts off. Each row also splits rss as the kernel counts it (/proc/PID/smaps): anonymous memory (heaps:
 * V8's, malloc's, WebAssembly's) and file-backed pages (the node binary, mapped libraries), and of the
 * anonymous part V8's heap pages, glibc malloc's heaps and compiled code; the rows after start-up and at
 * the end add malloc's own account with RSS_BENCH_MALLOC_INFO=1 (bench/malloc-info.ts, with gdb; it
 * can hang the server, so it is off by default), and a last row is taken after a full garbage collection (what is live). Issue 36 §3's aims:
 * ≤ 512 MB on PGlite, ≤ 256 MB on PostgreSQL after 10 minutes (RSS_BENCH_MINUTES=10).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import type { BenchDbKind } from './harness';
import { type MallocInfo, mallocInfo } from './malloc-info';
import { type Mem, nodeEnv, nodeStore, startServeChild } from './serve-child';
import { printTable, type Row } from './table';

const MB = 1024 * 1024;

/** Resident bytes of a process as the kernel maps them (/proc/PID/smaps), split by kind of mapping. */
interface KernelSplit {
  /** Anonymous memory: heaps (V8's, malloc's, WebAssembly's), JIT code, thread stacks. */
  anon: number;
  /** File-backed pages: the node binary (with its ICU data), mapped libraries. */
  file: number;
  /** Of `anon`, V8's ordinary heap pages: anonymous read-write mappings of exactly 256 KB. */
  v8Pages: number;
  /**
   * Of `anon`, glibc malloc's heaps: the main arena (`[heap]`, brk) and the threads' arenas (read-write
   * mappings of at most 64 MB at 64 MB-aligned addresses, glibc's HEAP_MAX_SIZE on 64-bit). Zero under
   * another allocator (jemalloc keeps its memory in other mappings).
   */
  mallocHeaps: number;
  /** Of `anon`, executable mappings: V8's compiled JavaScript and WebAssembly code. */
  code: number;
  /** The most rss the process has had so far (VmHWM): the true peak, not a sample's. */
  highWater: number;
}

/** `pid`'s resident memory split by mapping (Linux; zeros elsewhere). */
function kernelSplit(pid: number | undefined): KernelSplit {
  const split = { anon: 0, file: 0, v8Pages: 0, mallocHeaps: 0, code: 0, highWater: 0 };
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    split.highWater = Number(hwm?.[1] ?? 0) * 1024;
  } catch {
    return split;
  }
  const arena = 64 * MB;
  let mapping: { start: number; size: number; perms: string; path: string } | null = null;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = Number.parseInt(head[1]!, 16);
      mapping = { start, size: Number.parseInt(head[2]!, 16) - start, perms: head[3]!, path: head[4]! };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !mapping) continue;
    const bytes = Number(rss[1]) * 1024;
    if (mapping.path.startsWith('/')) split.file += bytes;
    else {
      split.anon += bytes;
      const { start, size, perms, path } = mapping;
      if (path === '' && perms === 'rw-p' && size === 256 * 1024) split.v8Pages += bytes;
      if (path === '[heap]' || (path === '' && perms === 'rw-p' && start % arena === 0 && size <= arena))
        split.mallocHeaps += bytes;
      if (perms.includes('x')) split.code += bytes;
    }
  }
  return split;
}

/** Extra server settings from RSS_BENCH_ENV (`KEY=value,KEY=value`). */
function extraEnv(): NodeJS.ProcessEnv {
  const pairs = (process.env.RSS_BENCH_ENV ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

interface Sample {
  mem: Mem;
  split: KernelSplit;
  /** glibc malloc's totals (bench/malloc-info.ts); null without gdb or when not asked for. */
  malloc: MallocInfo | null;
}

function row(kind: BenchDbKind, moment: string, { mem: m, split, malloc }: Sample): Row {
  const mb = (v: number) => Math.round((v / MB) * 10) / 10;
  return {
    database: kind,
    moment,
    'rss MB': mb(m.rss),
    'rss high-water MB': mb(split.highWater),
    'heap used MB': mb(m.heapUsed),
    'heap total MB': mb(m.heapTotal),
    'external MB': mb(m.external),
    'arrayBuffers MB': mb(m.arrayBuffers),
    'rest of rss MB': mb(m.rss - m.heapTotal - m.external),
    'anonymous MB': mb(split.anon),
    'file-backed MB': mb(split.file),
    'V8 pages MB': mb(split.v8Pages),
    'malloc heaps MB': mb(split.mallocHeaps),
    'code MB': mb(split.code),
    'malloc arenas / free / mmap MB': malloc
      ? `${mb(malloc.arenas)} / ${mb(malloc.free)} / ${mb(malloc.mmapped)}`
      : '–',
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
  const pid = server.child.pid!;
  // malloc's own totals only when asked for (RSS_BENCH_MALLOC_INFO=1), and only for the rows after
  // start-up and at the end: gdb can leave the server hung (bench/malloc-info.ts).
  const withMallocInfo = process.env.RSS_BENCH_MALLOC_INFO === '1';
  const sample = async (withMalloc = false): Promise<Sample> => ({
    mem: await server.mem(),
    split: kernelSplit(pid),
    malloc: withMalloc && withMallocInfo ? mallocInfo(pid) : null,
  });
  const rows: Row[] = [];
  try {
    await new Promise((r) => setTimeout(r, 10_000));
    rows.push(row(kind, 'after start-up (+10 s)', await sample(true)));
    const until = Date.now() + minutes * 60_000;
    let peak: Sample | null = null;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10_000));
      const m = await sample();
      if (!peak || m.mem.rss > peak.mem.rss) peak = m;
    }
    rows.push(row(kind, `after ${minutes} min of live traffic`, await sample(true)));
    if (peak) rows.push(row(kind, `peak during the ${minutes} min`, peak));
    // What a full garbage collection gives back: the part of rss that is garbage or pages V8 keeps for
    // reuse, not live data.
    rows.push(
      row(kind, 'then after a full GC', {
        mem: await server.mem(true),
        split: kernelSplit(pid),
        malloc: withMallocInfo ? mallocInfo(pid) : null,
      }),
    );
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
