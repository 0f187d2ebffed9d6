// Shipping methods per country priced for the cart, and the preview with the discount-code rules:
// percentage and fixed, validity dates, organisation restriction, usage limit, active.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, CheckoutPreviewSchema, DELIVERY_COUNTRIES, MESSAGE_KEYS, ShippingMethodSchema } from '@portal/shared/schemas';
import { accessToken, anonymousToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let hospital: string;
let police: string;
let unit: number;
beforeAll(async () => {
  t = await startTestApp();
  [hospital, police] = [await accessToken(t.app, HOSPITAL_BUYER), await accessToken(t.app, POLICE_BUYER)];
  const contract = await contractOf(t.app, HOSPITAL_BUYER);
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  // One line worth between €20 and €100: below every "free from".
  const p = await contractProduct(t.app, contract, sql`cp.price_cents between 2000 and 10000 and p.active and p.stock_level > 20 and not p.backorder_allowed`);
  unit = p.price_cents!;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: h(hospital), payload: { product_id: p.id, quantity: 1 } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

function h(token: string) {
  return { 'x-shop-type': 'portal', 'accept-language': 'fr', authorization: `Bearer ${token}` };
}
const methods = async (country: string, token = hospital) => t.app.inject({ url: `/api/v1/checkout/shipping-methods?country=${country}`, headers: h(token) });
const preview = (payload: object, token = hospital) => t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: h(token), payload });

describe('shipping methods', () => {
  it('offers the methods of the country, named in the language, priced for the cart', async () => {
    const res = await methods('BE');
    expect(res.statusCode).toBe(200);
    const list = v.parse(v.array(ShippingMethodSchema), res.json());
    expect(list.map((m) => m.code)).toEqual(['pickup', 'standard', 'express', 'freight']);
    expect(list.find((m) => m.code === 'standard')).toEqual({ code: 'standard', name: 'Livraison standard', price_excl_vat: 995, free_from_excl_vat: 25000 });
    expect(v.parse(v.array(ShippingMethodSchema), (await methods('NL')).json()).length).toBeGreaterThan(0);
  });

  it('ships free once the cart reaches "free from"', async () => {
    await query(t.app, sql`update shipping_rates set free_from_cents = ${unit} where country = 'NL'`);
    const list = v.parse(v.array(ShippingMethodSchema), (await methods('NL')).json());
    expect(list.find((m) => m.code === 'standard')!.price_excl_vat).toBe(0);
  });

  it('offers only the methods that have a rate, and validates the country', async () => {
    await query(t.app, sql`delete from shipping_rates where country = 'NL' and shipping_method_id = (select id from shipping_methods where code = 'freight')`);
    expect((await methods('NL')).json().map((m: { code: string }) => m.code)).not.toContain('freight');
    expect((await methods('XX')).statusCode).toBe(400);
  });

  it('delivers where the shipping policy says, and nowhere else: no method, and the preview says so (issue 32)', async () => {
    // The seeded rates are for the delivery countries only.
    const countries = await query<{ country: string }>(t.app, sql`select distinct country from shipping_rates order by country`);
    expect(countries.map((c) => c.country)).toEqual([...DELIVERY_COUNTRIES].sort());
    // A country outside the one list is no country of an address (issue 40), a rate stored for it notwithstanding.
    await query(t.app, sql`insert into shipping_rates (shipping_method_id, country, price_cents, free_from_cents) select id, 'FR', 1495, null from shipping_methods where code = 'standard'`);
    expect((await methods('FR')).statusCode).toBe(400);
    expect((await preview({ delivery_country: 'FR', shipping_method: 'standard' })).statusCode).toBe(400);
    await query(t.app, sql`delete from shipping_rates where country = 'FR'`);
    // A delivery country without a rate has no method, and the preview says so.
    await query(t.app, sql`update shipping_rates set country = 'ZZ' where country = 'NL'`);
    try {
      expect((await methods('NL')).json()).toEqual([]);
      const res = await preview({ delivery_country: 'NL', shipping_method: 'standard' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: CHECKOUT_ERRORS.NO_SHIPPING_METHOD, errors: [{ path: 'shipping_method', message: MESSAGE_KEYS.noShippingMethod }] });
    } finally {
      await query(t.app, sql`update shipping_rates set country = 'NL' where country = 'ZZ'`);
    }
  });

  it('is for customers: staff 403, anonymous 401', async () => {
    const staffToken = await accessToken(t.app, 'an.claes@portal-supplier.example');
    const staff = await methods('BE', staffToken);
    expect(staff.statusCode).toBe(403);
    // The checkout's own code, not the catalogue's CATALOG_CUSTOMERS_ONLY (issue 27).
    expect(staff.json().code).toBe(CHECKOUT_ERRORS.CUSTOMERS_ONLY);
    const staffPreview = await preview({}, staffToken);
    expect(staffPreview.statusCode).toBe(403);
    expect(staffPreview.json().code).toBe(CHECKOUT_ERRORS.CUSTOMERS_ONLY);
    expect((await methods('BE', await anonymousToken(t.app))).statusCode).toBe(401);
  });
});

describe('preview', () => {
  const ok = async (payload: object, token = hospital) => {
    const res = await preview(payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(CheckoutPreviewSchema, res.json());
  };
  const refused = async (payload: object, code: string, path: string, token = hospital) => {
    const res = await preview(payload, token);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code, errors: [{ path }] });
  };

  it('prices the cart with shipping and VAT', async () => {
    const p = await ok({ delivery_country: 'BE', shipping_method: 'standard' });
    expect(p.totals).toMatchObject({ shipping_excl_vat: 995, discount_excl_vat: 0, excl_vat: unit + 995 });
    expect(p.totals.incl_vat).toBe(p.totals.excl_vat + p.totals.vat);
    expect(p.discount).toBeNull();
    expect(p.lines).toHaveLength(1);
  });

  it('applies a percentage code and a fixed code, in any case', async () => {
    const pct = await ok({ delivery_country: 'BE', shipping_method: 'standard', discount_code: 'welcome10' });
    expect(pct.discount).toEqual({ code: 'WELCOME10', kind: 'percentage', value: 10 });
    expect(pct.totals.discount_excl_vat).toBe(Math.round(unit / 10));
    const fixed = await ok({ discount_code: 'FIXED15' });
    expect(fixed.discount).toEqual({ code: 'FIXED15', kind: 'fixed', value: 1500 });
    expect(fixed.totals.discount_excl_vat).toBe(Math.min(1500, unit));
  });

  it('refuses unknown, expired, inactive, used-up and other organisations\' codes as "Invalid discount code"', async () => {
    await query(t.app, sql`insert into discount_codes (code, kind, value, max_uses, used_count) values ('USEDUP', 'amount', 100, 2, 2)`);
    await query(t.app, sql`insert into discount_codes (code, kind, value, valid_from) values ('LATER', 'amount', 100, now() + interval '1 day')`);
    for (const code of ['NOPE', 'EXPIRED20', 'SPRING25', 'PAUSED10', 'USEDUP', 'LATER', 'POLDER5']) {
      await refused({ discount_code: code }, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'discount_code');
    }
    const res = await preview({ discount_code: 'NOPE' });
    expect(res.json().errors[0].message).toBe('checkout.invalidDiscountCode');
    // The restricted code is good for its own organisation.
    expect((await ok({ discount_code: 'POLDER5' }, police)).discount).toMatchObject({ code: 'POLDER5', kind: 'fixed' });
  });

  it('refuses a shipping method not offered for the country', async () => {
    await refused({ delivery_country: 'NL', shipping_method: 'pickup' }, CHECKOUT_ERRORS.NO_SHIPPING_METHOD, 'shipping_method');
  });
});
