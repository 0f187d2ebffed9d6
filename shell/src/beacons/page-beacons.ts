import { mountOfPath } from '../federation/mount-of-path';
import { afterFirstScreen } from '../platform/after-first-screen';
import type * as PageReporter from './page-reporter';

// The start-up half of the page's reports (decision 072): what every page carries is these few lines;
// the reporter (batching, labels, sending) is its own chunk, fetched with the first thing to report,
// and web-vitals another, fetched after the first screen of a sampled page view only (decision 068).

/** Share of page views that report their web vitals (errors are always reported). */
export const VITALS_SAMPLE_RATE = 0.1;
/** How long after the first screen a sampled page view fetches web-vitals; it reads the buffered entries. */
export const VITALS_LOAD_DELAY_MS = 5_000;

let reporter: Promise<typeof PageReporter> | undefined;
const withReporter = (use: (module: typeof PageReporter) => void) => {
  // A chunk that cannot be fetched loses the report, never breaks the page.
  void (reporter ??= import('./page-reporter')).then(use, () => undefined);
};

/** The remote whose routes a path shows (`/nl/my-orders/…` → orders), if any. */
export const remoteOfPath = (pathname: string): string | undefined => mountOfPath(pathname)?.remote;

/** A remote could not be loaded: the buyer sees its unavailable panel. */
export const reportRemoteFailure = (remote: string) => withReporter((r) => r.report(remote, { kind: 'remote-load-failure' }));
/** A remote's error boundary caught a render error. */
export const reportBoundaryError = (remote: string) => withReporter((r) => r.report(remote, { kind: 'boundary-error' }));

/**
 * Draws whether this page view reports its web vitals: a remote's page, at VITALS_SAMPLE_RATE. A
 * sampled one fetches the reporter and web-vitals a while after its first screen.
 */
export function startBeacons(win: Window & typeof globalThis = window, random = Math.random): boolean {
  const landing = remoteOfPath(win.location.pathname);
  if (!landing || random() >= VITALS_SAMPLE_RATE) return false;
  afterFirstScreen(() => win.setTimeout(() => withReporter((r) => r.startVitals(landing, win)), VITALS_LOAD_DELAY_MS), win);
  return true;
}
