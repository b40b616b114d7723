/**
 * The per-account ceiling of sign-in (issue 6 item 7, docs/security.md "Sign-in limits"): failures on
 * one account from any addresses slow further guessing without ever locking the account.
 *
 * Below `soft` failures in the window nothing happens. From then on the account is under attack: an
 * address that already failed on it in the window may try again only once the account's latest failure
 * is `delay` old, where the delay doubles with every further failure (1 s, 2 s, 4 s … up to `maxDelayS`)
 * and is shared by all such addresses. An address with no failure on the account is never held back,
 * so the owner typing the right password from anywhere new still signs in at once. Should more than
 * `maxAddresses` failures hit one account within the window, the addresses are no longer remembered
 * and every address shares the delay until the window has passed (slowed, still not locked).
 *
 * Built on three limiters of the app's store (so counted across nodes with Redis): the account's
 * failures in the window (`penalty`/`get`), the (account, address) pairs that failed (`penalty`/`get`),
 * and the running delay (`block`/`get`).
 */
import { counted, retryAfterS } from './limit-checks';
import type { RateLimits } from './rate-limits';

/** Counts failures per account and tells a failing address how long to wait. */
export interface AccountThrottle {
  /** Seconds `ip` must wait before trying `account` again (≥ 1), or 0 when it may try now. */
  waitFor(account: string, ip: string): Promise<number>;
  /** Records one failed attempt on `account` from `ip` now. */
  recordFailure(account: string, ip: string): Promise<void>;
}

/** The ceiling's numbers (LOGIN_LIMITS.account). */
export interface AccountThrottleOptions {
  /** Failures in the window before any delay applies. */
  soft: number;
  /** Whole seconds. */
  windowMs: number;
  /** The first delay, doubled per failure beyond `soft`, and its cap, in seconds. */
  baseDelayS: number;
  maxDelayS: number;
  /** Most addresses remembered per account and window (memory bound under a botnet). */
  maxAddresses?: number;
}

/** The ceiling named `name` (its limiters' names start with it) in `limits`. */
export function createAccountThrottle(
  limits: RateLimits,
  name: string,
  opts: AccountThrottleOptions,
): AccountThrottle {
  const { soft, windowMs, baseDelayS, maxDelayS, maxAddresses = 10_000 } = opts;
  const failures = limits.limiter(`${name}.failures`, { limit: maxAddresses, windowMs });
  const addresses = limits.limiter(`${name}.addresses`, { limit: 1, windowMs });
  const delay = limits.limiter(`${name}.delay`, { limit: 1, windowMs: maxDelayS * 1000 });
  // JSON, so no account name or address can forge another pair.
  const pairOf = (account: string, ip: string) => JSON.stringify([account, ip]);

  return {
    async waitFor(account, ip) {
      const [running, count, failedHere] = await Promise.all([
        delay.get(account),
        failures.get(account),
        addresses.get(pairOf(account, ip)),
      ]);
      if (!running || counted(running) <= delay.points) return 0;
      if (counted(failedHere) === 0 && counted(count) <= maxAddresses) return 0;
      return retryAfterS(running.msBeforeNext);
    },
    async recordFailure(account, ip) {
      const n = (await failures.penalty(account)).consumedPoints;
      if (n <= maxAddresses) await addresses.penalty(pairOf(account, ip));
      if (n >= soft) await delay.block(account, Math.min(maxDelayS, baseDelayS * 2 ** (n - soft)));
    },
  };
}
