// The money rules, without a database: discount kinds, free shipping from the threshold, VAT per
// line on the discounted amount and on shipping, integer cents throughout.
import { describe, expect, it } from 'vitest';
import { discountFor, goodsTotal, priceCheckout, shippingFor } from './checkout.pricing';

const lines = [
  { product_id: 'a', quantity: 2, unit_excl_vat: 1000, vat_rate: 21 },
  { product_id: 'b', quantity: 1, unit_excl_vat: 3000, vat_rate: 6 },
];
const standard = { price_excl_vat: 995, free_from_excl_vat: 25000 };

describe('checkout pricing', () => {
  it('adds shipping and VAT per line', () => {
    expect(priceCheckout(lines, standard, null)).toEqual({
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
