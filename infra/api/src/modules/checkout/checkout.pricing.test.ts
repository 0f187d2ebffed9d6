// The money rules, without a database: discount kinds, free shipping from the threshold, VAT per
// line on the discounted amount and on shipping, integer cents throughout.
import { describe, expect, it } from 'vitest';
import { discountFor, DOMESTIC, goodsTotal, priceCheckout, shippingFor } from './checkout.pricing';

const lines = [
  { product_id: 'a', quantity: 2, unit_excl_vat: 1000, vat_rate: 21 },
  { product_id: 'b', quantity: 1, unit_excl_vat: 3000, vat_rate: 6 },
];
const standard = { price_excl_vat: 995, free_from_excl_vat: 25000 };

describe('checkout pricing', () => {
  it('adds shipping and VAT per line', () => {
    expect(priceCheckout(lines, standard, null)).toMatchObject({
      subtotal_excl_vat: 5000,
      discount_excl_vat: 0,
      shipping_excl_vat: 995,
      vat: 420 + 180 + 209,
      excl_vat: 5995,
      incl_vat: 5995 + 809,
    });
  });

  it('ships free from the threshold, never for a method without one', () => {
    expect(shippingFor(standard, 24999)).toBe(995);
    expect(shippingFor(standard, 25000)).toBe(0);
    expect(shippingFor({ price_excl_vat: 1995, free_from_excl_vat: null }, 10_000_000)).toBe(1995);
  });

  it('measures the threshold against the goods before discount, the amount the charged total starts from', () => {
    expect(goodsTotal(lines)).toBe(5000);
    const discounted = priceCheckout(lines, { price_excl_vat: 995, free_from_excl_vat: 5000 }, { code: 'F', kind: 'fixed', value: 1000 });
    expect(discounted).toMatchObject({ subtotal_excl_vat: goodsTotal(lines), shipping_excl_vat: shippingFor({ price_excl_vat: 995, free_from_excl_vat: 5000 }, goodsTotal(lines)) });
    expect(discounted.shipping_excl_vat).toBe(0);
  });

  it('takes a percentage or a fixed amount, never more than the goods', () => {
    expect(discountFor({ code: 'P', kind: 'percentage', value: 10 }, 5000)).toBe(500);
    expect(discountFor({ code: 'P', kind: 'percentage', value: 12.5 }, 999)).toBe(125);
    expect(discountFor({ code: 'F', kind: 'fixed', value: 1500 }, 5000)).toBe(1500);
    expect(discountFor({ code: 'F', kind: 'fixed', value: 9000 }, 5000)).toBe(5000);
  });

  it('charges VAT on the discounted lines, the discount spread in proportion', () => {
    const m = priceCheckout(lines, null, { code: 'P', kind: 'percentage', value: 10 });
    // a: 2000 - 200 at 21 %; b: 3000 - 300 at 6 %.
    expect(m).toMatchObject({ subtotal_excl_vat: 5000, discount_excl_vat: 500, shipping_excl_vat: 0, vat: 378 + 162, excl_vat: 4500, incl_vat: 5040 });
  });
});

// Issue 40: the prices where every rounding agrees hide where it happens. These use prices where
// rounding per unit, per line and per VAT group (EN 16931, BR-CO-17, decision 058) disagree.
describe('checkout pricing rounds as the invoice does', () => {
  it('charges VAT on the line, not per unit: 3 × € 1.99 at 21 % is € 1.25 of VAT (per unit, € 1.26)', () => {
    const m = priceCheckout([{ product_id: 'a', quantity: 3, unit_excl_vat: 199, vat_rate: 21 }], null, null);
    expect(m).toMatchObject({ subtotal_excl_vat: 597, vat: 125, excl_vat: 597, incl_vat: 722 });
  });

  it('charges VAT once per rate on the sum of its lines: 3 × € 7.90 at 6 % is € 1.42 (the cart said € 1.41)', () => {
    const three = priceCheckout([{ product_id: 'a', quantity: 3, unit_excl_vat: 790, vat_rate: 6 }], null, null);
    expect(three).toMatchObject({ vat: 142, incl_vat: 2512 });
    const six = priceCheckout([{ product_id: 'a', quantity: 6, unit_excl_vat: 790, vat_rate: 6 }], null, null);
    expect(six).toMatchObject({ vat: 284, incl_vat: 5024 });
  });

  it('spreads the discount so its shares add up to it, the rounding remainder included', () => {
    // € 0.10 over € 1.05 at 6 % and € 1.95 at 21 %: shares of 3.5 and 6.5 cents, 4 and 6 (not 4 and 7).
    const m = priceCheckout(
      [
        { product_id: 'a', quantity: 1, unit_excl_vat: 105, vat_rate: 6 },
        { product_id: 'b', quantity: 1, unit_excl_vat: 195, vat_rate: 21 },
      ],
      null,
      { code: 'F', kind: 'fixed', value: 10 },
    );
    // 6 % of 101 = 6.06 → 6; 21 % of 189 = 39.69 → 40.
    expect(m).toMatchObject({ subtotal_excl_vat: 300, discount_excl_vat: 10, vat: 46, excl_vat: 290, incl_vat: 336 });
    expect(m.vat_groups.reduce((s, g) => s + g.taxable, 0)).toBe(m.excl_vat);
    expect(m.vat_groups).toEqual([
      { category: 'S', rate: 6, taxable: 101, vat: 6 },
      { category: 'S', rate: 21, taxable: 189, vat: 40 },
    ]);
  });
});

// Issue 40 (mutation benchmark): the product's own category and the rate each line is charged at.
describe("checkout pricing of a product's own category", () => {
  it('charges a zero-rated or exempt product no VAT whatever its rate says, and names each line its charged rate', () => {
    const m = priceCheckout(
      [
        { product_id: 'a', quantity: 1, unit_excl_vat: 1000, vat_rate: 21 },
        { product_id: 'z', quantity: 1, unit_excl_vat: 500, vat_rate: 6, product_category: 'Z' },
        { product_id: 'e', quantity: 2, unit_excl_vat: 250, vat_rate: 21, product_category: 'E' },
      ],
      null,
      null,
    );
    expect(m.line_rates).toEqual([21, 0, 0]);
    expect(m).toMatchObject({ vat: 210, excl_vat: 2000, incl_vat: 2210, vat_regime: 'domestic' });
    expect(m.vat_groups).toEqual([
      { category: 'S', rate: 21, taxable: 1000, vat: 210 },
      { category: 'Z', rate: 0, taxable: 500, vat: 0 },
      { category: 'E', rate: 0, taxable: 500, vat: 0 },
    ]);
  });

  it('prices by Belgian VAT with English mentions unless told otherwise', () => {
    const exempt = [{ product_id: 'e', quantity: 1, unit_excl_vat: 100, vat_rate: 21, product_category: 'E' as const }];
    expect(priceCheckout(exempt, null, null)).toEqual(priceCheckout(exempt, null, null, DOMESTIC));
    expect(DOMESTIC).toEqual({ buyer: { vatExemptionReason: null }, regime: 'domestic', language: 'en' });
    expect(priceCheckout(exempt, null, null).vat_mentions).toEqual(priceCheckout(exempt, null, null, { ...DOMESTIC, language: 'en' }).vat_mentions);
    expect(priceCheckout(exempt, null, null).vat_mentions).not.toEqual(priceCheckout(exempt, null, null, { ...DOMESTIC, language: 'nl' }).vat_mentions);
    expect(priceCheckout(exempt, null, null).vat_mentions).toHaveLength(1);
  });
});

