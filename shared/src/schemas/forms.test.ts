import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginSchema, ResetPasswordSchema } from './auth-forms';
import { CheckoutSchema } from './checkout';
import { ContactFormSchema } from './contact';
import { QuotationInputSchema } from './quotation';
import { RegistrationSchema } from './registration';
import { SubmitterSchema } from './submitter';
import { messagesOf } from './test-helpers';

const registration = {
  first_name: 'An',
  last_name: 'Peeters',
  email: 'an@example.be',
  phone: '0470 12 34 56',
  password: 'correct horse',
  password_confirmation: 'correct horse',
  address: {
    label: 'HQ',
    type: 'billing',
    street: 'Wetstraat',
    nr: '16',
    postal_code: '1000',
    city: 'Brussel',
    country: 'BE',
    email: 'an@example.be',
    phone: '0470 12 34 56',
  },
  organisation_name: 'Rode Kruis Vlaanderen',
  organisation_type: 'medical',
  vat_number: 'BE0403170701',
  terms: true,
};

describe('RegistrationSchema', () => {
  it('accepts a complete registration; newsletter defaults to false', () => {
    const output = v.parse(RegistrationSchema, registration);
    expect(output).toMatchObject({ newsletter: false, phone: '+32470123456', vat_number: 'BE0403170701' });
  });

  it('reports mismatching passwords on the confirmation field', () => {
    expect(messagesOf(RegistrationSchema, { ...registration, password_confirmation: 'other horse' })).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
  });

  it('requires the terms, a known organisation type, a valid VAT number and a long enough password', () => {
    expect(
      messagesOf(RegistrationSchema, {
        ...registration,
        terms: false,
        organisation_type: 'police',
        vat_number: 'BE0403170702',
        password: 'short',
        password_confirmation: 'short',
      }),
    ).toEqual({
      terms: 'validation.termsRequired',
      organisation_type: 'validation.required',
      vat_number: 'validation.invalid.vat',
      password: 'validation.tooSmall.string',
    });
  });

  it.each(['medical', 'tactical', 'medical_and_tactical'])('accepts organisation type %s', (type) => {
    expect(v.is(RegistrationSchema, { ...registration, organisation_type: type })).toBe(true);
  });
});

describe('SubmitterSchema', () => {
  const submitter = { first_name: 'An', last_name: 'Peeters', function: 'Aankoper', full_name: 'An Peeters', declaration: true };

  it('accepts a submitter who ticked the declaration', () => {
    expect(v.is(SubmitterSchema, submitter)).toBe(true);
  });

  it('requires the authorisation declaration, full name and function', () => {
    expect(messagesOf(SubmitterSchema, { ...submitter, declaration: false, full_name: '', function: undefined })).toEqual({
      declaration: 'validation.authorisationRequired',
      full_name: 'validation.required',
      function: 'validation.required',
    });
  });
});

describe('CheckoutSchema', () => {
  it('asks for a shipping method', () => {
    const messages = messagesOf(CheckoutSchema, { billing_address_id: 'a1', delivery_address_id: 'a2', shipping_method: '' });
    expect(messages.shipping_method).toBe('checkout.shippingMethodRequired');
    expect(messages['submitter']).toBe('validation.required');
  });
});

describe('ContactFormSchema', () => {
  it('accepts a message with the terms accepted', () => {
    expect(v.is(ContactFormSchema, { type: 'question', message: 'Hallo', terms: true })).toBe(true);
  });

  it('requires the terms and a message', () => {
    expect(messagesOf(ContactFormSchema, { type: 'question', message: '', terms: false })).toEqual({
      message: 'validation.required',
      terms: 'validation.termsRequired',
    });
  });
});

describe('QuotationInputSchema', () => {
  it('needs at least one line with a positive whole quantity', () => {
    expect(v.is(QuotationInputSchema, { lines: [{ product_id: '8f14e45f-ceea-4e67-a5b5-0b1c2d3e4f50', quantity: 2 }] })).toBe(true);
    expect(messagesOf(QuotationInputSchema, { lines: [] })).toEqual({ lines: 'validation.tooSmall.array' });
    expect(messagesOf(QuotationInputSchema, { lines: [{ product_id: '8f14e45f-ceea-4e67-a5b5-0b1c2d3e4f50', quantity: 0 }] })).toEqual({
      'lines.0.quantity': 'validation.tooSmall.number',
    });
  });
});

describe('auth forms', () => {
  it('login needs an email and a password', () => {
    expect(messagesOf(LoginSchema, { email: '', password: '' })).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('reset password checks the confirmation', () => {
    expect(messagesOf(ResetPasswordSchema, { token: 't', password: 'long enough', password_confirmation: 'different' })).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
  });
});
