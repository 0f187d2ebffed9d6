// The cart: sign-in required, quantities limited by stock including what the cart holds, products
// that cannot be ordered refused, quick-order lines added all or none, one cart per buyer.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERRORS, CartSchema, CATALOG_ERRORS } from '@portal/shared/schemas';
import { accessToken, anonymousToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let hospital: string;
let police: string;
let hospitalContract: string;
beforeAll(async () => {
  t = await startTestApp();
  [hospital, police] = await Promise.all([accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_BUYER)]);
  hospitalContract = await contractOf(t.app, HOSPITAL_BUYER);
});
afterAll(async () => {
  await t?.close();
});

const headers = (shop: string, token?: string) => ({ 'x-shop-type': shop, 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const inHospital = (where: ReturnType<typeof sql>) => contractProduct(t.app, hospitalContract, where);

describe('cart', () => {
  const add = (body: unknown, token: string | undefined = hospital, shop = 'portal') =>
    t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: headers(shop, token), payload: body as object });

  it('asks visitors without a session to sign in, and anonymous sessions in the portal', async () => {
    const row = await inHospital(sql`cp.price_cents is not null and p.stock_level > 10`);
    const anonymous = { authorization: `Bearer ${await anonymousToken(t.app)}` };
    for (const [shop, auth] of [['medical', {}], ['portal', anonymous]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: { 'x-shop-type': shop, ...auth }, payload: { product_id: row.id, quantity: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(CATALOG_ERRORS.LOGIN_REQUIRED);
    }
  });

  it('adds within stock, then refuses past it with the count that can still be added', async () => {
    const row = await inHospital(sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.stock_level between 3 and 50`);
    const ok = await add({ product_id: row.id, quantity: row.stock_level - 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    const cart = v.parse(CartSchema, ok.json());
    expect(cart.lines.find((l) => l.product_id === row.id)?.quantity).toBe(row.stock_level - 2);
    const above = await add({ product_id: row.id, quantity: 5 });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ code: CART_ERRORS.QUANTITY_OVER_STOCK, errors: [{ path: 'quantity', message: 'quantity.maximumAllowed', values: { count: 2 } }] });
    expect((await add({ product_id: row.id, quantity: 2 })).statusCode).toBe(200);
    const full = await add({ product_id: row.id, quantity: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: CART_ERRORS.MAXIMUM_REACHED, errors: [{ message: 'quantity.maximumReached', values: { count: row.stock_level } }] });
    // Another buyer's cart is their own.
    const other = v.parse(CartSchema, (await t.app.inject({ url: '/api/v1/cart', headers: headers('portal', police) })).json());
    expect(other.lines.find((l) => l.product_id === row.id)).toBeUndefined();
  });

  it("answers an add with the cart as a read after it shows it: every line, oldest first, and the shipping threshold", async () => {
    // A buyer of their own (the police buyer's cart is used by other tests): lines added over three adds.
    const products = await query<{ id: string }>(
      t.app,
      sql`select p.id from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = (select c.id from contracts c join memberships m on m.organisation_id = c.organisation_id join users u on u.id = m.user_id where u.email = ${POLICE_BUYER} limit 1)
          where cp.price_cents is not null and p.active and p.stock_level > 20 order by p.id desc limit 3`,
    );
    expect(products.length).toBe(3);
    const [a, b, c] = products.map((p) => p.id) as [string, string, string];
    const bulk = (lines: { product_id: string; quantity: number }[]) =>
      t.app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers: headers('portal', police), payload: { lines } });
    await query(t.app, sql`delete from cart_lines l using carts c, users u where l.cart_id = c.id and c.user_id = u.id and u.email = ${POLICE_BUYER}`);
    expect((await bulk([{ product_id: a, quantity: 1 }])).statusCode).toBe(200);
    expect((await bulk([{ product_id: b, quantity: 2 }])).statusCode).toBe(200);
    // The third add raises a line already held (it keeps its place) and adds a new one (last).
    const third = await bulk([{ product_id: c, quantity: 1 }, { product_id: a, quantity: 2 }]);
    expect(third.statusCode, third.body).toBe(200);
    const answered = v.parse(CartSchema, third.json());
    expect(answered.lines.map((l) => [l.product_id, l.quantity])).toEqual([[a, 3], [b, 2], [c, 1]]);
    expect(answered.shipping_free_from_excl_vat).not.toBeNull();
    const read = v.parse(CartSchema, (await t.app.inject({ url: '/api/v1/cart', headers: headers('portal', police) })).json());
    expect(answered).toEqual(read);
    await query(t.app, sql`delete from cart_lines l using carts c, users u where l.cart_id = c.id and c.user_id = u.id and u.email = ${POLICE_BUYER}`);
  });

  it('refuses products that cannot be ordered, and validates the quantity', async () => {
    const onRequest = await inHospital(sql`cp.price_cents is null`);
    const res = await add({ product_id: onRequest.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(CART_ERRORS.NOT_ORDERABLE);
    const [outside] = await query<{ id: string }>(t.app, sql`select id from products p where not exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${hospitalContract}) and not contract_only limit 1`);
    expect((await add({ product_id: outside!.id, quantity: 1 })).json().code).toBe(CART_ERRORS.NOT_ORDERABLE);
    const bad = await add({ product_id: onRequest.id, quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('quantity');
  });

  it('adds quick-order lines all at once, or none when one is above stock', async () => {
    const a = await inHospital(sql`cp.price_cents is not null and p.active and p.stock_level > 100 and not p.backorder_allowed`);
    const b = await inHospital(sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.stock_level between 1 and 5`);
    const bulk = (lines: unknown[]) => t.app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers: headers('portal', hospital), payload: { lines } });
    const cartOf = async () => v.parse(CartSchema, (await t.app.inject({ url: '/api/v1/cart', headers: headers('portal', hospital) })).json());
    const before = await cartOf();
    const refused = await bulk([{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 999 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: CART_ERRORS.QUANTITY_OVER_STOCK, errors: [{ path: 'lines.1.quantity' }] });
    expect(await cartOf()).toEqual(before);
    const added = await bulk([{ product_id: a.id, quantity: 3 }, { product_id: b.id, quantity: 1 }]);
    expect(added.statusCode, added.body).toBe(200);
    const after = await cartOf();
    expect(after.item_count).toBe(before.item_count + 4);
  });
});
