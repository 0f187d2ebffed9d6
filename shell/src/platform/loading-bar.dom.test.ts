// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createLoadingBar } from './loading-bar';
import { createProgressBar } from './progress-bar';

describe('the loading bar in a page', () => {
  it('renders a decorative bar and removes it after the load', () => {
    vi.useFakeTimers();
    const bar = createLoadingBar(createProgressBar());
    bar.start();
    vi.advanceTimersByTime(250);
    const element = document.querySelector('#nprogress .bar');
    expect(element).not.toBeNull();
    expect(element?.getAttribute('aria-hidden')).toBe('true');
    expect(element?.getAttribute('role')).toBeNull();
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(document.querySelector('#nprogress')).toBeNull();
    vi.useRealTimers();
  });
});
