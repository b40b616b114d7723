/**
 * What the server's thread and PGlite's thread (pglite-worker.ts) send each other. Every request names
 * its database (`db`, a number the server's side hands out) and carries an `id` its reply repeats;
 * values cross by structured clone (rows, Dates, Uint8Arrays), a data directory image by transfer.
 */
import type { MessagePort } from 'node:worker_threads';

/**
 * What the server's thread gives PGlite's thread at its start (workerData): the port every reply and
 * notification travels back on, in order, and `replied`, a count of those posted (one Int32 over a
 * SharedArrayBuffer) that the server's thread can sleep on with Atomics.wait while it waits for the
 * reply of a statement inside an open transaction (pglite-thread.ts).
 */
export interface ReplyChannel {
  replies: MessagePort;
  replied: Int32Array;
}

/**
 * A request to PGlite's thread. `tx`: run inside that open transaction; `urgent`: made for an HTTP request,
 * served before queued background calls (pglite-turns.ts).
 */
export type PgliteRequest = { id: number; db: number; urgent?: boolean } & (
  | { op: 'open'; dataDir?: string; image?: ArrayBuffer; sharedBuffers?: string }
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'object' | 'array';
      /** Type OIDs whose values stay text (the only parsers a caller may give; Drizzle's). */
      rawTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'prepared'; name: string; text: string; params: readonly unknown[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

/** An error as data: PGlite's DatabaseError fields (`code` = SQLSTATE, `detail`, `constraint`…). */
export interface SerializedError {
  message: string;
  name?: string;
  fields: Record<string, unknown>;
}

/** A reply to a request, or a notification (NOTIFY on a channel the server listens to). */
export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notify: number; channel: string; payload: string };
