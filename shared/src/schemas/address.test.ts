import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddressBookInputSchema, AddressInputSchema, AddressSchema, COUNTRY_CODES, DELIVERY_COUNTRIES } from './address';
import { messagesOf } from './test-helpers';

const antwerp = {
  label: 'Warehouse Antwerp',
  type: 'shipping',
  street: 'Meir',
  nr: '12',
  box: 'B3',
  postal_code: '2000',
  city: 'Antwerpen',
  country: 'BE',
  email: 'logistics@example.be',
  phone: '03 123 45 67',
};

describe('AddressInputSchema', () => {
  it('accepts a Belgian address and normalises the phone', () => {
    expect(v.parse(AddressInputSchema, antwerp)).toEqual({ ...antwerp, phone: '+3231234567' });
  });

  it('accepts a Dutch address and a missing box', () => {
    const { box: _box, ...rest } = antwerp;
    const output = v.parse(AddressInputSchema, { ...rest, country: 'NL', postal_code: '1012 AB', phone: '+31 20 123 4567' });
    expect(output.box).toBe('');
  });

  it('offers at least Belgium and the Netherlands', () => {
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['BE', 'NL']));
  });

  it('offers the delivery countries and no other (issue 40: the checkout offered Luxembourg, France and Germany)', () => {
    expect(COUNTRY_CODES).toEqual(DELIVERY_COUNTRIES);
    for (const [country, postal_code] of [['LU', 'L-1234'], ['FR', '75001'], ['DE', '10115']]) {
      expect(messagesOf(AddressInputSchema, { ...antwerp, country, postal_code })).toEqual({ country: 'validation.required' });
      expect(messagesOf(AddressBookInputSchema, { ...antwerp, country, postal_code })).toEqual({ country: 'validation.required' });
    }
  });

  it('checks the postal code against the country', () => {
    expect(messagesOf(AddressInputSchema, { ...antwerp, country: 'NL' })).toEqual({ postal_code: 'validation.invalid.regex' });
    expect(messagesOf(AddressInputSchema, { ...antwerp, postal_code: '200' })).toEqual({ postal_code: 'validation.invalid.regex' });
  });

  it('reports every bad field with a message key', () => {
    expect(
      messagesOf(AddressInputSchema, { ...antwerp, label: '', type: 'home', street: ' ', country: 'US', email: 'x', phone: '123' }),
    ).toEqual({
      label: 'validation.required',
      type: 'validation.required',
      street: 'validation.required',
      country: 'validation.required',
      email: 'validation.invalid.email',
      phone: 'validation.invalid.phone',
    });
  });

  it('requires an id for a stored address', () => {
    expect(messagesOf(AddressSchema, antwerp)).toEqual({ id: 'validation.required' });
    expect(v.is(AddressSchema, { ...antwerp, id: 'a1' })).toBe(true);
  });
});
