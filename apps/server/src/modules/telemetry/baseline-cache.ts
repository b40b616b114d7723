/**
 * Short-lived memory of each device's counter reading at the start of its site's local day. It only
 * changes when the day changes (or when a logger replays old data), yet list/real needs it on every
 * 5-second poll, so caching it leaves one query (latest values) per poll. It holds readings per device
 * id and carries no user data; callers check access before they ask for a station's devices.
 */
import type { DbHandle } from '../../db/client';
import { type BaselineRequest, type CounterPair, loadCounterBaselines } from './repo';

interface Entry {
  dayStart: number;
  eIn: boolean;
  eOut: boolean;
  value: CounterPair;
  until: number;
}

/** Baselines at the start of a local day, cached per device. */
export interface BaselineCache {
  /**
   * Counter readings at `before` of each requested device: the last reading before it, else the
   * first from it on (a device's first day of data). Misses are loaded in one query.
   */
  get(requests: readonly BaselineRequest[], now?: number): Promise<Map<number, CounterPair>>;
  /**
   * Tells the cache a sample of `deviceId` at `ts` (epoch ms) was committed: a sample from before the
   * cached day start (a logger replaying its buffer, the simulator's backfill) changes the baseline, so
   * the entry is dropped and the next poll reads it again instead of showing a wrong "today" until the
   * entry expires. A sample older than REPLAY_AGE_MS also tells every other process (NOTIFY
   * `telemetry_replayed`), whose ingest did not see it: with several ingest nodes one of them takes a
   * replay in while another serves the site's list/real (issue 23).
   */
  sampleWritten(deviceId: number, ts: number): void;
  /** Stops listening to the other processes' replays. */
  close(): Promise<void>;
}

/** Channel on which a process says which devices got samples older than REPLAY_AGE_MS. */
export const REPLAY_CHANNEL = 'telemetry_replayed';
/** A sample this much older than its commit is a replay (a logger's buffer, a backfill), not live data. */
export const REPLAY_AGE_MS = 60_000;
/**
 * How often at most this process tells the others of its replays, ms: a NOTIFY holds a database-wide lock
 * while its transaction commits, so one per event-loop turn under a replaying ingest (a logger's buffer at
 * hundreds of samples a second) queued every other commit behind it; a second is well within a browser's
 * 5-s poll.
 */
export const REPLAY_NOTIFY_MS = 1000;
/** Above this the payload is `*` (drop everything): NOTIFY payloads end at 8,000 bytes. */
const MAX_PAYLOAD = 7_900;

/** `id:ts,id:ts…` of the earliest replayed sample of each device, or `*` when too long. */
function replayPayload(replayed: Map<number, number>): string {
  const text = [...replayed].map(([id, ts]) => `${id}:${ts}`).join(',');
  return text.length > MAX_PAYLOAD ? '*' : text;
}

/** A cache over `db` keeping each entry for `ttlMs` (late replays of old data show within that time). */
export function createBaselineCache(db: DbHandle, ttlMs = 10 * 60_000, maxEntries = 200_000): BaselineCache {
  const entries = new Map<number, Entry>();
  const forget = (deviceId: number, ts: number) => {
    const e = entries.get(deviceId);
    if (e && ts < e.dayStart) entries.delete(deviceId);
  };
  // Replays of this process, told to the others at most every REPLAY_NOTIFY_MS.
  const replayed = new Map<number, number>();
  let flushing = false;
  const flush = () => {
    flushing = false;
    const payload = replayPayload(replayed);
    replayed.clear();
    // Lost on a database error: the other processes' entries then expire after ttlMs, as before.
    void db.query('SELECT pg_notify($1, $2)', [REPLAY_CHANNEL, payload]).catch(() => {});
  };
  const stopListening = db
    .listen(REPLAY_CHANNEL, {
      onNotify(payload) {
        if (payload === '*') return entries.clear();
        for (const pair of payload.split(',')) {
          const [id, ts] = pair.split(':');
          forget(Number(id), Number(ts));
        }
      },
      // Replays told while nobody listened were missed: start again from the database.
      onListening: () => entries.clear(),
    })
    .catch(() => async () => {});
  return {
    async get(requests, now = Date.now()) {
      const out = new Map<number, CounterPair>();
      const misses: BaselineRequest[] = [];
      for (const r of requests) {
        const e = entries.get(r.deviceId);
        const fits =
          e && e.until > now && e.dayStart === r.before.getTime() && (e.eIn || !r.eIn) && (e.eOut || !r.eOut);
        if (fits) out.set(r.deviceId, e.value);
        else misses.push(r);
      }
      if (misses.length === 0) return out;
      const loaded = await loadCounterBaselines(db, misses, true);
      if (entries.size + misses.length > maxEntries) entries.clear();
      for (const r of misses) {
        const value = loaded.get(r.deviceId) ?? { eIn: null, eOut: null };
        entries.set(r.deviceId, {
          dayStart: r.before.getTime(),
          eIn: r.eIn,
          eOut: r.eOut,
          value,
          until: now + ttlMs,
        });
        out.set(r.deviceId, value);
      }
      return out;
    },
    sampleWritten(deviceId, ts) {
      forget(deviceId, ts);
      if (ts >= Date.now() - REPLAY_AGE_MS) return;
      const known = replayed.get(deviceId);
      if (known === undefined || ts < known) replayed.set(deviceId, ts);
      if (!flushing) {
        flushing = true;
        setTimeout(flush, REPLAY_NOTIFY_MS).unref();
      }
    },
    async close() {
      await (await stopListening)();
    },
  };
}

const caches = new WeakMap<DbHandle, BaselineCache>();

/** The baseline cache of `db` (one per open database, shared by the station list and list/real). */
export function baselineCacheOf(db: DbHandle): BaselineCache {
  let c = caches.get(db);
  if (!c) {
    c = createBaselineCache(db);
    caches.set(db, c);
  }
  return c;
}
