/**
 * The two ways the API uses a limiter of security/rate-limits.ts: as an attempt counter (every call
 * counts: `spend`), or as a failure counter that is asked before the work and told only of failures
 * (`waitFor`, then the limiter's own `penalty` on a failure and `delete` on a success).
 */
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors';

/** Whole seconds (≥ 1) of a wait in milliseconds, as Retry-After gives them. */
export const retryAfterS = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * What `res` (a limiter's `get`) counts: its points while its window runs, else 0 (the memory store
 * may still hold a key for a moment after its window ended).
 */
export const counted = (res: RateLimiterRes | null): number =>
  res && res.msBeforeNext > 0 ? res.consumedPoints : 0;

/**
 * Seconds until `key` may try again: 0 while it has fewer than `limiter.points` failures in its
 * window; else until the window, which began at the key's first counted failure, ends.
 */
export async function waitFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res && counted(res) >= limiter.points ? retryAfterS(res.msBeforeNext) : 0;
}

/**
 * Counts one call of `key` (public calls that send mail or create codes).
 * @throws tooManyRequests (429, Retry-After) once `key` used up its calls in the window.
 */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(retryAfterS(err.msBeforeNext));
    throw err;
  }
}
