// `@portal/shared/schemas/orders`: what my orders and the quotations show and validate (orders,
// their history, messages and documents, quotations, order again, invoices), without the phone and VAT
// validators: an order's addresses are response shapes whose phone the API normalised already
// (docs/decisions/021). The full `@portal/shared/schemas` exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './api-errors';
export * from './roles';
export * from './shops';
export * from './money';
export * from './stock';
export * from './product';
export * from './cart';
export * from './catalog';
export * from './address-shape';
export * from './order';
export * from './order-history';
export * from './order-messages';
export * from './quotation';
export * from './order-list';
export * from './invoices';
export * from './approvals';
// The staff's page of failed deliveries (decision 083): e-invoices and Despatch Advices, and their retry.
export * from './invoice-delivery';
