import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, LOADING_BAR, type Progress } from './loading-bar';

function fakeProgress() {
  let started = false;
  const calls: string[] = [];
  const progress: Progress & { calls: string[] } = {
    calls,
    configure: vi.fn() as unknown as Progress['configure'],
    start: (() => {
      started = true;
      calls.push('start');
    }) as Progress['start'],
    set: ((n: number) => {
      calls.push(`set:${n}`);
    }) as Progress['set'],
    remove: () => {
      started = false;
      calls.push('remove');
    },
    isStarted: () => started,
  };
  return progress;
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('the loading bar', () => {
  it('has the constants of the spec', () => {
    expect(LOADING_BAR).toEqual({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3, color: '#E94935' });
  });

  it('configures NProgress for the spec: no spinner, creeping over 2000 ms, resetting in 400 ms', () => {
    const progress = fakeProgress();
    createLoadingBar(progress);
    expect(progress.configure).toHaveBeenCalledWith(expect.objectContaining({ showSpinner: false, trickleSpeed: 200, speed: 400 }));

  });

  it('shows nothing for a load shorter than the 200 ms throttle', () => {
    const progress = fakeProgress();
    const bar = createLoadingBar(progress);
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(progress.calls).toEqual([]);
  });

  it('appears after 200 ms, stays full for 500 ms after the load, then resets 400 ms later', () => {
    const progress = fakeProgress();
    const bar = createLoadingBar(progress);
    bar.start();
    vi.advanceTimersByTime(200);
    expect(progress.calls).toEqual(['start']);
    bar.finish();
    expect(progress.calls).toEqual(['start', 'set:0.999']);
    vi.advanceTimersByTime(499);
    expect(progress.calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(progress.calls).toEqual(['start', 'set:0.999', 'set:1']);
    vi.advanceTimersByTime(400);
    expect(progress.calls.at(-1)).toBe('remove');
  });

  it('runs one bar for overlapping loads and finishes with the last', () => {
    const progress = fakeProgress();
    const bar = createLoadingBar(progress);
    bar.start();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(progress.calls).toEqual(['start']);
    bar.finish();
    expect(progress.calls).toEqual(['start', 'set:0.999']);
    expect(bar.active).toBe(0);
    bar.finish();
    expect(bar.active).toBe(0);
  });
});
