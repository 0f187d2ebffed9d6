// `@portal/shared/schemas/platform`: the platform's own contracts (tokens, problems, registry,
// translations, route rules), without the entity schemas and their phone and VAT libraries, so the
// shell can validate what it reads at start without downloading ~40 KB gzip of validators
// (docs/decisions/001). Server-safe: no React.
export * from './oauth';
export * from './problem';
export * from './registry';
export * from './translations';
export * from './route-rules';
export * from './roles';
