import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountThrottle } from './account-throttle';
import { createRateLimits } from './rate-limits';

const quiet = { warn: () => {}, info: () => {} };

/** A throttle in memory: 3 free failures, then 1 s doubling to 8 s, in a 60-s window (time is faked). */
function throttle(maxAddresses?: number) {
  return createAccountThrottle(createRateLimits({ log: quiet }), 'test', {
    soft: 3,
    windowMs: 60_000,
    baseDelayS: 1,
    maxDelayS: 8,
    maxAddresses,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAccountThrottle', () => {
  it('holds nothing back below the soft limit', async () => {
    const t = throttle();
    await t.recordFailure('acc', 'a');
    await t.recordFailure('acc', 'a');
    expect(await t.waitFor('acc', 'a')).toBe(0);
  });

  it('from the soft limit on, delays addresses that failed, doubling per failure up to the cap', async () => {
    const t = throttle();
    for (const ip of ['a', 'b', 'c']) await t.recordFailure('acc', ip);
    expect(await t.waitFor('acc', 'a')).toBe(1);
    await t.recordFailure('acc', 'd');
    expect(await t.waitFor('acc', 'b')).toBe(2);
    await t.recordFailure('acc', 'e');
    expect(await t.waitFor('acc', 'c')).toBe(4);
    for (const ip of ['f', 'g', 'h']) await t.recordFailure('acc', ip);
    expect(await t.waitFor('acc', 'a')).toBe(8);
  });

  it('never delays an address without a failure on the account, nor other accounts', async () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) await t.recordFailure('acc', `x${i}`);
    expect(await t.waitFor('acc', 'owner')).toBe(0);
    expect(await t.waitFor('other', 'x1')).toBe(0);
  });

  it('slows but does not lock: once the delay has passed the address may try again', async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await t.recordFailure('acc', 'a');
    expect(await t.waitFor('acc', 'a')).toBe(2);
    vi.advanceTimersByTime(1_500);
    expect(await t.waitFor('acc', 'a')).toBe(1);
    vi.advanceTimersByTime(500);
    expect(await t.waitFor('acc', 'a')).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await t.recordFailure('acc', 'a');
    vi.advanceTimersByTime(60_000);
    expect(await t.waitFor('acc', 'a')).toBe(0);
    // The count starts afresh too: one more failure is below the soft limit again.
    await t.recordFailure('acc', 'a');
    expect(await t.waitFor('acc', 'a')).toBe(0);
  });

  it('when more addresses failed than it can remember, every address shares the delay', async () => {
    const t = throttle(4);
    for (const ip of ['a', 'b', 'c', 'd', 'e']) await t.recordFailure('acc', ip);
    expect(await t.waitFor('acc', 'owner')).toBeGreaterThan(0);
  });
});
