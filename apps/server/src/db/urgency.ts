/**
 * Which database calls a person is waiting for (issue 36 §1): those made while an HTTP request is
 * handled. The embedded database (PGlite) serves them before queued background work (pglite-turns.ts);
 * PostgreSQL's pool needs no such hint. The mark follows the request's asynchronous work
 * (AsyncLocalStorage), timers it starts included; `inBackground` takes work out of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const urgentWork = new AsyncLocalStorage<true>();

/** Runs `fn`, and the asynchronous work it starts, as work a person waits for. */
export function asUrgent<T>(fn: () => T): T {
  return urgentWork.run(true, fn);
}

/** Runs `fn`, and the asynchronous work it starts, as background work, whoever started it. */
export function inBackground<T>(fn: () => T): T {
  return urgentWork.exit(fn);
}

/** Whether the current call is made for a request a person waits for. */
export function isUrgent(): boolean {
  return urgentWork.getStore() === true;
}
