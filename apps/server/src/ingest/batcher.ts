/**
 * Batches telemetry rows into writeSamples() calls: a batch goes out when `maxBatch` rows are pending or
 * `maxDelayMs` after the first pending row, one write at a time, while new rows keep arriving. Callers
 * apply backpressure with `waitForRoom()` once `highWater` rows are pending.
 *
 * A failed write is retried: data errors (SQLSTATE class 22 or 23, e.g. a device deleted meanwhile) split
 * the batch until the bad rows are isolated and dropped (counted as `failed`); any other error (database
 * unreachable) is retried whole with backoff, so nothing is lost while the database is away.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
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
  /** Duration of the last successful write, ms. */
  lastFlushMs: number;
  /** Rows waiting to be written. */
  pending: number;
}

/** Options of createBatcher; defaults are the ingest's. */
export interface BatcherOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  maxBatch?: number;
  maxDelayMs?: number;
  highWater?: number;
  /** The writer; tests and the benchmark may pass another. */
  write?: typeof writeSamples;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** Creates a batcher; call `stop()` to write what is pending and end. */
export function createBatcher(opts: BatcherOptions) {
  const { db, log, maxBatch = 5000, maxDelayMs = 250, highWater = 100_000, write = writeSamples } = opts;
  let pending: TelemetryRow[] = [];
  let firstPendingAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;
  let roomWaiters: (() => void)[] = [];
  const stats: BatcherStats = { stored: 0, duplicates: 0, failed: 0, batches: 0, lastFlushMs: 0, pending: 0 };

  async function writeBatch(batch: TelemetryRow[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      try {
        const res = await write(db, batch);
        stats.stored += res.inserted;
        stats.duplicates += res.duplicates;
        stats.batches += 1;
        stats.lastFlushMs = performance.now() - started;
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
        log.error({ err, rows: batch.length, attempt }, 'telemetry write failed, retrying');
        await sleep(Math.min(10_000, 250 * 2 ** attempt));
      }
    }
  }

  function releaseRoom(): void {
    if (pending.length >= highWater || roomWaiters.length === 0) return;
    const waiters = roomWaiters;
    roomWaiters = [];
    for (const w of waiters) w();
  }

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const due = pending.length >= maxBatch || stopping || Date.now() - firstPendingAt >= maxDelayMs;
      if (!due) {
        schedule(maxDelayMs - (Date.now() - firstPendingAt));
        return;
      }
      const batch = pending.length <= maxBatch ? pending : pending.slice(0, maxBatch);
      pending = pending.length <= maxBatch ? [] : pending.slice(maxBatch);
      stats.pending = pending.length;
      releaseRoom();
      await writeBatch(batch);
    }
  }

  function kick(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (running) return; // the running drain loop picks up the new rows
    running = drain().finally(() => {
      running = null;
      stats.pending = pending.length;
      if (pending.length >= maxBatch) kick();
    });
  }

  function schedule(ms: number): void {
    if (!timer) timer = setTimeout(kick, Math.max(0, ms));
  }

  return {
    stats,

    /** Queues rows. @returns false when `highWater` rows are pending (the caller should wait for room). */
    add(rows: TelemetryRow[]): boolean {
      if (rows.length === 0) return pending.length < highWater;
      if (pending.length === 0) firstPendingAt = Date.now();
      for (const r of rows) pending.push(r);
      stats.pending = pending.length;
      if (pending.length >= maxBatch) kick();
      else if (!running) schedule(maxDelayMs);
      return pending.length < highWater;
    },

    /** Resolves once fewer than `highWater` rows are pending. */
    waitForRoom(): Promise<void> {
      if (pending.length < highWater) return Promise.resolve();
      return new Promise((resolve) => roomWaiters.push(resolve));
    },

    /** Writes everything pending now; resolves when written. */
    async flush(): Promise<void> {
      const wasStopping = stopping;
      stopping = true;
      try {
        while (pending.length > 0 || running) {
          kick();
          await running;
        }
      } finally {
        stopping = wasStopping;
      }
    },

    /** Writes what is pending and stops the timer. */
    async stop(): Promise<void> {
      stopping = true;
      while (pending.length > 0 || running) {
        kick();
        await running;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      releaseRoom();
    },
  };
}

/** A batcher's type. */
export type Batcher = ReturnType<typeof createBatcher>;
