/**
 * Per-client-address limits of the public account calls (issue 3 §10), counted in the app's rate-limit
 * store (security/rate-limits.ts) as attempt counters: every call counts, not only failures.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimits } from '../../security/rate-limits';

/** Calls per client address: name look-ups and form checks, registrations, code sends. */
export const ACCOUNT_LIMITS = {
  probe: { limit: 60, windowMs: 60_000 },
  register: { limit: 10, windowMs: 3_600_000 },
  codeSend: { limit: 10, windowMs: 600_000 },
} as const;

/** The limiters of one app instance. */
export interface AccountLimiters {
  probe: RateLimiterAbstract;
  register: RateLimiterAbstract;
  codeSend: RateLimiterAbstract;
}

/** The account limiters of `limits` (one set per app, shared by every node with Redis). */
export function accountLimiters(limits: RateLimits): AccountLimiters {
  return {
    probe: limits.limiter('account.probe', ACCOUNT_LIMITS.probe),
    register: limits.limiter('account.register', ACCOUNT_LIMITS.register),
    codeSend: limits.limiter('account.code-send', ACCOUNT_LIMITS.codeSend),
  };
}
