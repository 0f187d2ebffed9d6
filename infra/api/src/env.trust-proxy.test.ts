// TRUST_PROXY: the proxies whose X-Forwarded-For is believed. Behind one nginx the instances trust
// only its address, so a client's own X-Forwarded-For value is never taken for its address.
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('TRUST_PROXY', () => {
  it('is off by default, on for every hop with true, and a list of addresses or ranges otherwise', () => {
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses what is neither', () => {
    for (const bad of ['nginx', '127.0.0.1/abc', '300.1.1.1', '2']) expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
