/**
 * PGlite on a thread of its own (issue 36 §1, §2; decision 0032): the server's side of pglite-worker.ts.
 * `openPgliteThread` returns a client with the part of PGlite's API that Drizzle's PGlite driver, pg-boss's
 * PGlite adapter and db/client.ts use (`query`, `exec`, `transaction`, `listen`), each call a message to
 * the thread. PGlite's own guarantees hold across it: statements run one at a time, a transaction holds
 * the database until it ends, and a NOTIFY's notification arrives before the reply of the statement that
 * committed it (both travel the one reply port, in order). Calls made for an HTTP request go before
 * queued background calls (pglite-turns.ts); among each kind, in the order sent. Inside an open
 * transaction, which holds the database, each reply is taken as soon as it is posted (TX_REPLY_WAIT_MS).
 */
import { MessageChannel, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { pendingCalls, startWorker } from '../shared/worker-calls';
import type { PgliteReply, PgliteRequest, ReplyChannel, SerializedError } from './pglite-messages';
import { isUrgent } from './urgency';

/** Query options the thread honours: a row mode, and parsers that keep a type's text (Drizzle's). */
export interface ThreadQueryOptions {
  rowMode?: 'object' | 'array';
  /** Only the type OIDs are sent: each such parser is taken to return the text it is given. */
  parsers?: Record<number, unknown>;
}

/** A transaction on PGlite's thread; Drizzle's PGlite session runs its statements through it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/** A PGlite database on PGlite's thread. Errors are Errors carrying PGlite's fields (`code` = SQLSTATE). */
export interface PgliteThreadClient {
  query<T>(text: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  /** Commits when `callback` resolves, rolls back when it throws (and rethrows). */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** LISTEN; `callback` gets each payload. @returns the function that stops it. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs `text` as the named prepared statement `name` (pglite-prepared.ts). */
  runPrepared(name: string, text: string, params: readonly unknown[]): Promise<Results>;
  /** The data directory as an uncompressed tar. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id' | 'db'> : never) : never;

/**
 * Longest the server's thread blocks for the reply of a statement inside an open transaction (ms). An open
 * transaction holds the one database: answered in turn with the server's other work (a busy ingest's
 * packets), each of its statements' replies waited several ms, and every other statement with it (issue
 * 36 §2: the alarm fan-out's transaction held PGlite 20–50 ms at 1,000 alarms a minute). Taken at once,
 * the transaction holds it about as long as its statements run. A statement slower than this is awaited
 * in turn again, so a long one inside a transaction does not hold the server's thread.
 */
export const TX_REPLY_WAIT_MS = 25;

/**
 * Longest the server's thread blocks for the start of a transaction (ms): its BEGIN's reply, taken at once
 * too, starts the transaction's hold without the server thread's queue in it (measured: 20–35 ms of hold
 * per alarm fan-out under the bench's ingest). The BEGIN waits for the statements before it, so this stays
 * short: a busier database's transaction starts in turn, as before.
 */
export const TX_BEGIN_WAIT_MS = 5;

interface Thread {
  worker: Worker;
  /**
   * Posts `request`; with `waitMs`, blocks this thread until its reply (at most `waitMs`) and takes it,
   * and any reply or notification before it, off the port at once.
   */
  send(db: number, request: Request, transfer?: ArrayBuffer[], waitMs?: number): Promise<unknown>;
  /** Notification callbacks per database and channel. */
  listeners: Map<number, Map<string, Set<(payload: string) => void>>>;
  /** Databases opened on it (or being opened) and not yet closed. */
  open: number;
}

let thread: Thread | undefined;
let nextDatabase = 1;

function rebuildError(error: SerializedError): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  if (error.name) err.name = error.name;
  return err;
}

/** Starts the process's PGlite thread on first use. */
function startThread(): Thread {
  const { port1: replies, port2 } = new MessageChannel();
  const channel: ReplyChannel = { replies: port2, replied: new Int32Array(new SharedArrayBuffer(4)) };
  const { replied } = channel;
  const worker = startWorker('db/pglite-worker.js', new URL('./pglite-worker-boot.mjs', import.meta.url), {
    name: 'ems-pglite',
    workerData: channel,
    transferList: [port2],
  });
  // Held open only while a reply is awaited, so an idle database does not keep the process alive.
  const pending = pendingCalls<unknown>([worker, replies]);
  const listeners: Thread['listeners'] = new Map();
  /** Why the thread ended, once it has: later calls fail with it instead of waiting for ever. */
  let endedBy: Error | undefined;
  const ended = (err: Error) => {
    endedBy ??= err;
    if (thread?.worker === worker) thread = undefined;
    pending.rejectAll(err);
  };
  worker.on('error', (err) => ended(new Error(`the PGlite thread failed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => ended(new Error(`the PGlite thread ended (exit code ${code})`)));
  const received = (reply: PgliteReply) => {
    if ('notify' in reply) {
      for (const callback of listeners.get(reply.notify)?.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    pending.settle(
      reply.id,
      reply.ok ? { ok: true, value: reply.value } : { ok: false, error: rebuildError(reply.error) },
    );
  };
  replies.on('message', received);
  /** Takes replies off the port as they come until call `id`'s is in or `waitMs` have passed. */
  const takeReplyNow = (id: number, waitMs: number) => {
    const until = performance.now() + waitMs;
    for (;;) {
      const seen = Atomics.load(replied, 0);
      for (let got = receiveMessageOnPort(replies); got; got = receiveMessageOnPort(replies)) {
        received(got.message as PgliteReply);
      }
      const left = until - performance.now();
      if (!pending.has(id) || left <= 0 || Atomics.wait(replied, 0, seen, left) === 'timed-out') return;
    }
  };
  return {
    worker,
    listeners,
    open: 0,
    send: (db, request, transfer, waitMs) =>
      new Promise((resolve, reject) => {
        if (endedBy) return reject(endedBy);
        const id = pending.add(resolve, reject);
        worker.postMessage(
          isUrgent() ? { ...request, id, db, urgent: true } : { ...request, id, db },
          transfer,
        );
        if (waitMs) takeReplyNow(id, waitMs);
      }),
  };
}

function rawTypes(options?: ThreadQueryOptions): number[] | undefined {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
}

/**
 * Opens a PGlite database on the process's PGlite thread: in memory when `dataDir` is undefined
 * (from `image`, a tar of a data directory, when given), else in that directory; `sharedBuffers` sets
 * its shared_buffers (PostgreSQL units; default PGlite's).
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  image?: Blob,
  sharedBuffers?: string,
): Promise<PgliteThreadClient> {
  const buffer = image ? await image.arrayBuffer() : undefined;
  thread ??= startThread();
  const own = thread;
  const { send, listeners } = own;
  const db = nextDatabase++;
  own.open++;
  try {
    await send(db, { op: 'open', dataDir, image: buffer, sharedBuffers }, buffer ? [buffer] : undefined);
  } catch (err) {
    await released(own);
    throw err;
  }

  let closed = false;

  // Inside a transaction (`tx`) a reply is taken at once (TX_REPLY_WAIT_MS).
  const query = <T>(text: string, params?: unknown[], options?: ThreadQueryOptions, tx?: number) =>
    send(
      db,
      { op: 'query', text, params, rowMode: options?.rowMode, rawTypes: rawTypes(options), tx },
      undefined,
      tx === undefined ? 0 : TX_REPLY_WAIT_MS,
    ) as Promise<Results<T>>;
  const exec = (text: string, tx?: number) =>
    send(db, { op: 'exec', text, tx }, undefined, tx === undefined ? 0 : TX_REPLY_WAIT_MS) as Promise<
      Results[]
    >;

  return {
    query: (text, params, options) => query(text, params, options),
    exec: (text) => exec(text),
    async transaction(callback) {
      const tx = (await send(db, { op: 'begin' }, undefined, TX_BEGIN_WAIT_MS)) as number;
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({
          query: (text, params, options) => query(text, params, options, tx),
          exec: (text) => exec(text, tx),
        });
      } catch (err) {
        await send(db, { op: 'end', tx, commit: false }, undefined, TX_REPLY_WAIT_MS).catch(() => {});
        throw err;
      }
      await send(db, { op: 'end', tx, commit: true }, undefined, TX_REPLY_WAIT_MS);
      return result;
    },
    async listen(channel, callback) {
      const channels = listeners.get(db) ?? new Map<string, Set<(payload: string) => void>>();
      listeners.set(db, channels);
      let callbacks = channels.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        channels.set(channel, callbacks);
        await send(db, { op: 'listen', channel });
      }
      const own = (payload: string) => callback(payload);
      callbacks.add(own);
      return async () => {
        if (!callbacks.delete(own) || callbacks.size > 0) return;
        channels.delete(channel);
        await send(db, { op: 'unlisten', channel });
      };
    },
    runPrepared: (name, text, params) => send(db, { op: 'prepared', name, text, params }) as Promise<Results>,
    dumpDataDir: async () => new Blob([(await send(db, { op: 'dump' })) as ArrayBuffer]),
    async close() {
      if (closed) return;
      closed = true;
      listeners.delete(db);
      try {
        await send(db, { op: 'close' });
      } finally {
        await released(own);
      }
    },
  };
}

/** The PGlite thread's id (worker_threads threadId) while one runs, else undefined; for tests. */
export function pgliteThreadId(): number | undefined {
  return thread?.worker.threadId;
}

/**
 * Counts one database of `own` closed; the last one ends the thread, and the next open starts another.
 * What PGlite held (each database's WebAssembly memory, the thread's heap) goes with it: a process that
 * opens and closes many databases one after another (test files sharing a worker, vitest.config.ts)
 * holds only those still open.
 */
async function released(own: Thread): Promise<void> {
  if (--own.open > 0) return;
  if (thread === own) thread = undefined;
  await own.worker.terminate();
}
