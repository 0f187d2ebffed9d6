// Decoy codes shared in Redis (decision 023): an address without an open code answers the same
// whichever instance is asked, and a Redis that cannot be reached refuses. Fails without Redis.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis, StoreUnavailableError } from '../../../common/redis';
import { deletePrefix, requireRedis, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/twin-apps';
import { createDecoyCodes } from './decoy-codes';

const prefix = uniquePrefix('decoys');
let admin: Redis;
let one: Redis;
let two: Redis;

beforeAll(async () => {
  admin = await requireRedis();
  one = openRedis(TEST_REDIS_URL)!;
  two = openRedis(TEST_REDIS_URL)!;
});
afterAll(async () => {
  await deletePrefix(admin, prefix);
  await Promise.all([closeRedis(one), closeRedis(two)]);
  admin.disconnect();
});

describe('decoy codes', () => {
  it('answer the same in memory as in Redis', async () => {
    for (const decoys of [createDecoyCodes({ maxAttempts: 1, ttlMs: 60_000 }), createDecoyCodes({ maxAttempts: 1, ttlMs: 60_000, redis: { client: one, prefix } })]) {
      expect(await decoys.attempt('same@example.test')).toBe('CODE_INVALID');
      expect(await decoys.attempt('same@example.test')).toBe('CODE_TOO_MANY_ATTEMPTS');
    }
  });

  it('count the attempts of every instance together, start afresh on renew, and expire', async () => {
    const settings = { maxAttempts: 2, ttlMs: 60_000 };
    const a = createDecoyCodes({ ...settings, redis: { client: one, prefix } });
    const b = createDecoyCodes({ ...settings, redis: { client: two, prefix } });
    expect(await a.attempt('nobody@example.test')).toBe('CODE_INVALID');
    expect(await b.attempt('nobody@example.test')).toBe('CODE_INVALID');
    expect(await a.attempt('nobody@example.test')).toBe('CODE_TOO_MANY_ATTEMPTS');
    await b.renew('nobody@example.test');
    expect(await a.attempt('nobody@example.test')).toBe('CODE_INVALID');
    let now = Date.now();
    const late = createDecoyCodes({ ...settings, now: () => now, redis: { client: two, prefix } });
    expect(await late.attempt('later@example.test')).toBe('CODE_INVALID');
    now += 60_001;
    expect(await late.attempt('later@example.test')).toBe('CODE_EXPIRED');
  });

  it('refuse when Redis cannot be reached', async () => {
    // Nothing listens there (a port of this helper's range that no test binds).
    const down = openRedis('redis://127.0.0.1:2537')!;
    try {
      await expect(createDecoyCodes({ maxAttempts: 2, ttlMs: 1000, redis: { client: down, prefix } }).attempt('a@b.test')).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await closeRedis(down);
    }
  });
});
