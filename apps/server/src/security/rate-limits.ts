/**
 * The store of every rate limit of the API (docs/security.md "Sign-in limits" and "Account enumeration";
 * decision 0021): rate-limiter-flexible limiters that count in this process's memory, or, with
 * `REDIS_URL`, in Redis, so that every API node counts the same calls. One store per app (buildApp
 * makes it); each limit is asked for by name, and a name gives the same limiter every time.
 *
 * When Redis fails (unreachable, stopped answering, refusing a command) each limiter counts in an
 * insurance limiter in this process's memory instead, with the same numbers, and a warning is logged at
 * most once a minute: the limits then hold per node, and no request waits for Redis longer than
 * REDIS_TIMEOUT_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

/** A limit's numbers: `limit` calls (or failures) per key within `windowMs` (whole seconds). */
export interface LimitSpec {
  limit: number;
  windowMs: number;
}

/** Where one app's limits count. */
export interface RateLimits {
  /** `redis` when REDIS_URL is set (shared by every node), else `memory` (this process). */
  readonly store: 'memory' | 'redis';
  /**
   * The limiter of limit `name` (also its key prefix in Redis: `ems:limit:{name}:{key}`), made on first
   * ask. Its window starts at a key's first counted call and ends `windowMs` later, whatever came
   * between (rate-limiter-flexible's fixed window per key).
   */
  limiter(name: string, spec: LimitSpec): RateLimiterAbstract;
  /**
   * Resolves once Redis is connected, or has failed (then the limits count in memory until it
   * answers); at once for the memory store. buildApp waits for it, so a node starting beside a
   * working Redis counts its first calls there.
   */
  ready(): Promise<void>;
  /** Closes the Redis connection (the app's onClose). */
  close(): Promise<void>;
}

/** Longest wait for one Redis command before the limit counts in memory instead. */
export const REDIS_TIMEOUT_MS = 500;
/** Fewest milliseconds between two warnings that Redis failed. */
const WARN_EVERY_MS = 60_000;

/** Options of createRateLimits. */
export interface RateLimitsOptions {
  /** Redis to count in (REDIS_URL); unset: this process's memory. */
  redisUrl?: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The rate-limit store of one app: Redis when `redisUrl` is given, else memory. */
export function createRateLimits(opts: RateLimitsOptions): RateLimits {
  const made = new Map<string, RateLimiterAbstract>();
  const redis = opts.redisUrl ? connect(opts.redisUrl, opts.log) : null;
  return {
    store: redis ? 'redis' : 'memory',
    limiter(name, spec) {
      let limiter = made.get(name);
      if (!limiter) {
        const options = { keyPrefix: `ems:limit:${name}`, points: spec.limit, duration: secondsOf(spec) };
        limiter = redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: redis.client,
              // Not connected: count in memory at once rather than queue the command.
              rejectIfRedisNotReady: true,
              insuranceLimiter: new InsuranceMemory(options, redis.failed),
            })
          : new RateLimiterMemory(options);
        made.set(name, limiter);
      }
      return limiter;
    },
    ready: () => redis?.settled ?? Promise.resolve(),
    async close() {
      await redis?.client.quit().catch(() => redis.client.disconnect());
    },
  };
}

function secondsOf(spec: LimitSpec): number {
  if (spec.windowMs % 1000 !== 0 || spec.windowMs <= 0) {
    throw new Error(`a limit's window is whole seconds, not ${spec.windowMs} ms`);
  }
  return spec.windowMs / 1000;
}

/** The Redis client of a store, and what to call when a limiter had to count without it. */
function connect(url: string, log: RateLimitsOptions['log']) {
  const client = new Redis(url, {
    // A command while disconnected fails at once (the insurance counts it) instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A server that stops answering is dropped and reconnected, so later calls skip it at once.
    socketTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: 5_000,
  });
  let warnedAt = Number.NEGATIVE_INFINITY;
  let down = false;
  const failed = (err?: Error) => {
    down = true;
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn(
      { err: err ? err.message : undefined, store: 'redis' },
      'rate limits: Redis failed, counting in this process until it answers again',
    );
  };
  // The first outcome of connecting: ready, or an error (then ioredis goes on retrying on its own).
  const settled = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
  });
  client.on('error', (err: Error) => failed(err));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    warnedAt = Number.NEGATIVE_INFINITY;
    log.info({ store: 'redis' }, 'rate limits: Redis answers again, counting shared');
  });
  return { client, settled, failed: () => failed() };
}

/**
 * The in-memory limiter that counts while Redis fails (rate-limiter-flexible's insuranceLimiter): calls
 * `onUse` first, so every fallback is noticed whatever made Redis fail.
 */
class InsuranceMemory extends RateLimiterMemory {
  constructor(
    opts: IRateLimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(opts);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
  override penalty(...args: Parameters<RateLimiterMemory['penalty']>) {
    this.onUse();
    return super.penalty(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.onUse();
    return super.reward(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.onUse();
    return super.get(...args);
  }
  override set(...args: Parameters<RateLimiterMemory['set']>) {
    this.onUse();
    return super.set(...args);
  }
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.onUse();
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.onUse();
    return super.delete(...args);
  }
}
