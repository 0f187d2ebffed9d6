// The password-confirmation and postal-code rules are written once (`passwordsMatch`,
// `postalCodeFitsCountry`); every schema that carries the fields must run them the same way.
import { describe, expect, it } from 'vitest';
import { PasswordChangeSchema } from './account';
import { AddressBookInputSchema, AddressInputSchema, AddressSchema } from './address';
import { ResetPasswordSchema } from './auth-forms';
import { RegisterRequestSchema } from './registration-api';
import { RegistrationSchema } from './registration';
import { messagesOf } from './test-helpers';

const address = { label: 'HQ', type: 'billing', street: 'Wetstraat', nr: '16', postal_code: '1000', city: 'Brussel', country: 'BE', email: 'an@example.be', phone: '0470 12 34 56' };
const account = { first_name: 'An', last_name: 'Peeters', email: 'an@example.be', phone: '0470 12 34 56', password: 'correct horse', password_confirmation: 'correct horse' };
const organisation = { organisation_name: 'Rode Kruis', organisation_type: 'medical', vat_number: 'BE0403170701', terms: true };

const withPasswords = [
  ['reset', ResetPasswordSchema, { token: 't', password: 'correct horse', password_confirmation: 'correct horse' }],
  ['change', PasswordChangeSchema, { current_password: 'old one', password: 'correct horse', password_confirmation: 'correct horse' }],
  ['registration form', RegistrationSchema, { ...account, address, ...organisation }],
  ['register request', RegisterRequestSchema, { kind: 'webshop', locale: 'nl', ...account, address, ...organisation }],
] as const;

describe('one password-confirmation rule', () => {
  it.each(withPasswords)('%s: accepts a repeated password and reports a different one on the confirmation', (_name, schema, valid) => {
    expect(messagesOf(schema, valid)).toEqual({});
    expect(messagesOf(schema, { ...valid, password_confirmation: 'correct horsE' })).toEqual({ password_confirmation: 'validation.passwordMismatch' });
  });
});

const withAddresses = [
  ['input', AddressInputSchema, address],
  ['address book input', AddressBookInputSchema, { ...address, is_default: true }],
  ['stored', AddressSchema, { ...address, id: '0b5f4a2e-6f1c-4f57-9a44-2a3f3c1d9e01', phone: '+3247012345' }],
] as const;

describe('one postal-code rule', () => {
  it.each(withAddresses)('%s: checks the postal code against the country, on the postal code field', (_name, schema, valid) => {
    expect(messagesOf(schema, valid)).toEqual({});
    expect(messagesOf(schema, { ...valid, country: 'NL' })).toEqual({ postal_code: 'validation.invalid.regex' });
    expect(messagesOf(schema, { ...valid, country: 'NL', postal_code: '1012 AB' })).toEqual({});
  });
});
