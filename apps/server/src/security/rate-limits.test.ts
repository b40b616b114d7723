import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../http/errors';
import { startTestRedis, type TestRedis } from '../test/test-redis';
import { spend, waitFor } from './limit-checks';
import { createRateLimits, type RateLimits } from './rate-limits';

/** A logger that remembers its warnings and notices. */
function recordingLog() {
  const lines: { level: 'warn' | 'info'; msg: string }[] = [];
  const at = (level: 'warn' | 'info') => (_obj: unknown, msg?: string) => {
    lines.push({ level, msg: msg ?? '' });
  };
  return { lines, log: { warn: at('warn'), info: at('info') } as never };
}

const SPEC = { limit: 5, windowMs: 300_000 };

describe('REDIS_URL', () => {
  it('takes a redis:// or rediss:// URL, and says what is wrong with anything else', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:secret@10.0.0.5:6380/2' }).REDIS_URL).toBe(
      'redis://:secret@10.0.0.5:6380/2',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com' }).REDIS_URL).toBe(
      'rediss://cache.example.com',
    );
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://cache.example.com' })).toThrow(
      /REDIS_URL: a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('the memory store (REDIS_URL unset)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives one limiter per name, counted apart from another app’s store', async () => {
    const one = createRateLimits(recordingLog());
    const other = createRateLimits(recordingLog());
    expect(one.store).toBe('memory');
    expect(one.limiter('x', SPEC)).toBe(one.limiter('x', SPEC));
    for (let i = 0; i < 5; i++) await one.limiter('x', SPEC).penalty('k');
    expect(await waitFor(one.limiter('x', SPEC), 'k')).toBeGreaterThan(0);
    expect(await waitFor(other.limiter('x', SPEC), 'k')).toBe(0);
  });

  it('refuses windows that are not whole seconds', () => {
    expect(() => createRateLimits(recordingLog()).limiter('x', { limit: 1, windowMs: 1_500 })).toThrow(
      /whole seconds/,
    );
  });

  it('waitFor: free below the limit, then until the window that began at the first failure ends', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const l = createRateLimits(recordingLog()).limiter('x', SPEC);
    await l.penalty('k');
    vi.advanceTimersByTime(60_500);
    for (let i = 0; i < 3; i++) await l.penalty('k');
    expect(await waitFor(l, 'k')).toBe(0);
    await l.penalty('k');
    expect(await waitFor(l, 'k')).toBe(240); // 239.5 s left, rounded up
    expect(await waitFor(l, 'other')).toBe(0);
    vi.advanceTimersByTime(239_500);
    expect(await waitFor(l, 'k')).toBe(0);
    await l.penalty('k');
    expect(await waitFor(l, 'k')).toBe(0); // a new window: one failure
    await l.delete('k');
    expect(await l.get('k')).toBeNull();
  });

  it('spend: lets `limit` calls through, then 429 with the seconds left', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const l = createRateLimits(recordingLog()).limiter('x', { limit: 2, windowMs: 60_000 });
    await spend(l, 'ip');
    vi.advanceTimersByTime(10_000);
    await spend(l, 'ip');
    const refused = await spend(l, 'ip').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 42900, headers: { 'retry-after': '50' } });
    await spend(l, 'other-ip');
  });
});

describe('the Redis store (REDIS_URL)', () => {
  let redis: TestRedis;
  const stores: RateLimits[] = [];
  const storeOn = async (url: string, log = recordingLog()) => {
    const s = createRateLimits({ redisUrl: url, log: log.log });
    stores.push(s);
    await s.ready();
    return s;
  };
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await redis?.dispose();
  });

  it('counts the calls of two stores (two nodes) on one Redis together', async () => {
    const a = await storeOn(redis.url);
    const b = await storeOn(redis.url);
    expect(a.store).toBe('redis');
    const spec = { limit: 3, windowMs: 60_000 };
    await spend(a.limiter('shared', spec), 'ip');
    await spend(b.limiter('shared', spec), 'ip');
    await spend(a.limiter('shared', spec), 'ip');
    await expect(spend(b.limiter('shared', spec), 'ip')).rejects.toMatchObject({ status: 42900 });
    // Another limit's name is another count.
    await spend(b.limiter('other', spec), 'ip');
  });

  it('answers from memory when Redis stops answering, warns once, and says when it is back', async () => {
    const rec = recordingLog();
    const s = await storeOn(redis.url, rec);
    const l = s.limiter('paused', { limit: 2, windowMs: 60_000 });
    await spend(l, 'ip'); // connected, counted in Redis
    redis.pause();
    try {
      // Each call is answered (no request waits on a frozen Redis) and counted in this process.
      await spend(l, 'ip');
      await spend(l, 'ip');
      await expect(spend(l, 'ip')).rejects.toMatchObject({ status: 42900 });
    } finally {
      redis.resume();
    }
    expect(rec.lines.filter((x) => x.level === 'warn')).toEqual([
      { level: 'warn', msg: 'rate limits: Redis failed, counting in this process until it answers again' },
    ]);
    await vi.waitFor(() => expect(rec.lines.map((x) => x.level)).toContain('info'), { timeout: 10_000 });
    // Shared again: another node sees the next call.
    await spend(l, 'next-ip');
    const other = await storeOn(redis.url);
    expect(
      (await other.limiter('paused', { limit: 2, windowMs: 60_000 }).get('next-ip'))?.consumedPoints,
    ).toBe(1);
  });
});
