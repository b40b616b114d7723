/**
 * The three sign-in layers of docs/security.md "Sign-in limits" (numbers in LOGIN_LIMITS) on the app's
 * rate-limit store: in memory, or in Redis shared by every API node when REDIS_URL is set.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type AccountThrottle, createAccountThrottle } from '../../security/account-throttle';
import type { RateLimits } from '../../security/rate-limits';
import { LOGIN_LIMITS } from './service';

/** The sign-in limiters of one app. */
export interface SignInLimits {
  /** Failures of one account from one address (key: pairKey): locks only that pair. */
  perPair: RateLimiterAbstract;
  /** Failures from one address over all accounts (password spraying from one place). */
  perIp: RateLimiterAbstract;
  /** Failures on one account from all addresses: slows, never locks. */
  perAccount: AccountThrottle;
}

/** The sign-in limiters of `limits` (the same ones for every caller of one app). */
export function signInLimits(limits: RateLimits): SignInLimits {
  const { perPair, perIp, windowMs, account } = LOGIN_LIMITS;
  return {
    perPair: limits.limiter('signin.pair', { limit: perPair, windowMs }),
    perIp: limits.limiter('signin.address', { limit: perIp, windowMs }),
    perAccount: createAccountThrottle(limits, 'signin.account', account),
  };
}
