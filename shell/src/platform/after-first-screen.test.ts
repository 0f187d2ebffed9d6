// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_SCREEN_DEADLINE_MS } from './after-first-screen';

/** A window still loading, whose idle callbacks and timers the test runs by hand. */
function loadingWindow() {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    document: { readyState: 'loading' },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (callback: () => void, ms: number) => {
      expect(ms).toBe(FIRST_SCREEN_DEADLINE_MS);
      return timers.push(callback);
    },
    clearTimeout: () => undefined,
  };
  return { win: win as unknown as Window, idle, timers };
}

describe('afterFirstScreen', () => {
  it('waits for the load event and then for an idle main thread, and runs once', () => {
    const { win, idle, timers } = loadingWindow();
    const task = vi.fn();
    afterFirstScreen(task, win);
    expect(idle).toHaveLength(0);
    win.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
    // Neither a later action nor the deadline runs it again.
    win.dispatchEvent(new Event('pointerdown'));
    timers.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the visitor\'s first action, or at the deadline, if the page is still loading', () => {
    const acted = loadingWindow();
    const first = vi.fn();
    afterFirstScreen(first, acted.win);
    acted.win.dispatchEvent(new Event('keydown'));
    expect(first).toHaveBeenCalledTimes(1);

    const slow = loadingWindow();
    const second = vi.fn();
    afterFirstScreen(second, slow.win);
    expect(second).not.toHaveBeenCalled();
    slow.timers.forEach((callback) => callback());
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('waits only for idle on a page that has loaded already', () => {
    const { win, idle } = loadingWindow();
    (win.document as { readyState: string }).readyState = 'complete';
    const task = vi.fn();
    afterFirstScreen(task, win);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
