/**
 * Group commit of telemetry rows (docs/decisions/0011-acknowledge-after-commit.md): `add()` queues the
 * rows of one message and returns a promise that settles once they are committed, so the caller can
 * acknowledge the message only then. One write runs at a time; rows that arrive while it runs gather
 * into the next batch (up to `maxBatch` rows, whole messages: a message is never split between two writes). A batch starts once `gatherRows` rows are queued or its
 * oldest row has waited `gatherMs`, whichever is first; rows queued during a longer write start at once.
 * Without that wait, 1,000 messages/s became ~450 batches/s of 2 rows, and a write's fixed cost (about
 * 1 ms on PGlite, on the server's only thread) took half the thread (issue 12, docs/benchmarks.md).
 * Callers apply backpressure with `waitForRoom()` once `highWater` rows are queued.
 *
 * A failed write is retried: data errors (SQLSTATE class 22 or 23, e.g. a device deleted meanwhile) split
 * the batch until the bad rows are isolated and dropped (counted as `failed`; their messages still settle
 * as done, since resending cannot help); any other error (database unreachable or restarting) is retried
 * whole with backoff, so nothing is lost while the database is away. Only `stop()` gives up on a batch
 * that keeps failing; its promises then reject, so nothing unwritten is acknowledged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
import { inBackground } from '../db/urgency';
import { type TelemetryRow, writeSamples } from './writer';

/** Counters of a batcher. */
export interface BatcherStats {
  /** Rows newly stored. */
  stored: number;
  /** Rows already stored before (same device and timestamp). */
  duplicates: number;
  /** Rows dropped because the database refused them alone (data errors). */
  failed: number;
  /** Write statements that succeeded. */
  batches: number;
  /** Write attempts that failed for another reason than the data (then retried). */
  writeErrors: number;
  /** Duration of the last successful write, ms. */
  lastFlushMs: number;
  /** Rows waiting to be written (not counting the batch being written). */
  pending: number;
  /** Rows of the batch being written. */
  writing: number;
}

/** Options of createBatcher; defaults are the ingest's. */
export interface BatcherOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  /** Most rows per write statement (default 5000). */
  maxBatch?: number;
  /**
   * Longest a queued row waits for others before its batch starts, ms; 0: start on the next turn of the
   * event loop. `flush()` and `stop()` do not wait. Default 20 on PGlite, whose writes run on the
   * server's only thread; 5 on PostgreSQL, where the write's work is the backend's and each wait costs
   * PUBACK-bound devices throughput (bench/ingest.ts: 0 ms 27,900–29,100 msg/s, 5 ms 25,500–26,200,
   * 20 ms 25,100–25,600; list/real p99 under ingest 11–20, 9–23 and 10–14 ms; docs/benchmarks.md).
   */
  gatherMs?: number;
  /**
   * Queued rows at which a batch starts without waiting out gatherMs (default 200). Under heavy load the
   * queue refills within a few ms of a commit; waiting longer would cap devices that wait for PUBACKs
   * (with 1,000: 16,000 messages/s instead of 28,000 in bench/ingest.ts).
   */
  gatherRows?: number;
  /** Queued rows above which `add` reports no room (default 100,000). */
  highWater?: number;
  /** Attempts at a failing batch once `stop()` was called, before giving up (default 3). */
  stopAttempts?: number;
  /** The writer; tests and the benchmark may pass another. */
  write?: typeof writeSamples;
  /** Called after each committed batch with its duration (seconds) and row count (metrics). */
  onBatch?(seconds: number, rows: number): void;
}

