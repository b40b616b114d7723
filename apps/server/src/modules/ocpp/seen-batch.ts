/**
 * Heartbeats of all chargers on this process, written together (issue 22 item 8): a Heartbeat only says
 * the charger is alive, so its answer does not wait for the database, and the chargers heard from in the
 * last second get their last-seen time and the clearing of their communication-loss alarm in two
 * statements, however many they are. 10,000 chargers at a 30-s interval are 333 heartbeats a second: one
 * write each (two statements) made the database, not the sockets, the limit of a node (docs/ocpp.md
 * "Measured"). A heartbeat lost with a crashed process costs nothing: the next one comes within the interval.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { clearCommLoss } from '../alarms/engine';

/** How often the heard-from chargers are written (ms): far below the 60-s offline threshold. */
export const SEEN_EVERY_MS = 1000;

/** The heartbeat batch of one central system. */
export interface SeenBatch {
  /** Notes that charger `deviceId` was heard from now. */
  add(deviceId: number): void;
  /** Writes what is noted (at close; tests). */
  flush(): Promise<void>;
}

/** Creates the batch; `flush()` it when the central system closes. */
export function createSeenBatch(db: DbHandle, log: FastifyBaseLogger, everyMs = SEEN_EVERY_MS): SeenBatch {
  const heard = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(ids: number[]): Promise<void> {
    await db.query(
      `INSERT INTO device_latest (device_id, ts, points, last_seen_at)
       SELECT id, to_timestamp(0), '{}', now() FROM unnest($1::int[]) AS id
       ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now()`,
      [ids],
    );
    await clearCommLoss(db, ids);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (heard.size === 0) return writing;
    // Sorted: two processes writing overlapping batches take the rows' locks in one order.
    const ids = [...heard].sort((a, b) => a - b);
    heard.clear();
    writing = writing
      .then(() => write(ids))
      .catch((err: unknown) => log.warn({ err, chargers: ids.length }, 'OCPP heartbeats not written'));
    return writing;
  }

  return {
    add(deviceId) {
      heard.add(deviceId);
      timer ??= setTimeout(flush, everyMs).unref();
    },
    flush,
  };
}
