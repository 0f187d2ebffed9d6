import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailSchema, inputString, optionalText, requiredText } from './fields';
import { TokenRequestSchema } from './oauth';
import { isValidPhone, PhoneSchema } from './phone';
import { isValidVatNumber, normaliseVatNumber, VatNumberSchema } from './vat-number';
import { messagesOf } from './test-helpers';

describe('PhoneSchema (Belgian by default)', () => {
  it.each([
    ['0470 12 34 56', '+32470123456'],
    ['+32 470 12 34 56', '+32470123456'],
    ['02 123 45 67', '+3221234567'],
    ['+31 6 12345678', '+31612345678'],
  ])('accepts %s as %s', (input, e164) => {
    expect(v.parse(PhoneSchema, input)).toBe(e164);
  });

  it.each(['0470 12 34', '+32 123', 'not a phone', '12'])('rejects %s with "validation.invalid.phone"', (input) => {
    expect(isValidPhone(input)).toBe(false);
    expect(messagesOf(v.object({ phone: PhoneSchema }), { phone: input })).toEqual({ phone: 'validation.invalid.phone' });
  });

  it('asks for a value when empty or missing', () => {
    expect(messagesOf(v.object({ phone: PhoneSchema }), { phone: '  ' })).toEqual({ phone: 'validation.required' });
    expect(messagesOf(v.object({ phone: PhoneSchema }), {})).toEqual({ phone: 'validation.required' });
  });
});

describe('VatNumberSchema (real checksum, Belgian by default)', () => {
  it.each([
    ['BE0403170701', 'BE0403170701'],
    ['BE 0403.170.701', 'BE0403170701'],
    ['0403.170.701', 'BE0403170701'],
    ['be0403170701', 'BE0403170701'],
    ['NL004495445B01', 'NL004495445B01'],
    ['FR40303265045', 'FR40303265045'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(v.parse(VatNumberSchema, input)).toBe(normalised);
  });

  it.each(['BE0403170702', 'BE1234567890', 'NL123456789B01', 'US123456789', 'BE04031707'])(
    'rejects %s with "validation.invalid.vat"',
    (input) => {
      expect(isValidVatNumber(input)).toBe(false);
      expect(messagesOf(v.object({ vat: VatNumberSchema }), { vat: input })).toEqual({ vat: 'validation.invalid.vat' });
    },
  );

  it('normalises separators and the default country', () => {
    expect(normaliseVatNumber(' 0403-170-701 ')).toBe('BE0403170701');
  });
});

describe('EmailSchema and requiredText', () => {
  it('trims and lower-cases an email', () => {
    expect(v.parse(EmailSchema, '  Jan.Peeters@Example.BE ')).toBe('jan.peeters@example.be');
  });

  it('rejects a malformed email', () => {
    expect(messagesOf(v.object({ email: EmailSchema }), { email: 'jan@' })).toEqual({ email: 'validation.invalid.email' });
  });

  it('gives the required message for blank text and the size message past the maximum', () => {
    const schema = v.object({ name: requiredText(5) });
    expect(messagesOf(schema, { name: '   ' })).toEqual({ name: 'validation.required' });
    expect(messagesOf(schema, { name: 'abcdef' })).toEqual({ name: 'validation.tooBig.string' });
    expect(v.parse(schema, { name: ' abc ' })).toEqual({ name: 'abc' });
  });

  it('refuses a NUL character in every input string, with the invalid-text message', () => {
    const schema = v.object({ a: requiredText(), b: optionalText(), c: EmailSchema, d: inputString() });
    expect(messagesOf(schema, { a: 'x\u0000', b: '\u0000', c: 'a\u0000b@example.be', d: '\u0000' })).toEqual({
      a: 'validation.invalid.text',
      b: 'validation.invalid.text',
      c: 'validation.invalid.text',
      d: 'validation.invalid.text',
    });
    const token = { grant_type: 'password', client_id: 'web', client_secret: 's', username: 'a\u0000@example.be', password: 'p' };
    expect(v.safeParse(TokenRequestSchema, token).success).toBe(false);
    expect(v.safeParse(TokenRequestSchema, { ...token, username: 'a@example.be' }).success).toBe(true);
  });

  it('refuses a lone surrogate in every input string, and keeps a real emoji (a surrogate pair)', () => {
    const schema = v.object({ a: requiredText(), b: optionalText(), d: inputString() });
    expect(messagesOf(schema, { a: '\ud800', b: 'x\udc00y', d: 'end\ud83d' })).toEqual({
      a: 'validation.invalid.text',
      b: 'validation.invalid.text',
      d: 'validation.invalid.text',
    });
    expect(v.parse(schema, { a: 'Bedankt 👍', b: '', d: '🚑' })).toEqual({ a: 'Bedankt 👍', b: '', d: '🚑' });
  });
});
