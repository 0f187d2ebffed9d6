// The bar the loading bar drives: the part of NProgress 0.2 the portal used (configure, start, set,
// remove, isStarted; the same `#nprogress` markup, so loading-bar.css is unchanged): 1.0 KB of
// main.js (0.3 gzip) instead of its 3.9 (1.1 gzip), on every page (decision 093). Positions are
// translate3d, as NProgress chose for every current browser; the bar creeps as NProgress's trickle.

export interface ProgressSettings {
  minimum: number;
  /** The bar's markup inside `#nprogress`. */
  template: string;
  barSelector: string;
  /** Milliseconds between two creeping steps. */
  trickleSpeed: number;
  /** Milliseconds of a move, and of the fade-out at the end. */
  speed: number;
  showSpinner: boolean;
}

export interface Progress {
  configure(options: Partial<ProgressSettings>): Progress;
  start(): Progress;
  set(n: number): Progress;
  remove(): void;
  isStarted(): boolean;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** NProgress's trickle: big steps at first, smaller as the bar nears the end, never past 99.4 %. */
function trickleStep(status: number): number {
  if (status < 0.2) return 0.1;
  if (status < 0.5) return 0.04;
  if (status < 0.8) return 0.02;
  if (status < 0.99) return 0.005;
  return 0;
}

/** `doc` is read at the first render: the module is imported where there is no DOM (unit tests). */
export function createProgressBar(doc: () => Document = () => document): Progress {
  const settings: ProgressSettings = {
    minimum: 0.08,
    template: '<div class="bar"><div class="peg"></div></div>',
    barSelector: '.bar',
    trickleSpeed: 200,
    speed: 200,
    showSpinner: false,
  };
  let status: number | null = null;
  let root: HTMLElement | null = null;

  const render = (): HTMLElement => {
    if (root) return root;
    root = doc().createElement('div');
    root.id = 'nprogress';
    root.innerHTML = settings.template;
    const bar = root.querySelector<HTMLElement>(settings.barSelector);
    if (bar) {
      bar.style.transition = 'all 0 linear';
      bar.style.transform = 'translate3d(-100%,0,0)';
    }
    doc().body.appendChild(root);
    return root;
  };

  const progress: Progress = {
    configure(options) {
      Object.assign(settings, options);
      return progress;
    },
    isStarted: () => typeof status === 'number',
    set(value) {
      const n = clamp(value, settings.minimum, 1);
      status = n === 1 ? null : n;
      const element = render();
      const bar = element.querySelector<HTMLElement>(settings.barSelector);
      void element.offsetWidth; // a layout first, so that the move is animated
      if (bar) {
        bar.style.transition = `all ${settings.speed}ms ease`;
        bar.style.transform = `translate3d(${(n - 1) * 100}%,0,0)`;
      }
      if (n === 1) {
        // Full, then fading out, then gone.
        setTimeout(() => {
          element.style.transition = `all ${settings.speed}ms linear`;
          element.style.opacity = '0';
          setTimeout(() => progress.remove(), settings.speed);
        }, settings.speed);
      }
      return progress;
    },
    start() {
      if (!status) progress.set(0);
      const creep = () =>
        setTimeout(() => {
          if (!status) return;
          progress.set(status + trickleStep(status));
          creep();
        }, settings.trickleSpeed);
      creep();
      return progress;
    },
    remove() {
      status = null;
      root?.remove();
      root = null;
    },
  };
  return progress;
}
