// The periodic job: failed passes are retried later and later, a good pass resets the pace, and
// stop() waits for the pass in flight (decision 023). Fake timers: no test waits for real time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob, MAX_BACKOFF_FACTOR, nextDelayMs } from './jobs';

const silent = { info() {}, error() {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('periodic jobs', () => {
  it('doubles the wait after each failed pass, up to a cap', () => {
    expect([0, 1, 2, 3].map((n) => nextDelayMs(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(nextDelayMs(1000, 40)).toBe(1000 * MAX_BACKOFF_FACTOR);
  });

  it('retries a failing pass with backoff and returns to the interval after a good one', async () => {
    vi.useFakeTimers();
    const outcomes = [false, false, true, true];
    const runs: number[] = [];
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 1000,
      log: silent,
      run: async () => {
        runs.push(Date.now());
        if (!outcomes.shift()) throw new Error('database away');
        return 1;
      },
    });
    const start = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 1000);
    expect(runs.map((t) => t - start)).toEqual([1000, 3000, 7000, 8000]);
    await job.stop();
  });

  it('stop() waits for the pass in flight and runs no more', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    let passes = 0;
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 1000,
      log: silent,
      run: () => {
        passes++;
        return new Promise<number>((resolve) => (finish = () => resolve(1)));
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(1);
  });
});
