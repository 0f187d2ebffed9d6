import { describe, expect, it } from 'vitest';
import { MAX_CONCURRENT_PRELOADS, preload } from './preload-queue';

describe('route preloads', () => {
  it('run at most four at once, and each key once', async () => {
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const load = () =>
      new Promise<void>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    for (let i = 0; i < 7; i++) preload(`remote-${i}`, load);
    preload('remote-0', load);
    await new Promise((r) => setTimeout(r, 0));
    expect(MAX_CONCURRENT_PRELOADS).toBe(4);
    expect(running).toBe(4);
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(peak).toBe(4);
    expect(running).toBe(0);
  });
});
