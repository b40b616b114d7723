/**
 * Per-client-address limits of the public account calls (issue 3 §10), on the sign-in limiter of
 * security/rate-limiter.ts used as an attempt counter: every call counts, not only failures.
 */
import { createMemoryLimiter, type FailureLimiter } from '../../security/rate-limiter';

/** Calls per client address: name look-ups and form checks, registrations, code sends. */
export const ACCOUNT_LIMITS = {
  probe: { limit: 60, windowMs: 60_000 },
  register: { limit: 10, windowMs: 3_600_000 },
  codeSend: { limit: 10, windowMs: 600_000 },
} as const;

/** The limiters of one app instance. */
export interface AccountLimiters {
  probe: FailureLimiter;
  register: FailureLimiter;
  codeSend: FailureLimiter;
}

/** Fresh in-memory limiters (one set per app; a Redis one can replace them for several nodes). */
export function createAccountLimiters(): AccountLimiters {
  return {
    probe: createMemoryLimiter(ACCOUNT_LIMITS.probe),
    register: createMemoryLimiter(ACCOUNT_LIMITS.register),
    codeSend: createMemoryLimiter(ACCOUNT_LIMITS.codeSend),
  };
}
