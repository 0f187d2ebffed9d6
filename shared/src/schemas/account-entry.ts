// `@portal/shared/schemas/account`: what the account pages show and validate (profile, email and
// password changes, the organisation and its contract, its users, the address book, the contact
// form, the newsletter), without the phone and VAT validators: the forms with a phone field add
// `@portal/shared/schemas/phone-forms` (docs/decisions/021). The full entry exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './api-errors';
export * from './roles';
export * from './password';
export * from './auth-forms';
export * from './organisation';
export * from './company';
export * from './address-shape';
export * from './contact';
export * from './account';
// The staff page's integration section (issue 29): the clients list, without the token schemas.
export {
  INTEGRATION_ERRORS,
  INTEGRATION_SCOPES,
  IntegrationClientCreateSchema,
  IntegrationClientListSchema,
  IntegrationClientRotateSchema,
  IntegrationClientSecretSchema,
  managesIntegrationClients,
  MAX_ROTATION_OVERLAP_HOURS,
  type IntegrationClientSecret,
  type IntegrationClientSummary,
  type IntegrationScope,
} from './integration';
// The staff page's webhook deliveries (decision 051).
export * from './integration-events';
// The staff page's imports: the jobs and their refused lines, without the record schemas.
export * from './import-jobs';
// The staff page's received Peppol orders and their Order Responses (decision 053).
export { StaffPeppolOrderListSchema, type StaffPeppolOrder } from './procurement-orders';
export * from './approvals';
// Cost centres and budgets (issue 33).
export * from './budgets';
// The person's own data and closing an account (issue 44, decision 063).
export * from './privacy';
export * from './recalls';
export * from './operations';
