/**
 * Says in the log when the event loop was held. Everything of a node shares one thread (requests, device
 * sockets, jobs, and on PGlite the database itself), so one long piece of work (a heavy statement on
 * PGlite, a huge JSON document) keeps all of it waiting; a slow request's own log line cannot say that
 * another piece of work was the cause. The browser tests print these lines when they end
 * (tests/e2e/global-setup.ts), next to the tests that waited.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Tick and threshold of watchEventLoop, ms. */
export interface LoopWatchOptions {
  /** How often the watch's timer is due (default 500). */
  intervalMs?: number;
  /** A tick this much later than due is logged (default 2,000: longer than any request should wait). */
  thresholdMs?: number;
}

/**
 * Starts the watch: a warn line `event loop held` with `heldMs` (how late the timer ran, ms) whenever the
 * loop was held longer than the threshold. The timer keeps no process alive. @returns stop.
 */
export function watchEventLoop(
  log: Pick<FastifyBaseLogger, 'warn'>,
  { intervalMs = 500, thresholdMs = 2_000 }: LoopWatchOptions = {},
): () => void {
  let due = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - due;
    due = now + intervalMs;
    if (late > thresholdMs) log.warn({ heldMs: Math.round(late) }, 'event loop held');
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
