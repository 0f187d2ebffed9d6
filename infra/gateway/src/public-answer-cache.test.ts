import { describe, expect, it } from 'vitest';
import type { ApiGet } from './first-screen-data';
import { cachePublicAnswers, publicMaxAgeMs } from './public-answer-cache';

/** An API whose answers carry `cacheControl`, counting the calls that reach it. */
function api(cacheControl: string | undefined, statusCode = 200) {
  let calls = 0;
  const get: ApiGet = async (url) => {
    calls += 1;
    return { statusCode, body: `${url} #${calls}`, headers: cacheControl ? { 'cache-control': cacheControl } : {} };
  };
  return { get, calls: () => calls };
}

describe('publicMaxAgeMs', () => {
  it('is the max-age of a public answer, and 0 for anything a shared cache may not keep', () => {
    expect(publicMaxAgeMs('public, max-age=60')).toBe(60_000);
    expect(publicMaxAgeMs('Public, S-MaxAge=30')).toBe(30_000);
    expect(publicMaxAgeMs('private, no-store')).toBe(0);
    expect(publicMaxAgeMs('public, no-cache, max-age=60')).toBe(0);
    expect(publicMaxAgeMs('max-age=60')).toBe(0);
    expect(publicMaxAgeMs('public')).toBe(0);
    expect(publicMaxAgeMs(undefined)).toBe(0);
  });
});

describe('cachePublicAnswers', () => {
  it('answers the same URL and headers from memory until the max-age has passed', async () => {
    let clock = 0;
    const { get, calls } = api('public, max-age=60');
    const cached = cachePublicAnswers(get, { now: () => clock });
    const headers = { 'x-shop-type': 'medical', 'accept-language': 'nl-BE' };
    const first = await cached('/api/v1/catalog/products', headers);
    clock = 59_000;
    expect((await cached('/api/v1/catalog/products', headers)).body).toBe(first.body);
    expect(calls()).toBe(1);
    // Another language or shop is another answer.
    await cached('/api/v1/catalog/products', { ...headers, 'accept-language': 'fr-FR' });
    expect(calls()).toBe(2);
    clock = 60_001;
    expect((await cached('/api/v1/catalog/products', headers)).body).not.toBe(first.body);
    expect(calls()).toBe(3);
  });

  it('shares one call between identical requests in flight', async () => {
    const { get, calls } = api('public, max-age=60');
    const cached = cachePublicAnswers(get);
    await Promise.all([cached('/a'), cached('/a'), cached('/a')]);
    expect(calls()).toBe(1);
  });

  it('never keeps an answer that is not public, an error, or a failed call', async () => {
    for (const { get, calls } of [api('private, no-store'), api(undefined), api('public, max-age=60', 503)]) {
      const cached = cachePublicAnswers(get);
      await cached('/a');
      await cached('/a');
      expect(calls()).toBe(2);
    }
    let failures = 0;
    const failing = cachePublicAnswers(async () => {
      failures += 1;
      throw new Error('down');
    });
    await expect(failing('/a')).rejects.toThrow('down');
    await expect(failing('/a')).rejects.toThrow('down');
    expect(failures).toBe(2);
  });

  it('keeps at most maxEntries answers, the least recently used leaving first', async () => {
    const { get, calls } = api('public, max-age=60');
    const cached = cachePublicAnswers(get, { maxEntries: 2 });
    await cached('/a');
    await cached('/b');
    await cached('/a'); // /a is now the most recently used
    await cached('/c'); // /b leaves
    expect(calls()).toBe(3);
    await cached('/a');
    expect(calls()).toBe(3);
    await cached('/b');
    expect(calls()).toBe(4);
  });
});
