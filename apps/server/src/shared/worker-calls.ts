/**
 * What the server's own worker threads share (PGlite's, db/pglite-thread.ts; SMTP's,
 * modules/mail/smtp-thread.ts): starting the worker from the built bundle or the sources, and the table of
 * calls waiting for its replies, which holds the process open only while one waits.
 */
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Set by the server's build (scripts/build-server-if-stale.mjs); absent when running the sources. */
declare const EMS_BUILT_SERVER: boolean | undefined;

/** Running the built bundle (dist/), not the sources. */
const BUILT = typeof EMS_BUILT_SERVER !== 'undefined' && EMS_BUILT_SERVER;

/**
 * Starts a worker thread: the built server runs its bundled file `builtPath` (relative to dist/, where
 * main.js and its chunks are); from the sources, `boot`, a file that registers tsx first (a worker starts
 * without its parent's loaders, and a parent's `--import tsx` would register it twice). `options.name`
 * is also the thread's name in the system (`top -H`, /proc/PID/task/TID/comm), up to 15 characters.
 */
export function startWorker(builtPath: string, boot: URL, options: WorkerOptions = {}): Worker {
  const entry = BUILT ? pathToFileURL(`${import.meta.dirname}/${builtPath}`) : boot;
  return new Worker(entry, { ...(BUILT ? {} : { execArgv: [] }), ...options });
}

/** A handle that can keep the process alive (a Worker, a MessagePort). */
interface Holdable {
  ref(): void;
  unref(): void;
}

/** Calls waiting for a worker's reply, by id. */
export interface PendingCalls<T> {
  /** Registers a call: @returns its id, for the request to carry and its reply to repeat. */
  add(resolve: (value: T) => void, reject: (err: Error) => void): number;
  has(id: number): boolean;
  /** Settles call `id` (unknown ids are ignored: a call already settled or given up). */
  settle(id: number, outcome: { ok: true; value: T } | { ok: false; error: Error }): void;
  /** Fails every waiting call with `err` (the worker ended). */
  rejectAll(err: Error): void;
}

/** A table of pending calls; `handles` are ref'd while a call waits and unref'd otherwise. */
export function pendingCalls<T>(handles: readonly Holdable[]): PendingCalls<T> {
  const pending = new Map<number, { resolve(value: T): void; reject(err: Error): void }>();
  let nextId = 1;
  const hold = (on: boolean) => {
    for (const handle of handles) {
      if (on) handle.ref();
      else handle.unref();
    }
  };
  hold(false);
  return {
    add(resolve, reject) {
      const id = nextId++;
      if (pending.size === 0) hold(true);
      pending.set(id, { resolve, reject });
      return id;
    },
    has: (id) => pending.has(id),
    settle(id, outcome) {
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      if (pending.size === 0) hold(false);
      if (outcome.ok) call.resolve(outcome.value);
      else call.reject(outcome.error);
    },
    rejectAll(err) {
      const calls = [...pending.values()];
      pending.clear();
      hold(false);
      for (const call of calls) call.reject(err);
    },
  };
}
