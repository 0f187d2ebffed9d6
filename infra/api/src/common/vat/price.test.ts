// The one money rule (price.ts) at its edges: what it refuses, and that a zero discount or shipping
// charge adds no group, no share and no charge.
import { describe, expect, it } from 'vitest';
import { inclVat, priceMoney, type MoneyRequest } from './price';

const request = (r: Partial<MoneyRequest>): MoneyRequest => ({
  lines: [{ netCents: 1_000, rateBp: 600, productCategory: null }],
  discountCents: 0,
  shipping: null,
  buyer: { vatExemptionReason: null },
  regime: 'domestic',
  language: 'en',
  ...r,
});

describe('priceMoney', () => {
  it('refuses amounts that are not whole non-negative cents, naming which', () => {
    const lines = [{ netCents: 1_000, rateBp: 600, productCategory: null }, { netCents: -1, rateBp: 600, productCategory: null }];
    expect(() => priceMoney(request({ lines }))).toThrow('line 2 must be a non-negative whole number of cents: -1');
    expect(() => priceMoney(request({ lines: [{ netCents: 0.5, rateBp: 600, productCategory: null }] }))).toThrow('line 1 must be');
    expect(() => priceMoney(request({ discountCents: 1.5 }))).toThrow('the discount must be');
    expect(() => priceMoney(request({ discountCents: -1 }))).toThrow('the discount must be');
    expect(() => priceMoney(request({ shipping: { cents: 2.5, rateBp: 2100 } }))).toThrow('the shipping charge must be');
  });

  it('adds no group and no shipping for a shipping charge of zero', () => {
    const money = priceMoney(request({ shipping: { cents: 0, rateBp: 2100 } }));
    expect(money.shipping).toBeNull();
    expect(money.groups.map((g) => g.choice.category + g.choice.rateBp)).toEqual(['S600']);
    expect(money.totals).toMatchObject({ shippingCents: 0, exclVatCents: 1_000, vatCents: 60, inclVatCents: 1_060 });
  });
});

describe('inclVat', () => {
  it("adds the line's own VAT, rounded once", () => {
    expect(inclVat(597, 2100)).toBe(722);
    expect(inclVat(0, 2100)).toBe(0);
  });
});
