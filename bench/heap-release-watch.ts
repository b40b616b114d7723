/**
 * The served server's heap-page release (apps/server/src/http/heap-release.ts, started by main.ts) for
 * the benches that build the app in their own process (list/real, reports), so their timings include its
 * pauses as the served server would have them. BENCH_HEAP_RELEASE=off leaves it out, to compare.
 */
import type { FastifyInstance } from 'fastify';
import { releaseFreedHeapPages } from '../apps/server/src/http/heap-release';
import { watchHttpQuiet } from '../apps/server/src/http/http-quiet';

/** A running watch: `stop()`, and what it did so far for a table's column. */
export interface BenchHeapRelease {
  stop(): void;
  /** `off`, or the number of releases and the longest pause (`2 (310 ms)`). */
  summary(): string;
}

/**
 * Starts the watch with the server's defaults unless BENCH_HEAP_RELEASE=off; with `app` (before it
 * listens), a release waits for a quiet moment of its HTTP API as main.ts has it.
 */
export function startBenchHeapRelease(app?: FastifyInstance): BenchHeapRelease {
  if (process.env.BENCH_HEAP_RELEASE === 'off') return { stop: () => {}, summary: () => 'off' };
  const pauses: number[] = [];
  const stop = releaseFreedHeapPages(
    { info: (o: object) => pauses.push((o as { pauseMs: number }).pauseMs) },
    app ? { isQuiet: watchHttpQuiet(app) } : {},
  );
  return { stop, summary: () => `${pauses.length} (${pauses.length ? Math.max(...pauses) : 0} ms)` };
}
