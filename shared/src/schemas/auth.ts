// `@portal/shared/schemas/auth`: what the sign-in, verification and password screens validate,
// without the phone and VAT validators (~40 KB gzip) that only registration needs
// (docs/decisions/001). The full `@portal/shared/schemas` exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './api-errors';
export * from './password';
export * from './auth-forms';
export * from './auth-api';
