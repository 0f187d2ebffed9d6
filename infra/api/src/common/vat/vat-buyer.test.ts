// The buyer's VAT facts (vat-buyer.ts): the language of the mentions, and the one mapping from an
// organisation (or none) that the checkout and the invoice share.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { VatBuyerSchema, vatBuyerOf, vatLanguage } from './vat-buyer';

describe('vatLanguage', () => {
  it('keeps Dutch and French and reads every other locale, or none, in English', () => {
    expect(vatLanguage('nl')).toBe('nl');
    expect(vatLanguage('fr')).toBe('fr');
    expect(vatLanguage('en')).toBe('en');
    expect(vatLanguage('xx')).toBe('en');
    expect(vatLanguage(null)).toBe('en');
    expect(vatLanguage(undefined)).toBe('en');
  });
});

describe('vatBuyerOf', () => {
  const organisation = { clientType: 'B2B' as const, vatNumber: 'NL812345678B01', country: 'nl', vatExemptionReason: null };

  it("takes an organisation's facts, its country in capitals, else the fallback country", () => {
    expect(vatBuyerOf(organisation, 'BE')).toEqual({ clientType: 'B2B', vatNumber: 'NL812345678B01', country: 'NL', vatExemptionReason: null });
    expect(vatBuyerOf({ ...organisation, country: null, clientType: null, vatExemptionReason: 'Art. 44' }, 'be')).toEqual({
      clientType: 'B2C',
      vatNumber: 'NL812345678B01',
      country: 'BE',
      vatExemptionReason: 'Art. 44',
    });
  });

  it('makes a person without an organisation a consumer with their own VAT number, if any', () => {
    expect(vatBuyerOf(null, 'FR', 'FR40303265045')).toEqual({ clientType: 'B2C', vatNumber: 'FR40303265045', country: 'FR', vatExemptionReason: null });
    expect(vatBuyerOf(null, 'BE')).toEqual({ clientType: 'B2C', vatNumber: null, country: 'BE', vatExemptionReason: null });
  });
});

describe('VatBuyerSchema', () => {
  it('reads the facts stored on an order for each kind of buyer, and refuses another kind', () => {
    for (const clientType of ['B2B', 'B2G', 'B2C'] as const) {
      const facts = { clientType, vatNumber: null, country: 'BE', vatExemptionReason: null };
      expect(v.parse(VatBuyerSchema, facts)).toEqual(facts);
    }
    expect(v.safeParse(VatBuyerSchema, { clientType: 'B2X', vatNumber: null, country: 'BE', vatExemptionReason: null }).success).toBe(false);
  });
});
