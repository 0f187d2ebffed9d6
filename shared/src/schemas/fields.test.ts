import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailSchema, inputString, IsoDateSchema, optionalText, requiredText, TimestampSchema, UuidSchema } from './fields';
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

describe('dates, timestamps and ids the API reads (issue 27: these reached SQL casts as 500s)', () => {
  it.each(['2026-02-30', '2027-02-29', '2026-04-31', '2026-06-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '0000-01-01', '2026-2-3'])(
    'refuses the day %s',
    (day) => expect(messagesOf(v.object({ day: IsoDateSchema }), { day })).toEqual({ day: 'validation.invalid.date' }),
  );

  it.each(['2028-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '0001-01-01', '0050-06-15', '9999-12-31'])('accepts the day %s', (day) => {
    expect(v.is(IsoDateSchema, day)).toBe(true);
  });

  it('refuses timestamps on days or at times that do not exist', () => {
    for (const at of ['2026-02-30T10:00:00Z', '2026-04-31T00:00:00+02:00', '2026-01-01T25:61:00Z', '2026-01-01T24:00:00Z']) {
      expect(messagesOf(v.object({ at: TimestampSchema }), { at }), at).toEqual({ at: 'validation.invalid.datetime' });
    }
    expect(v.is(TimestampSchema, '2028-02-29T23:59:59.999Z')).toBe(true);
  });

  it('reads ids as UUIDs only', () => {
    expect(v.is(UuidSchema, '8f14e45f-ceea-4e67-a5b5-0b1c2d3e4f50')).toBe(true);
    for (const id of ['abc', '/etc/passwd', '8f14e45f-ceea-4e67-a5b5-0b1c2d3e4f5g', '8f14e45fceea4e67a5b50b1c2d3e4f50', '8f14e45f-ceea-4e67-a5b5-0b1c2d3e4f50\u0000']) {
      expect(v.is(UuidSchema, id), JSON.stringify(id)).toBe(false);
    }
    expect(messagesOf(v.object({ id: UuidSchema }), { id: '' })).toEqual({ id: 'validation.required' });
  });
});
