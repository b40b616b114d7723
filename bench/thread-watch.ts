/**
 * How much a benchmark process's one thread was in the way while it ran: event-loop delay (how long a
 * ready callback waited) and full garbage collections (mark-compact pauses, which stop the thread).
 * Used on both sides of bench/list-real.ts, the server and the simulated browsers.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** What a watch saw, ms. */
export interface ThreadWatch {
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  fullGcs: number;
  longestFullGcMs: number;
}

/** Starts watching this process's thread; `stop()` ends the watch and returns what it saw. */
export function watchThread(): { stop(): ThreadWatch } {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gcs = { count: 0, longest: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if ((e as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR)
        continue;
      gcs.count += 1;
      gcs.longest = Math.max(gcs.longest, e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      loop.disable();
      observer.disconnect();
      return {
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        loopDelayMaxMs: loop.max / 1e6,
        fullGcs: gcs.count,
        longestFullGcMs: gcs.longest,
      };
    },
  };
}
