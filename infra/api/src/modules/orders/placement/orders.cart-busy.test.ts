// A cart that keeps changing under the placement (another tab or device editing it) is priced and
// placed again twice, then refused with its own code, CHECKOUT_CART_BUSY (decision 038), not the
// Idempotency-Key's "still being processed": the key is released, nothing is placed, and the same
// key places the order once the cart has settled. The change is made by a trigger on the discount
// code's use, the one statement between the placement's cart lock and its reading of the cart.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { query } from '../../../test-support/demo-buyers';
import type { TestApp } from '../../../test-support/test-app';
import { defaultAddresses, fillCart, headers, startWebshopOrdersApp, stockedWebshopProduct, SUBMITTER } from './orders.test-support';

let t: TestApp;
let token: string;
let productId: string;

beforeAll(async () => {
  ({ t, token } = await startWebshopOrdersApp({ authRequestLimit: 100_000 }));
  productId = await stockedWebshopProduct(t.app);
  await query(t.app, sql`insert into discount_codes (code, kind, value, active) values ('BUSYCART', 'percent', 1000, true) returning id`);
});
afterAll(async () => {
  await t?.close();
});

const place = (key: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'x-shop-type': 'medical', 'idempotency-key': key }, payload: body });

describe('a cart that keeps changing under the placement', () => {
  it('is refused with CHECKOUT_CART_BUSY, places nothing and frees the key for the retry', async () => {
    await fillCart(t.app, token, [{ product_id: productId, quantity: 1 }], 'medical');
    const [cart] = await query<{ id: string }>(t.app, sql`select c.id from carts c join users u on u.id = c.user_id where u.email = ${WEBSHOP_CUSTOMER} limit 1`);
    // Every use of the code changes the cart inside the placement's transaction: each attempt sees a cart other than the one it priced.
    await query(
      t.app,
      sql.raw(`create or replace function busy_cart() returns trigger language plpgsql as $$
        begin update cart_lines set quantity = quantity + 1 where cart_id = '${cart!.id}'; return new; end $$`),
    );
    await query(t.app, sql`create trigger busy_cart after update on discount_codes for each row when (new.code = 'BUSYCART') execute function busy_cart()`);
    const ordersBefore = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders`))[0]!.n;
    const key = randomUUID();
    const body = { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', discount_code: 'BUSYCART', submitter: SUBMITTER };

    const busy = await place(key, body);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toMatchObject({ code: CHECKOUT_ERRORS.CART_BUSY });
    expect((await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders`))[0]!.n).toBe(ordersBefore);
    expect(await query(t.app, sql`select key from idempotency_keys where key = ${key}`)).toEqual([]);

    // The cart settles: the same key places the order.
    await query(t.app, sql`drop trigger busy_cart on discount_codes`);
    const placed = await place(key, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
  });
});
