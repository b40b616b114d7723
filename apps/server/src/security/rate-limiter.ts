/**
 * Failure counting for sign-in (issue 2 §4): at most `limit` failures per key in a sliding window.
 * Behind a small async interface so a Redis implementation can share counts between API nodes later.
 */

import { tooManyRequests } from '../http/errors';

/** Counts failures per key (an account name, a client IP) over a sliding window. */
export interface FailureLimiter {
  /** Seconds until `key` may try again (≥ 1), or 0 while it is under its limit. */
  blockedFor(key: string): Promise<number>;
  /** Records one failure of `key` now. */
  recordFailure(key: string): Promise<void>;
  /** Forgets the failures of `key` (after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** Options of the in-memory limiter; `now` is injectable so tests move time without waiting. */
export interface MemoryLimiterOptions {
  limit: number;
  windowMs: number;
  /** Most keys tracked at once; the oldest are dropped first, so a flood of names cannot eat memory. */
  maxKeys?: number;
  now?: () => number;
}

/** In-process FailureLimiter: keeps the failure times of each key inside the window. */
export function createMemoryLimiter(opts: MemoryLimiterOptions): FailureLimiter {
  const { limit, windowMs, maxKeys = 100_000, now = Date.now } = opts;
  const failures = new Map<string, number[]>();

  const live = (key: string, at: number): number[] => {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((t) => t > at - windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== times.length) failures.set(key, kept);
    return kept;
  };

  return {
    async blockedFor(key) {
      const at = now();
      const times = live(key, at);
      if (times.length < limit) return 0;
      // The key is free again when the failure that brings it back under the limit leaves the window.
      const freedAt = times[times.length - limit]! + windowMs;
      return Math.max(1, Math.ceil((freedAt - at) / 1000));
    },
    async recordFailure(key) {
      const at = now();
      const times = live(key, at);
      times.push(at);
      failures.delete(key); // re-insert so Map order is least-recently-failed first
      failures.set(key, times.slice(-limit));
      while (failures.size > maxKeys) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}

/**
 * Counts one call of `key` against `limiter` used as an attempt counter (every call counts, not only
 * failures): public calls that send mail or create codes.
 * @throws tooManyRequests (429, Retry-After) once `key` used up its calls in the window.
 */
export async function spend(limiter: FailureLimiter, key: string): Promise<void> {
  const wait = await limiter.blockedFor(key);
  if (wait > 0) throw tooManyRequests(wait);
  await limiter.recordFailure(key);
}
