// `@portal/shared/schemas/scan`: scan to order's GTIN helpers and lookup (issue 42, decision 075), an
// entry of its own so that `schemas/shop`, on every catalogue and checkout first screen, does not
// carry them (decision 068): only quick order loads this one.
export * from './gtin';
export * from './scan';
