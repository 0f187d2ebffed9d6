// The browser's reports as Prometheus metrics on prom-client's default registry (decision 072): the
// metrics endpoint serves that registry; this file only registers. Labels are bounded: the remote is
// one of the known set, the version a published build the gate let through, the release two values.
import { Counter, Histogram, register, type Metric } from 'prom-client';
import type { BeaconEvent, VitalName } from '@portal/shared/schemas';

export const BEACON_LABELS = ['remote', 'version', 'release'] as const;
type Label = (typeof BEACON_LABELS)[number];
export type BeaconLabels = Record<Label, string>;

/** The metric names, for the canary judge, the alert rules and the tests. */
export const BEACON_METRICS = {
  loadFailures: 'portal_browser_remote_load_failures_total',
  errors: 'portal_browser_errors_total',
  lcp: 'portal_browser_lcp_seconds',
  inp: 'portal_browser_inp_seconds',
  cls: 'portal_browser_cls',
  beacons: 'portal_browser_beacons_total',
  dropped: 'portal_browser_beacon_events_dropped_total',
} as const;

// One instance per process: a second app in the same process (the tests, two apps in one test) finds
// the metric already registered and uses it, as prom-client refuses a name twice.
function once<M extends Metric>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

const counter = (name: string, help: string) => once(name, () => new Counter<Label>({ name, help, labelNames: BEACON_LABELS }));
const histogram = (name: string, help: string, buckets: number[]) =>
  once(name, () => new Histogram<Label>({ name, help, labelNames: BEACON_LABELS, buckets }));

/** Registers the metrics (idempotent) and returns the one way to count an accepted event. */
export function createBeaconMetrics() {
  const loadFailures = counter(BEACON_METRICS.loadFailures, 'Remotes that failed to load in a browser (manifest, entry or exposed module): the buyer saw the unavailable panel.');
  const errors = counter(BEACON_METRICS.errors, "Render errors caught by a remote's error boundary in a browser.");
  // Buckets around the "good" thresholds of web.dev: LCP 2.5 s, INP 200 ms, CLS 0.1.
  const vitals: Record<VitalName, { metric: Histogram<Label>; scale: number }> = {
    LCP: { metric: histogram(BEACON_METRICS.lcp, 'Largest contentful paint of the first screen, seconds (sampled page views).', [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20]), scale: 1 / 1000 },
    INP: { metric: histogram(BEACON_METRICS.inp, 'Interaction to next paint of a page view, seconds (sampled page views).', [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5]), scale: 1 / 1000 },
    CLS: { metric: histogram(BEACON_METRICS.cls, 'Cumulative layout shift of a page view, unitless (sampled page views).', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]), scale: 1 },
  };
  const beacons = once(BEACON_METRICS.beacons, () => new Counter<'outcome'>({
    name: BEACON_METRICS.beacons,
    help: 'Beacon batches received: `accepted`, or the 4xx status they were refused with (413 too large, 400 malformed or invalid, 415 wrong type, 429 flooding).',
    labelNames: ['outcome'],
  }));
  const dropped = once(BEACON_METRICS.dropped, () => new Counter<'reason'>({
    name: BEACON_METRICS.dropped,
    help: 'Events of accepted batches not counted: `version` (not a live or canary build of its remote).',
    labelNames: ['reason'],
  }));

  return {
    /** Counts one validated event under its labels. */
    count(event: BeaconEvent): void {
      const labels: BeaconLabels = { remote: event.remote, version: event.version, release: event.release };
      if (event.kind === 'remote-load-failure') loadFailures.inc(labels);
      else if (event.kind === 'boundary-error') errors.inc(labels);
      else vitals[event.name].metric.observe(labels, event.value * vitals[event.name].scale);
    },
    batch(outcome: 'accepted' | number): void {
      beacons.inc({ outcome: String(outcome) });
    },
    dropped(reason: 'version', events: number): void {
      if (events > 0) dropped.inc({ reason }, events);
    },
  };
}

export type BeaconMetrics = ReturnType<typeof createBeaconMetrics>;
