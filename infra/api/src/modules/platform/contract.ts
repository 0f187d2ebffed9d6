// What the platform owner takes from the composition root (decision 065): its ports, as types.

/**
 * Each remote's builds a browser may be running now, `{ catalog: ['0.1.0-…', '0.1.1-…'] }`: the live
 * and the canary version in the deploy store's registry (decision 072). The gateway's process hands
 * it over; undefined when the store cannot be read.
 */
export type LiveVersions = () => Promise<Record<string, readonly string[]> | undefined>;