/** Rejection of the rows `stop()` gave up on. */
export class BatchAbandonedError extends Error {
  constructor() {
    super('telemetry batch abandoned at shutdown');
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

interface Ticket {
  /** Sequence number just past the ticket's last row. */
  end: number;
  /** Run just before resolve (not on rejection). */
  committed: (() => void) | undefined;
  resolve(): void;
  reject(err: Error): void;
}

/** Creates a batcher; call `stop()` to write what is queued and end. */
export function createBatcher(opts: BatcherOptions) {
  const { db, log, maxBatch = 5000, highWater = 100_000, stopAttempts = 3, write = writeSamples } = opts;
  const gatherMs = opts.gatherMs ?? (db.kind === 'pglite' ? 20 : 5);
  const gatherRows = Math.min(opts.gatherRows ?? 200, maxBatch);
  let queue: TelemetryRow[] = [];
  /** When the oldest queued row was queued (performance.now()). */
  let oldestAt = 0;
  /** Ends the current gathering wait early (enough rows, flush or stop). */
  let endGather: (() => void) | null = null;
  let hurry = 0;
  /** Rows ever added, and rows ever settled (written or dropped), in order: tickets settle by these. */
  let addedSeq = 0;
  let settledSeq = 0;
  const tickets: Ticket[] = [];
  let running: Promise<void> | null = null;
  let scheduled = false;
  let stopping = false;
  let roomWaiters: (() => void)[] = [];
  const stats: BatcherStats = {
    stored: 0,
    duplicates: 0,
    failed: 0,
    batches: 0,
    writeErrors: 0,
    lastFlushMs: 0,
    pending: 0,
    writing: 0,
  };

  async function writeBatch(batch: TelemetryRow[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      try {
        const res = await write(db, batch);
        const ms = performance.now() - started;
        stats.stored += res.inserted;
        stats.duplicates += res.duplicates;
        stats.batches += 1;
        stats.lastFlushMs = ms;
        opts.onBatch?.(ms / 1000, batch.length);
        if (attempt > 0) log.info({ rows: batch.length, attempts: attempt + 1 }, 'telemetry batch committed');
        return;
      } catch (err) {
        if (isDataError(err)) {
          if (batch.length === 1) {
            stats.failed += 1;
            log.warn(
              { err, deviceId: batch[0]?.deviceId },
              'telemetry sample refused by the database, dropped',
            );
            return;
          }
          const half = Math.ceil(batch.length / 2);
          await writeBatch(batch.slice(0, half));
          await writeBatch(batch.slice(half));
          return;
        }
        stats.writeErrors += 1;
        log.error({ err, rows: batch.length, attempt }, 'telemetry batch failed, retrying');
        if (stopping && attempt + 1 >= stopAttempts) throw new BatchAbandonedError();
        await sleep(Math.min(5000, 100 * 2 ** attempt));
      }
    }
  }

  function settle(upTo: number, err?: Error): void {
    settledSeq = upTo;
    while (tickets.length > 0 && tickets[0]!.end <= settledSeq) {
      const t = tickets.shift()!;
      if (err) t.reject(err);
      else {
        t.committed?.();
        t.resolve();
      }
    }
  }

  function releaseRoom(): void {
    if (queue.length >= highWater || roomWaiters.length === 0) return;
    const waiters = roomWaiters;
    roomWaiters = [];
    for (const w of waiters) w();
  }

  /** Waits until gatherRows rows are queued or the oldest has waited gatherMs (or a flush or stop). */
  async function gather(): Promise<void> {
    while (queue.length < gatherRows && hurry === 0 && !stopping) {
      const left = oldestAt + gatherMs - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        endGather = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endGather = null;
    }
  }

  /**
   * How many queued rows the next write takes: all of them up to maxBatch, else as many whole messages as
   * fit (at least the first). A message's rows are committed together, so no reader sees half of one: a
   * replayed day cut at row 5,000 showed "today" against a baseline from the middle of yesterday until
   * the rest arrived (backfill-today.test.ts).
   */
  function rowsToTake(): number {
    if (queue.length <= maxBatch) return queue.length;
    // Tickets are in row order and those past settledSeq are the queued messages: find the last one that
    // ends within maxBatch rows of the queue's head.
    const limit = settledSeq + maxBatch;
    let lo = 0;
    let hi = tickets.length - 1;
    let fit = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (tickets[mid]!.end <= limit) {
        fit = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const end = fit >= 0 && tickets[fit]!.end > settledSeq ? tickets[fit]!.end : tickets[fit + 1]!.end;
    return end - settledSeq;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      if (gatherMs > 0) await gather();
      const take = rowsToTake();
      const batch = take === queue.length ? queue : queue.slice(0, take);
      queue = take === queue.length ? [] : queue.slice(take);
      stats.pending = queue.length;
      stats.writing = batch.length;
      releaseRoom();
      try {
        await writeBatch(batch);
      } catch (err) {
        // Only stop() gives up: everything still queued is abandoned with this batch.
        queue = [];
        stats.pending = 0;
        stats.writing = 0;
        settle(addedSeq, err as Error);
        return;
      }
      stats.writing = 0;
      settle(settledSeq + batch.length);
    }
  }

  function kick(): void {
    scheduled = false;
    if (running || queue.length === 0) return;
    running = drain().finally(() => {
      running = null;
      if (queue.length > 0) kick();
    });
  }

  return {
    stats,

    /**
     * Queues the rows of one message. @returns a promise that resolves once they are committed (or
     * refused by the database as bad data), and rejects with BatchAbandonedError if `stop()` gave up.
     * `committed` (must not throw) runs just before that resolution: the same order as a `.then` on
     * the promise, without a second promise per message on the ingest's hot path.
     */
    add(rows: TelemetryRow[], committed?: () => void): Promise<void> {
      if (rows.length === 0) {
        committed?.();
        return Promise.resolve();
      }
      if (queue.length === 0) oldestAt = performance.now();
      for (const r of rows) queue.push(r);
      addedSeq += rows.length;
      if (queue.length >= gatherRows) endGather?.();
      stats.pending = queue.length;
      const settled = new Promise<void>((resolve, reject) =>
        tickets.push({ end: addedSeq, committed, resolve, reject }),
      );
      // Rows of the same I/O turn (one socket read holds many messages) join one batch. The writes are
      // background work even when an HTTP request queued the rows (db/urgency.ts).
      if (!running && !scheduled) {
        scheduled = true;
        inBackground(() => setImmediate(kick));
      }
      return settled;
    },

    /** Whether fewer than `highWater` rows are queued. */
    hasRoom(): boolean {
      return queue.length < highWater;
    },

    /** Resolves once fewer than `highWater` rows are queued. */
    waitForRoom(): Promise<void> {
      if (queue.length < highWater) return Promise.resolve();
      return new Promise((resolve) => roomWaiters.push(resolve));
    },

    /** Resolves when everything queued so far is committed. */
    async flush(): Promise<void> {
      hurry++;
      endGather?.();
      try {
        while (queue.length > 0 || running) {
          kick();
          await running;
        }
      } finally {
        hurry--;
      }
    },

    /** Writes what is queued, giving up on a batch after `stopAttempts` failures, and ends. */
    async stop(): Promise<void> {
      stopping = true;
      endGather?.();
      while (queue.length > 0 || running) {
        kick();
        await running;
      }
      releaseRoom();
    },
  };
}

/** A batcher's type. */
export type Batcher = ReturnType<typeof createBatcher>;
