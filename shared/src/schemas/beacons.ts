import * as v from 'valibot';
import { BEACON_LIMITS, BEACON_REMOTES, BEACON_VERSION_PATTERN, PORTAL_RELEASES, VITAL_NAMES } from './beacon-labels';

// What the shell reports about itself (decision 072): a remote that failed to load, an error its
// boundary caught, the first screen's web vitals. Each event names the remote, its build and the
// browser's release group, and nothing about the person: no ids, no address, no URL, no message.

/**
 * A published build (`<package version>-<10 hex of its content hash>`, infra/deploy/src/version.ts),
 * or `unknown`. Stricter than the registry's BuildVersionSchema: a label value, so no free text.
 */
export const BeaconVersionSchema = v.pipe(v.string(), v.maxLength(48), v.regex(BEACON_VERSION_PATTERN, 'a version is a published build'));

const labels = {
  remote: v.picklist(BEACON_REMOTES),
  version: BeaconVersionSchema,
  release: v.picklist(PORTAL_RELEASES),
};

/** One event of a batch. */
export const BeaconEventSchema = v.variant('kind', [
  /** A remote's manifest, entry or exposed module could not be loaded: the buyer saw the unavailable panel. */
  v.strictObject({ kind: v.literal('remote-load-failure'), ...labels }),
  /** A remote's error boundary caught a render error. */
  v.strictObject({ kind: v.literal('boundary-error'), ...labels }),
  /** One web vital of the page's first remote: LCP and INP in ms (at most 10 min), CLS unitless (at most 100). */
  v.strictObject({
    kind: v.literal('vital'),
    ...labels,
    name: v.picklist(VITAL_NAMES),
    value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000)),
  }),
]);
export type BeaconEvent = v.InferOutput<typeof BeaconEventSchema>;

/** POST /api/v1/beacons: a batch of events. */
export const BeaconBatchSchema = v.strictObject({
  events: v.pipe(v.array(BeaconEventSchema), v.minLength(1), v.maxLength(BEACON_LIMITS.events)),
});
export type BeaconBatch = v.InferOutput<typeof BeaconBatchSchema>;

/** The answer to a batch: how many events were counted, and how many dropped (a build no longer live). */
export const BeaconResultSchema = v.object({ accepted: v.number(), dropped: v.number() });
export type BeaconResult = v.InferOutput<typeof BeaconResultSchema>;
