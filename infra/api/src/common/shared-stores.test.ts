// The shared stores against a real Redis (decision 023), each "instance" with a client of its own:
// counts and limits are one across instances; a Redis that cannot be reached refuses
// (fail closed) instead of letting the request through. Fails, never skips, without Redis.
import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePrefix, requireRedis, TEST_REDIS_URL, uniquePrefix } from '../test-support/twin-apps';
import { closeRedis, isStoreUnavailable, openRedis, redisReady, StoreUnavailableError } from './redis';
import { createSharedStores } from './shared-stores';
import { createFailureDelays, createLoginThrottle } from './throttle';

const prefix = uniquePrefix('stores');
let admin: Redis;
let one: Redis;
let two: Redis;

beforeAll(async () => {
  admin = await requireRedis();
  one = openRedis(TEST_REDIS_URL)!;
  two = openRedis(TEST_REDIS_URL)!;
  expect(await redisReady(one)).toBe(true);
  expect(await redisReady(two)).toBe(true);
});
afterAll(async () => {
  await deletePrefix(admin, prefix);
  await Promise.all([closeRedis(one), closeRedis(two)]);
  admin.disconnect();
});

describe('shared stores in Redis', () => {
  it('failure delays counted by one instance slow the other down, and a success clears them', async () => {
    const settings = { baseMs: 100, windowMs: 60_000 };
    const a = createFailureDelays({ ...settings, counters: createSharedStores(one, prefix).counters('delay') });
    const b = createFailureDelays({ ...settings, counters: createSharedStores(two, prefix).counters('delay') });
    for (let i = 0; i < 4; i++) await a.recordFailure('verify:x@example.test', 'verify-ip:1');
    expect(await b.delayFor('verify:x@example.test')).toBe(200);
    await b.reset('verify:x@example.test');
    expect(await a.delayFor('verify:x@example.test')).toBe(0);
    expect(await a.delayFor('verify-ip:1')).toBe(200);
    expect(await admin.pttl(`${prefix}delay:verify-ip:1`)).toBeGreaterThan(0);
  });

  it('the sign-in throttle refuses on one instance what was claimed on the other, and never over-claims in parallel', async () => {
    const settings = { pairLimit: 5, accountLimit: 100, windowSeconds: 60, baseDelayMs: 0 };
    const a = createLoginThrottle({ ...settings, limiter: createSharedStores(one, prefix).limiter });
    const b = createLoginThrottle({ ...settings, limiter: createSharedStores(two, prefix).limiter });
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).claim('buyer@example.test', '10.0.0.1')));
    expect(claims.filter((c) => c.allowed)).toHaveLength(5);
    const refused = await a.claim('buyer@example.test', '10.0.0.1');
    expect(refused).toMatchObject({ allowed: false });
  });

  it('a rate-limiter-flexible limit (the contact form) is one across instances', async () => {
    const make = (client: Redis) => createSharedStores(client, prefix).limiter({ keyPrefix: 'contact', points: 2, duration: 60 });
    const [a, b] = [make(one), make(two)];
    await a.consume('user-1');
    await b.consume('user-1');
    await expect(a.consume('user-1')).rejects.toBeInstanceOf(RateLimiterRes);
  });
});

describe('Redis unreachable', () => {
  // Nothing listens there (a port of this helper's range that no test binds).
  const DOWN = 'redis://127.0.0.1:2539';
  let down: Redis;
  beforeAll(() => {
    down = openRedis(DOWN)!;
  });
  afterAll(async () => closeRedis(down));

  it('limits and counters refuse (StoreUnavailableError), they never let the request through', async () => {
    expect(await redisReady(down, 300)).toBe(false);
    const stores = createSharedStores(down, prefix);
    const throttle = createLoginThrottle({ pairLimit: 5, accountLimit: 100, windowSeconds: 60, baseDelayMs: 0, limiter: stores.limiter });
    const claim = await throttle.claim('buyer@example.test', '10.0.0.1').then(
      () => null,
      (err: unknown) => err,
    );
    expect(isStoreUnavailable(claim)).toBe(true);
    await expect(createFailureDelays({ baseMs: 100, windowMs: 1000, counters: stores.counters('delay') }).delayFor('k')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
