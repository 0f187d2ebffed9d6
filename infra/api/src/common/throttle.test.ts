import { describe, expect, it } from 'vitest';
import { createFailureDelays, failureDelayMs, MAX_FAILURE_DELAY_MS } from './throttle';

describe('growing delays', () => {
  it('lets two failures pass, then doubles the delay per failure up to a cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => failureDelayMs(n, 250))).toEqual([0, 0, 0, 250, 500, 1000, 2000]);
    expect(failureDelayMs(40, 250)).toBe(MAX_FAILURE_DELAY_MS);
    expect(failureDelayMs(10, 0)).toBe(0);
  });

  it('counts per key, takes the worst key, forgets after the window and on success', async () => {
    let now = 0;
    const slept: number[] = [];
    const delays = createFailureDelays({ baseMs: 100, windowMs: 1000, now: () => now, sleep: async (ms) => void slept.push(ms) });
    for (let i = 0; i < 4; i++) await delays.recordFailure('user:a', 'ip:1');
    await delays.recordFailure('ip:1');
    expect(await delays.delayFor('user:a')).toBe(200);
    expect(await delays.delayFor('user:b', 'ip:1')).toBe(400);
    await delays.wait('user:a', 'ip:1');
    expect(slept).toEqual([400]);
    await delays.reset('user:a');
    expect(await delays.delayFor('user:a')).toBe(0);
    now = 1001;
    expect(await delays.delayFor('ip:1')).toBe(0);
  });
});
