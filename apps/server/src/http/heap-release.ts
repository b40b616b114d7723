/**
 * Gives back to the OS the V8 heap pages a node no longer uses (issue 36 §3). V8 (Node 24's 13.6) keeps
 * the pages a shrinking heap frees in a pool for reuse, resident, and empties that pool only in a
 * last-resort collection (what it runs under memory pressure), never on its own: a node whose heap peaked
 * at ≈ 250 MB during the demo fleet's start-up backfill and then held ≈ 100 MB kept ≈ 150 MB of such pages
 * for good (bench/rss.ts: "V8 pages" against "heap total"; docs/benchmarks.md, "Memory"). This watch
 * compares the heap's size with its peak since the last release and, once it has shrunk by
 * `minShrinkBytes`, runs that collection, at most once per `minGapMs`, at a moment `isQuiet` says no
 * one waits (no browser's request: http-quiet.ts), or after `maxDeferMs` whatever the load.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';

/**
 * V8's gc extension: a synchronous major collection; `flavor: 'last-resort'` also empties the pool of
 * freed pages (below), plain it is the collection V8 runs when its old generation fills.
 */
export type Gc = (options: { type: 'major'; execution: 'sync'; flavor?: 'last-resort' }) => void;

let gc: Gc | undefined;

/**
 * V8's gc extension (Gc), from a context of its own, so no module sees a global `gc` and the process
 * needs no --expose-gc flag. Used here and by the benches (bench/full-gc.ts).
 */
export function v8Gc(): Gc {
  if (!gc) {
    // Node has no API for V8's memory-pressure notification; the extension's last-resort flavour runs
    // the same collection (CollectAllAvailableGarbage), which empties the page pool.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
    setFlagsFromString('--no-expose-gc');
  }
  return gc;
}

/** Tunables of releaseFreedHeapPages. */
export interface HeapReleaseOptions {
  /** How often the heap's size is read, ms (default 10,000; reading it costs microseconds). */
  intervalMs?: number;
  /** How far the heap must have shrunk below its peak before a release, bytes (default 64 MB). */
  minShrinkBytes?: number;
  /**
   * Least time between two releases, ms (default 600,000): each is a full collection on this thread, a
   * pause of 100–500 ms that every request waiting meanwhile sees (one at 32 MB / a minute put list/real's
   * p99 at 238 ms in a 25-s bench case, docs/benchmarks.md).
   */
  minGapMs?: number;
  /**
   * Whether a pause now would go unseen (default: always). A due release waits for such a moment: under
   * 1,000 signed-in browsers one release put a 122-ms pause into a list/real bench run (issue 36 §1).
   */
  isQuiet?: () => boolean;
  /** Longest a due release waits for a quiet moment, ms (default 1,800,000): memory is freed under load too. */
  maxDeferMs?: number;
}

/**
 * Starts the watch. Each release is one info line `freed heap pages released` with the heap's peak and
 * size before and after (MB) and the collection's pause (ms). The timer keeps no process alive.
 * @returns stop.
 */
export function releaseFreedHeapPages(
  log: Pick<FastifyBaseLogger, 'info'>,
  {
    intervalMs = 10_000,
    minShrinkBytes = 64 * 1024 * 1024,
    minGapMs = 600_000,
    isQuiet = () => true,
    maxDeferMs = 1_800_000,
  }: HeapReleaseOptions = {},
): () => void {
  const heapSize = () => getHeapStatistics().total_heap_size;
  let peak = heapSize();
  let last = Number.NEGATIVE_INFINITY;
  /** Since when a release has been due (waiting for a quiet moment); null when none is. */
  let dueSince: number | null = null;
  const timer = setInterval(() => {
    const size = heapSize();
    if (size > peak) peak = size;
    const now = performance.now();
    if (peak - size < minShrinkBytes || now - last < minGapMs) {
      dueSince = null;
      return;
    }
    dueSince ??= now;
    if (!isQuiet() && now - dueSince < maxDeferMs) return;
    dueSince = null;
    v8Gc()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    last = performance.now();
    const after = heapSize();
    const mb = (v: number) => Math.round(v / 1024 / 1024);
    log.info(
      { peakMb: mb(peak), beforeMb: mb(size), afterMb: mb(after), pauseMs: Math.round(last - now) },
      'freed heap pages released',
    );
    peak = after;
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
