// The labels of the shell's reports (decision 072), without their valibot schemas (beacons.ts): the
// shell's start-up code carries these few constants, the API and the tests the schemas.

/** The release group a browser is in for a remote: the gateway's canary bucket (decision 006). */
export const PORTAL_RELEASES = ['stable', 'canary'] as const;
export type PortalRelease = (typeof PORTAL_RELEASES)[number];

/** The remotes a beacon may name: the known set, so a label can never take an unknown value. */
export const BEACON_REMOTES = ['auth', 'catalog', 'checkout', 'orders', 'account'] as const;

/** Version label when the registry could not be read: the one value that is not a build. */
export const UNKNOWN_VERSION = 'unknown';

/** The limits the API holds a beacon to; the shell keeps to them when it batches. */
export const BEACON_LIMITS = {
  /** Bytes of a request body, refused (413) before it is parsed. */
  bodyBytes: 16 * 1024,
  /** Events in one batch. */
  events: 50,
} as const;

/** A published build (`<package version>-<10 hex of its content hash>`) or `unknown`; at most 48 characters. */
export const BEACON_VERSION_PATTERN = /^(?:\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z.]{1,16})?-[0-9a-f]{10}|unknown)$/;

/** The web vitals reported; CLS has no unit, LCP and INP are in milliseconds as the browser measures them. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

