/**
 * Whether the HTTP API is quiet now: no request has started for a while. Work that stops this thread for
 * a noticeable pause (heap-release.ts's collection) waits for such a moment, so no signed-in browser
 * sees it (issue 36 §1). Long-lived connections (the OCPP WebSocket upgrades, the metrics port) do not
 * count: only a request's start does.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Watches `app`'s requests; call before it listens.
 * @returns quiet(): true when no request started in the last `quietMs` ms (default 2,000).
 */
export function watchHttpQuiet(app: FastifyInstance, quietMs = 2_000): () => boolean {
  let lastStart = Number.NEGATIVE_INFINITY;
  app.addHook('onRequest', (_req, _reply, done) => {
    lastStart = performance.now();
    done();
  });
  return () => performance.now() - lastStart >= quietMs;
}
