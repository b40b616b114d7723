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
   * entry expires. Other processes' caches still expire after their TTL.
   */
  sampleWritten(deviceId: number, ts: number): void;
}

/** A cache over `db` keeping each entry for `ttlMs` (late replays of old data show within that time). */
export function createBaselineCache(db: DbHandle, ttlMs = 10 * 60_000, maxEntries = 200_000): BaselineCache {
  const entries = new Map<number, Entry>();
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
      const e = entries.get(deviceId);
      if (e && ts < e.dayStart) entries.delete(deviceId);
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
