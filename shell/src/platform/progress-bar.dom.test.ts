// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressBar } from './progress-bar';

const bar = () => document.querySelector<HTMLElement>('#nprogress .bar');
const position = () => Number(/translate3d\((-?[\d.]+)%/.exec(bar()?.style.transform ?? '')?.[1]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe("the loading bar's bar (NProgress's calls, decision 093)", () => {
  it('starts at the minimum and creeps towards the end without reaching it', () => {
    const progress = createProgressBar().configure({ minimum: 0.08, trickleSpeed: 200, template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });
    progress.start();
    expect(progress.isStarted()).toBe(true);
    expect(position()).toBeCloseTo(-92);
    expect(bar()?.getAttribute('aria-hidden')).toBe('true');
    vi.advanceTimersByTime(200);
    const first = position();
    expect(first).toBeGreaterThan(-92);
    vi.advanceTimersByTime(60_000);
    expect(position()).toBeGreaterThan(first);
    expect(position()).toBeLessThan(0);
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
  });

  it('fills, fades out and leaves the page once set to the end', () => {
    const progress = createProgressBar().configure({ speed: 400 });
    progress.start();
    progress.set(1);
    expect(progress.isStarted()).toBe(false);
    expect(position()).toBe(0);
    vi.advanceTimersByTime(400);
    expect(document.querySelector<HTMLElement>('#nprogress')?.style.opacity).toBe('0');
    vi.advanceTimersByTime(400);
    expect(document.querySelector('#nprogress')).toBeNull();
  });

  it('is gone at once on remove', () => {
    const progress = createProgressBar();
    progress.start();
    progress.remove();
    expect(progress.isStarted()).toBe(false);
    expect(document.querySelector('#nprogress')).toBeNull();
  });
});
