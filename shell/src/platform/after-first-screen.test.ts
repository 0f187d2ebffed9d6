// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_SHOWN_MARK } from '@portal/shared/routing';
import { afterFirstScreen, FIRST_SCREEN_DEADLINE_MS, markFirstScreen, QUIET_MS } from './after-first-screen';

/** A window still loading, whose idle callbacks, timers and resource entries the test drives by hand. */
function loadingWindow() {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const timers = new Map<number, { ms: number; callback: () => void }>();
  let resourceFinished: (() => void) | undefined;
  let nextId = 1;
  const win = {
    document: { readyState: 'loading' },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (callback: () => void, ms: number) => {
      timers.set(nextId, { ms, callback });
      return nextId++;
    },
    clearTimeout: (id: number) => timers.delete(id),
    PerformanceObserver: class {
      constructor(callback: () => void) {
        resourceFinished = callback;
      }
      observe() {}
      disconnect() {
        resourceFinished = undefined;
      }
    },
  };
  /** Runs the pending timers of `ms`. */
  const elapse = (ms: number) => {
    for (const [id, timer] of [...timers]) {
      if (timer.ms !== ms) continue;
      timers.delete(id);
      timer.callback();
    }
  };
  return { win: win as unknown as Window & typeof globalThis, idle, elapse, resource: () => resourceFinished?.() };
}

describe('afterFirstScreen', () => {
  it('waits for the load event, a quiet network and an idle main thread, and runs once', () => {
    const { win, idle, elapse, resource } = loadingWindow();
    const task = vi.fn();
    afterFirstScreen(task, win);
    win.dispatchEvent(new Event('load'));
    // The page chunk, inserted after the load event, finishes: the quiet window starts again.
    resource();
    expect(idle).toHaveLength(0);
    elapse(QUIET_MS);
    expect(idle).toHaveLength(1);
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
    // Neither a later action nor the deadline runs it again.
    win.dispatchEvent(new Event('pointerdown'));
    elapse(FIRST_SCREEN_DEADLINE_MS);
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
    slow.elapse(QUIET_MS);
    expect(second).not.toHaveBeenCalled();
    slow.elapse(FIRST_SCREEN_DEADLINE_MS);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('waits only for a quiet network and idle on a page that has loaded already', () => {
    const { win, idle, elapse } = loadingWindow();
    (win.document as { readyState: string }).readyState = 'complete';
    const task = vi.fn();
    afterFirstScreen(task, win);
    elapse(QUIET_MS);
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('marks the first screen in the performance timeline once it is shown, and not before', () => {
    const { win, idle, elapse } = loadingWindow();
    const mark = vi.fn();
    Object.assign(win, { performance: { mark } });
    markFirstScreen(win);
    win.dispatchEvent(new Event('load'));
    elapse(QUIET_MS);
    expect(mark).not.toHaveBeenCalled();
    idle[0]!();
    expect(mark).toHaveBeenCalledExactlyOnceWith(FIRST_SCREEN_SHOWN_MARK);
  });
});
