// `@portal/shared/schemas/platform`: the platform's own contracts (tokens, problems, registry,
// translations, route rules), without the entity schemas and their phone and VAT libraries, so the
// shell can validate what it reads at start without downloading ~40 KB gzip of validators
// (docs/decisions/001). Server-safe: no React.
export * from './oauth';
export * from './problem';
export * from './registry';
// The shell's reports on its remotes (decision 072): their types only. The constants are
// `@portal/shared/schemas/beacon-labels`, not shared, bundled into the shell's lazy reporter chunk:
// a shared entry is not tree-shaken, and this one is in every page's start-up files.
export type { BeaconBatch, BeaconEvent, BeaconResult } from './beacons';
export type { PortalRelease, VitalName } from './beacon-labels';
export * from './translations';
export * from './route-rules';
export * from './roles';
// The header's organisation picker (decision 057) reads these on every page of a contract buyer.
export * from './organisation-switch';
