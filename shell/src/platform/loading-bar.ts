import { createProgressBar, type Progress } from './progress-bar';

/** The loading bar of spec section 9. */
export const LOADING_BAR = {
  /** A load shorter than this shows no bar at all. */
  throttleMs: 200,
  /** Time the bar takes to creep towards the end while a load goes on. */
  durationMs: 2000,
  /** After a load, the full bar stays this long before it fades. */
  hideDelayMs: 500,
  /** Then it is reset to zero after this long. */
  resetDelayMs: 400,
  heightPx: 3,
  color: '#E94935',
} as const;

/** The bar the controller drives (injectable for tests): NProgress's calls, our own code (decision 093). */
export type { Progress } from './progress-bar';

/**
 * Counts loads in progress (pages, remotes, messages) and drives one bar for all of them: it appears
 * only when loading lasts longer than the throttle, and finishes once the last load is done.
 */
// Browsers require setTimeout to be called on the window, not as a method of another object.
const windowTimers = {
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
};

export function createLoadingBar(progress: Progress = createProgressBar(), timers = windowTimers) {
  let active = 0;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  progress.configure({
    showSpinner: false,
    // NProgress's template said role="bar", which is no ARIA role; the bar is decorative.
    template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    barSelector: '.bar',
    minimum: 0.08,
    // The bar creeps on every trickle: ten steps over the expected duration.
    trickleSpeed: LOADING_BAR.durationMs / 10,
    speed: LOADING_BAR.resetDelayMs,
  });
  return {
    start() {
      active += 1;
      if (active > 1) return;
      if (hideTimer) timers.clearTimeout(hideTimer);
      hideTimer = undefined;
      showTimer = timers.setTimeout(() => {
        showTimer = undefined;
        progress.start();
      }, LOADING_BAR.throttleMs);
    },
    finish() {
      if (active === 0) return;
      active -= 1;
      if (active > 0) return;
      if (showTimer) {
        // Finished within the throttle: the bar never appears.
        timers.clearTimeout(showTimer);
        showTimer = undefined;
        return;
      }
      if (!progress.isStarted()) return;
      progress.set(0.999);
      hideTimer = timers.setTimeout(() => {
        hideTimer = undefined;
        progress.set(1);
        timers.setTimeout(() => progress.remove(), LOADING_BAR.resetDelayMs);
      }, LOADING_BAR.hideDelayMs);
    },
    /** Loads in progress (for tests). */
    get active() {
      return active;
    },
  };
}

/** The portal's one loading bar. */
export const loadingBar = createLoadingBar();
