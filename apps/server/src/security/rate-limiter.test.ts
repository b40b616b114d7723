import { describe, expect, it } from 'vitest';
import { createMemoryLimiter } from './rate-limiter';

/** A limiter on a hand-moved clock (no waiting in tests). */
function limiter(limit = 5, windowMs = 300_000, maxKeys?: number) {
  const clock = { now: 1_000_000 };
  return { clock, l: createMemoryLimiter({ limit, windowMs, maxKeys, now: () => clock.now }) };
}

describe('createMemoryLimiter', () => {
  it('lets a key through until it has `limit` failures in the window', async () => {
    const { l } = limiter();
    for (let i = 0; i < 4; i++) await l.recordFailure('demo');
    expect(await l.blockedFor('demo')).toBe(0);
    await l.recordFailure('demo');
    expect(await l.blockedFor('demo')).toBe(300);
  });

  it('tells how long until the oldest counted failure leaves the window, rounded up to seconds', async () => {
    const { l, clock } = limiter();
    await l.recordFailure('k');
    clock.now += 60_500;
    for (let i = 0; i < 4; i++) await l.recordFailure('k');
    expect(await l.blockedFor('k')).toBe(240); // 239.5 s left
    clock.now += 239_000;
    expect(await l.blockedFor('k')).toBe(1);
    clock.now += 500;
    expect(await l.blockedFor('k')).toBe(0); // first failure left the window: 4 remain
  });

  it('slides: failures older than the window stop counting', async () => {
    const { l, clock } = limiter(2, 1_000);
    await l.recordFailure('k');
    await l.recordFailure('k');
    expect(await l.blockedFor('k')).toBe(1);
    clock.now += 1_000;
    expect(await l.blockedFor('k')).toBe(0);
    await l.recordFailure('k');
    expect(await l.blockedFor('k')).toBe(0);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const { l } = limiter(1);
    await l.recordFailure('a');
    expect(await l.blockedFor('a')).toBeGreaterThan(0);
    expect(await l.blockedFor('b')).toBe(0);
    await l.reset('a');
    expect(await l.blockedFor('a')).toBe(0);
  });

  it('more failures than the limit keep the key blocked for a full window after the latest ones', async () => {
    const { l, clock } = limiter(2, 10_000);
    for (let i = 0; i < 5; i++) {
      await l.recordFailure('k');
      clock.now += 1_000;
    }
    // failures at 0..4 s, now 5 s: the 2 latest (3 s, 4 s) count; free when 3 s leaves, at 13 s.
    expect(await l.blockedFor('k')).toBe(8);
  });

  it('drops the least recently failed keys beyond maxKeys', async () => {
    const { l } = limiter(1, 60_000, 2);
    await l.recordFailure('a');
    await l.recordFailure('b');
    await l.recordFailure('c');
    expect(await l.blockedFor('a')).toBe(0);
    expect(await l.blockedFor('b')).toBeGreaterThan(0);
    expect(await l.blockedFor('c')).toBeGreaterThan(0);
  });
});
