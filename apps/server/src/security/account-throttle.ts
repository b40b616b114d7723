/**
 * The per-account ceiling of sign-in (issue 6 item 7, docs/security.md "Sign-in limits"): failures on
 * one account from any addresses slow further guessing without ever locking the account.
 *
 * Below `soft` failures in the window nothing happens. From then on the account is under attack: an
 * address that already failed on it in the window may try again only once the account's latest failure
 * is `delay` old, where the delay doubles with every further failure (1 s, 2 s, 4 s … up to `maxDelayS`)
 * and is shared by all such addresses. An address with no failure on the account is never held back,
 * so the owner typing the right password from anywhere new still signs in at once. Should more than
 * `maxAddresses` failures hit one account within the window, the addresses can no longer be told apart
 * and every address shares the delay until the window has passed (slowed, still not locked).
 */

/** Counts failures per account and tells a failing address how long to wait. */
export interface AccountThrottle {
  /** Seconds `ip` must wait before trying `account` again (≥ 1), or 0 when it may try now. */
  waitFor(account: string, ip: string): Promise<number>;
  /** Records one failed attempt on `account` from `ip` now. */
  recordFailure(account: string, ip: string): Promise<void>;
}

/** Options of the in-memory throttle; `now` is injectable so tests move time without waiting. */
export interface AccountThrottleOptions {
  /** Failures in the window before any delay applies. */
  soft: number;
  windowMs: number;
  /** The first delay, doubled per failure beyond `soft`, and its cap, in seconds. */
  baseDelayS: number;
  maxDelayS: number;
  /** Most accounts tracked at once; the least recently failed are dropped first. */
  maxKeys?: number;
  /** Most failures remembered per account (memory bound under a botnet). */
  maxAddresses?: number;
  now?: () => number;
}

interface Failure {
  at: number;
  ip: string;
}

interface AccountFailures {
  list: Failure[];
  /** Until when every address counts as failed: the list overflowed and forgot some addresses. */
  saturatedUntil: number;
}

/** In-process AccountThrottle (one per app; a Redis one can share counts between API nodes later). */
export function createMemoryAccountThrottle(opts: AccountThrottleOptions): AccountThrottle {
  const {
    soft,
    windowMs,
    baseDelayS,
    maxDelayS,
    maxKeys = 100_000,
    maxAddresses = 10_000,
    now = Date.now,
  } = opts;
  const accounts = new Map<string, AccountFailures>();

  const live = (account: string, at: number): AccountFailures => {
    const entry = accounts.get(account);
    const list = (entry?.list ?? []).filter((f) => f.at > at - windowMs);
    return { list, saturatedUntil: entry?.saturatedUntil ?? 0 };
  };

  return {
    async waitFor(account, ip) {
      const at = now();
      const { list, saturatedUntil } = live(account, at);
      if (list.length < soft) return 0;
      if (saturatedUntil <= at && !list.some((f) => f.ip === ip)) return 0;
      const delayS = Math.min(maxDelayS, baseDelayS * 2 ** (list.length - soft));
      const freeAt = list[list.length - 1]!.at + delayS * 1000;
      return freeAt > at ? Math.max(1, Math.ceil((freeAt - at) / 1000)) : 0;
    },
    async recordFailure(account, ip) {
      const at = now();
      const entry = live(account, at);
      entry.list.push({ at, ip });
      if (entry.list.length > maxAddresses) {
        entry.list = entry.list.slice(-maxAddresses);
        entry.saturatedUntil = at + windowMs;
      }
      accounts.delete(account); // re-insert so Map order is least-recently-failed first
      accounts.set(account, entry);
      while (accounts.size > maxKeys) {
        const oldest = accounts.keys().next().value;
        if (oldest === undefined) break;
        accounts.delete(oldest);
      }
    },
  };
}
