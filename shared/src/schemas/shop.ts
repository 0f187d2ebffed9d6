// `@portal/shared/schemas/shop`: what the catalogue and the cart show and validate (products, stock,
// prices, the catalogue API, the user's price preference), without the phone and VAT validators
// (~33 KB gzip) that only registration and profiles need (docs/decisions/001). The full
// `@portal/shared/schemas` exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './shops';
export * from './money';
export * from './stock';
export * from './product';
export * from './catalog';
export * from './catalog-first-page';
export * from './cart';
export * from './preferences';
export * from './order-list';
