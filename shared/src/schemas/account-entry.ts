// `@portal/shared/schemas/account`: what the account pages show and validate (profile, email and
// password changes, the organisation and its contract, its users, the address book, the contact
// form, the newsletter). The profile, invitation and address forms validate a phone, so this entry
// does reach libphonenumber-js, with the European metadata only (docs/decisions/021); it leaves out
// the VAT validator, registration and the catalogue. The full entry exports all of this too.
export * from './messages';
export * from './field-errors';
export * from './problem';
export * from './api-errors';
export * from './roles';
export * from './password';
export * from './auth-forms';
export * from './organisation';
export * from './company';
export * from './address';
export * from './contact';
export * from './account';
