// `@portal/shared/schemas/checkout`: what the checkout steps show and validate (the cart, shipping
// methods, the preview, the checkout itself, the placed order and its payment), without the phone
// and VAT validators (docs/decisions/021). The one step with a phone field (a new address on the
// extra info step) adds `@portal/shared/schemas/phone-forms`. The full entry exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './api-errors';
export * from './money';
export * from './stock';
export * from './product';
export * from './cart';
export * from './address-shape';
export * from './order';
export * from './submitter';
export * from './checkout';
export * from './approvals';
export * from './budgets';
export * from './punchout';
