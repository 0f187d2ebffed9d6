import { describe, expect, it } from 'vitest';
import { checkReadiness } from './readiness';

const up = { ping: async () => undefined };
const down = { ping: async () => Promise.reject(new Error('ECONNREFUSED')) };
const hung = { ping: () => new Promise<never>(() => undefined) };

describe('readiness', () => {
  it('is ready when the database answers and no Redis is configured', async () => {
    expect(await checkReadiness({ closing: false, database: up, redis: undefined, timeoutMs: 1_000 })).toEqual({ ready: true, redis: 'not configured' });
  });

  it('is ready when the database and Redis answer', async () => {
    expect(await checkReadiness({ closing: false, database: up, redis: up, timeoutMs: 1_000 })).toEqual({ ready: true, redis: 'ok' });
  });

  it('is not ready while shutting down, whatever the dependencies say', async () => {
    expect(await checkReadiness({ closing: true, database: up, redis: up, timeoutMs: 1_000 })).toMatchObject({ ready: false, reason: 'closing' });
  });

  it('is not ready when the database or Redis fails', async () => {
    expect(await checkReadiness({ closing: false, database: down, redis: up, timeoutMs: 1_000 })).toMatchObject({ ready: false, reason: 'database' });
    expect(await checkReadiness({ closing: false, database: up, redis: down, timeoutMs: 1_000 })).toMatchObject({ ready: false, reason: 'redis' });
  });

  it('is not ready when a dependency hangs: the probe times out instead of hanging', async () => {
    expect(await checkReadiness({ closing: false, database: up, redis: hung, timeoutMs: 50 })).toMatchObject({ ready: false, reason: 'redis' });
    expect(await checkReadiness({ closing: false, database: hung, redis: undefined, timeoutMs: 50 })).toMatchObject({ ready: false, reason: 'database' });
  });
});
