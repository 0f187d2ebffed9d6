import { BEACON_REMOTES, BEACON_VERSION_PATTERN } from '@portal/shared/schemas/beacon-labels';
import type { BeaconEvent, VitalName } from '@portal/shared/schemas/platform';
import { remoteRelease } from '../federation/registry';
import { createBeaconReporter } from './beacon-reporter';
import { remoteOfPath } from './page-beacons';
import { sendBeacon } from './send-beacon';

// The page's reporter (decision 072), a chunk of its own: fetched with the first report.

const page = createBeaconReporter({ send: sendBeacon, isHidden: () => document.visibilityState === 'hidden' });
addEventListener('pagehide', page.flush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') page.flush();
});

type What = { kind: 'remote-load-failure' | 'boundary-error' } | { kind: 'vital'; name: VitalName; value: number };

/**
 * Queues one event of `remote`, labelled with its name when it is one of the known remotes, the build
 * the page runs (`unknown` when it is not a published build's) and the release group. Nothing else:
 * no person, no URL, no message.
 */
export function report(remote: string, what: What): void {
  if (!(BEACON_REMOTES as readonly string[]).includes(remote)) return;
  const { version, release } = remoteRelease(remote);
  page.report({ ...what, remote: remote as BeaconEvent['remote'], version: version.length <= 48 && BEACON_VERSION_PATTERN.test(version) ? version : 'unknown', release });
}

/**
 * A sampled page view's vitals: LCP for the remote it landed on, INP and CLS for the remote shown
 * when the browser gives them (on hiding or leaving the page).
 */
export function startVitals(landing: string, win: Window = window): void {
  void import('./web-vitals').then(
    ({ observeVitals }) => {
      observeVitals((name, value) => report(name === 'LCP' ? landing : (remoteOfPath(win.location.pathname) ?? landing), { kind: 'vital', name, value }));
      // A state to wait for (the canary journey, an operator in the devtools): this view reports its vitals when it is left.
      win.document.documentElement.dataset.vitals = 'observed';
    },
    () => undefined,
  );
}
