import { describe, expect, it } from 'vitest';
import type { SessionRecord } from './repo';
import { createSessionCache } from './session-cache';

const record = (userId: number, sessionId = userId): SessionRecord => ({
  sessionId,
  userId,
  loginName: `u${userId}`,
  roles: [],
  disabled: false,
  expiresAt: new Date(Date.UTC(2030, 0, 1)),
  revokedAt: null,
});

describe('createSessionCache', () => {
  it('keeps an entry for the TTL only', () => {
    const clock = { now: 0 };
    const cache = createSessionCache(5_000, 10, () => clock.now);
    cache.set('h1', record(1));
    clock.now = 4_999;
    expect(cache.get('h1')?.userId).toBe(1);
    clock.now = 5_000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('deletes one token or every token of a user', () => {
    const cache = createSessionCache();
    cache.set('a', record(1, 1));
    cache.set('b', record(1, 2));
    cache.set('c', record(2, 3));
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.deleteUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe(2);
  });

  it('evicts the oldest entries beyond its size', () => {
    const cache = createSessionCache(60_000, 2);
    cache.set('a', record(1));
    cache.set('b', record(2));
    cache.set('c', record(3));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.userId).toBe(2);
    expect(cache.get('c')?.userId).toBe(3);
  });
});
