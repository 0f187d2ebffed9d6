// `@portal/shared/schemas/phone-forms`: the input schemas with a phone field (an address typed in the
// checkout or the address book, the personal information form, the invitation). The one light entry
// that reaches libphonenumber-js, on the European metadata (docs/decisions/021); a page imports it
// only where it shows such a form. The full `@portal/shared/schemas` exports all of this too.
export * from './address';
export * from './account-forms';
