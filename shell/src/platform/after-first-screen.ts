// When the page's first screen is shown, for work that must not compete with it (decision 027: the
// visitor's anonymous grant). "Shown" is read as: the window's load event has fired (it waits for the
// scripts the first screen inserted, the route's page chunk among them) and the main thread is idle.
// A visitor who acts first (a key, a tap) does not wait for that, and neither does anyone for longer
// than FIRST_SCREEN_DEADLINE_MS (a slow image holds the load event back).

/** The latest moment after start at which the task runs, whatever the page is doing. */
export const FIRST_SCREEN_DEADLINE_MS = 5_000;

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** Runs `task` once, after the first screen (or the visitor's first action, or the deadline). */
export function afterFirstScreen(task: () => void, win: Window = window): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    win.clearTimeout(deadline);
    win.removeEventListener('load', whenIdle);
    for (const type of INTERACTIONS) win.removeEventListener(type, run, true);
    task();
  };
  function whenIdle() {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 1_000 });
    else win.setTimeout(run, 0);
  }
  for (const type of INTERACTIONS) win.addEventListener(type, run, true);
  const deadline = win.setTimeout(run, FIRST_SCREEN_DEADLINE_MS);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
