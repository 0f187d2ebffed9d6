// When the page's first screen is shown, for work that must not compete with it (decision 027: the
// visitor's anonymous grant). "Shown" is read as: the window's load event has fired, then the network
// has been quiet for QUIET_MS (no resource finished: the route's page chunk, its first data, are
// fetched after the load event when a script inserts them in a gap), then the main thread is idle.
// A visitor who acts first (a key, a tap) does not wait for that, and nobody waits longer than
// FIRST_SCREEN_DEADLINE_MS after start (a slow image or a polling page would hold it back).

import { FIRST_SCREEN_SHOWN_MARK } from '@portal/shared/routing';

/** The latest moment after start at which the task runs, whatever the page is doing. */
export const FIRST_SCREEN_DEADLINE_MS = 8_000;

/** How long no resource may have finished before the network counts as quiet. */
export const QUIET_MS = 500;

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** Runs `task` once, after the first screen (or the visitor's first action, or the deadline). */
export function afterFirstScreen(task: () => void, win: Window & typeof globalThis = window): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  let quiet: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    win.clearTimeout(deadline);
    win.clearTimeout(quiet);
    observer?.disconnect();
    win.removeEventListener('load', afterLoad);
    for (const type of INTERACTIONS) win.removeEventListener(type, run, true);
    task();
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 1_000 });
    else win.setTimeout(run, 0);
  };
  function afterLoad() {
    if (typeof win.PerformanceObserver !== 'function') return whenIdle();
    const restart = () => {
      win.clearTimeout(quiet);
      quiet = win.setTimeout(() => {
        observer?.disconnect();
        whenIdle();
      }, QUIET_MS);
    };
    const resources = new win.PerformanceObserver(restart);
    resources.observe({ type: 'resource' });
    observer = resources;
    restart();
  }
  for (const type of INTERACTIONS) win.addEventListener(type, run, true);
  const deadline = win.setTimeout(run, FIRST_SCREEN_DEADLINE_MS);
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}

/**
 * Marks the moment the first screen is shown in the page's performance timeline (FIRST_SCREEN_SHOWN_MARK):
 * the first-screen weighing (infra/e2e/first-screen-weight.ts) counts only what started before it, and
 * an operator sees it in the devtools' timeline. Every page sets it, whether anything waits for it or not.
 */
export function markFirstScreen(win: Window & typeof globalThis = window): void {
  afterFirstScreen(() => win.performance.mark(FIRST_SCREEN_SHOWN_MARK), win);
}
