// The stores that API instances must share (decision 023), built once in app.ts: in Redis when
// REDIS_URL is set, in this process's memory otherwise (the embedded run, one instance). Every
// consumer (rate limits, sign-in throttle, failure delays, decoy codes, the contact limiter) takes
// what it needs from here, so that "shared or not" is decided in one place.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { storeCall } from './redis';

/** Builds a rate-limiter-flexible counter (the sign-in throttle and the contact limiter use these). */
export type LimiterFactory = (opts: IRateLimiterOptions) => RateLimiterAbstract;

/** Counts events per key in a window that starts at the first one (the failure delays). */
export interface WindowCounters {
  /** Adds one to the key's count and answers the new count. */
  add(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}

const MAX_KEYS = 50_000;

/** In memory, bounded: the oldest key goes first when full. */
export function memoryCounters(now: () => number = Date.now): WindowCounters {
  const counts = new Map<string, { n: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async add(key, windowMs) {
      const entry = current(key);
      if (entry) return ++entry.n;
      if (counts.size >= MAX_KEYS) counts.delete(counts.keys().next().value as string);
      counts.set(key, { n: 1, resetAt: now() + windowMs });
      return 1;
    },
    async get(key) {
      return current(key)?.n ?? 0;
    },
    async delete(key) {
      counts.delete(key);
    },
  };
}

// INCR and the window's expiry in one step: a crash in between can never leave a count that never ends.
const ADD = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;

export function redisCounters(redis: Redis, prefix: string): WindowCounters {
  return {
    add: (key, windowMs) => storeCall(async () => Number(await redis.eval(ADD, 1, `${prefix}${key}`, String(windowMs)))),
    get: (key) => storeCall(async () => Number((await redis.get(`${prefix}${key}`)) ?? 0)),
    delete: (key) => storeCall(async () => void (await redis.del(`${prefix}${key}`))),
  };
}

export interface SharedStores {
  /** The client, when shared (also for readiness checks). */
  redis: Redis | undefined;
  /** The key prefix in Redis (REDIS_PREFIX). */
  prefix: string;
  limiter: LimiterFactory;
  counters(namespace: string): WindowCounters;
}

export function createSharedStores(redis: Redis | undefined, prefix: string): SharedStores {
  if (!redis) {
    return { redis, prefix, limiter: (opts) => new RateLimiterMemory(opts), counters: () => memoryCounters() };
  }
  return {
    redis,
    prefix,
    // rejectIfRedisNotReady: while Redis is away a limit refuses at once instead of waiting for a timeout.
    limiter: (opts) => new RateLimiterRedis({ ...opts, keyPrefix: `${prefix}${opts.keyPrefix ?? 'rlflx'}`, storeClient: redis, rejectIfRedisNotReady: true }),
    counters: (namespace) => redisCounters(redis, `${prefix}${namespace}:`),
  };
}
