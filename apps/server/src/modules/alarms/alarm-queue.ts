/**
 * Alarm work of the ingest (issue 9), kept off the telemetry path: device alarm events are group-committed
 * like telemetry (one statement per batch, each message acknowledged once its batch is committed), and
 * devices whose samples were just committed are gathered and, at most once a second, cleared of their
 * communication-loss alarm in one indexed statement. Neither ever delays a telemetry write.
 */
import { AlarmPayloadSchema, toDate } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { applyDeviceEvents, cachedFamilies, clearCommLoss, type DeviceAlarmEvent } from './engine';

/** Counters of the alarm queue since start. */
export interface AlarmQueueStats {
  /** Alarm events received in valid messages. */
  events: number;
  /** Alarms opened and closed by device events. */
  raised: number;
  cleared: number;
  /** Communication-loss alarms cleared because data came back. */
  backOnline: number;
  /** Alarm messages that were not JSON or not AlarmPayloadSchema. */
  invalid: number;
}

/** Most events per statement. */
const MAX_BATCH = 2000;
/** Data-back clearing runs at most this often (ms). */
const SEEN_EVERY_MS = 1000;

/** Parses an `ems/v1/SN/alarm` payload into events of `deviceId`, or null when it is not valid. */
export function parseAlarmPayload(deviceId: number, payload: Buffer): DeviceAlarmEvent[] | null {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = AlarmPayloadSchema.safeParse(body);
  if (!parsed.success) return null;
  const events = 'events' in parsed.data ? parsed.data.events : [parsed.data];
  return events.map((e) => ({ deviceId, code: e.code, active: e.active, ts: toDate(e.ts) }));
}

/** Creates the ingest's alarm queue; `stop()` writes what is queued. */
export function createAlarmQueue(db: DbHandle, log: FastifyBaseLogger) {
  const stats: AlarmQueueStats = { events: 0, raised: 0, cleared: 0, backOnline: 0, invalid: 0 };
  const queue: { events: DeviceAlarmEvent[]; resolve(): void; reject(err: Error): void }[] = [];
  let running: Promise<void> | null = null;
  const families = cachedFamilies(db);
  const seen = new Set<number>();
  let seenTimer: NodeJS.Timeout | null = null;
  let seenRun: Promise<void> = Promise.resolve();

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch: typeof queue = [];
      let n = 0;
      while (queue.length > 0 && (n === 0 || n + queue[0]!.events.length <= MAX_BATCH)) {
        const item = queue.shift()!;
        batch.push(item);
        n += item.events.length;
      }
      try {
        const res = await applyDeviceEvents(
          db,
          batch.flatMap((b) => b.events),
          families,
        );
        stats.raised += res.raised;
        stats.cleared += res.cleared;
        for (const b of batch) b.resolve();
      } catch (err) {
        // Not acknowledged: the broker resends, and the unique index makes a resend harmless.
        log.warn({ err }, 'alarm events not written');
        for (const b of batch) b.reject(err as Error);
      }
    }
  }

  /**
   * Group commit without a timer: a statement starts once the messages read with the first event are
   * handled, and takes every event queued meanwhile; events that come while it runs go in the next.
   * An alarm's acknowledgement must wait for its commit, and the embedded broker reads a device's next
   * packets only once the ones it read before are handled: every millisecond an alarm waited to be
   * gathered was one its device's telemetry waited too. With a 500-ms gather, 1,000 alarms a minute cost
   * the ingest 4.1 % of its rate on PostgreSQL with no more CPU; without it, −3.3 to +0.4 % in two runs
   * (PGlite −1.7 to +2.9 %), within the noise (docs/benchmarks.md, "Issue 36 §2, seventh pass").
   */
  function kick(): void {
    running ??= new Promise<void>((r) => setImmediate(r)).then(drain).finally(() => {
      running = null;
      if (queue.length > 0) kick();
    });
  }

  function flushSeen(): Promise<void> {
    seenTimer = null;
    if (seen.size === 0) return seenRun;
    const ids = [...seen];
    seen.clear();
    seenRun = seenRun
      .then(() => clearCommLoss(db, ids))
      .then((n) => {
        stats.backOnline += n;
      })
      .catch((err: unknown) => log.warn({ err }, 'communication-loss clearing failed'));
    return seenRun;
  }

  return {
    stats,
    /** Queues the events of one message; resolves once they are committed. */
    add(events: DeviceAlarmEvent[]): Promise<void> {
      stats.events += events.length;
      const done = new Promise<void>((resolve, reject) => queue.push({ events, resolve, reject }));
      kick();
      return done;
    },
    /** Counts an invalid alarm message. */
    invalid(): void {
      stats.invalid++;
    },
    /** Notes that `deviceId`'s data was just committed (clears its communication-loss alarm soon). */
    seen(deviceId: number): void {
      seen.add(deviceId);
      seenTimer ??= setTimeout(flushSeen, SEEN_EVERY_MS).unref();
    },
    /** Writes everything queued, including pending data-back clearing. */
    async flush(): Promise<void> {
      while (running) await running;
      if (seenTimer) clearTimeout(seenTimer);
      await flushSeen();
    },
  };
}

/** The ingest's alarm queue. */
export type AlarmQueue = ReturnType<typeof createAlarmQueue>;
