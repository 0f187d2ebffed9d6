// Decision 035: one order's goods are worth at most MAX_ORDER_GOODS_CENTS. Before, 13 backorder
// lines × 9 999 in the medical shop (goods past 2 147 483 647 cents) were accepted by the cart and
// the preview and answered 500 at placement (int4 overflow). Now the cart, the preview and the
// placement refuse alike with 422 CHECKOUT_AMOUNT_TOO_LARGE, and an order at the maximum is placed
// with its amounts stored exactly. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHECKOUT_ERRORS, MAX_ORDER_GOODS_CENTS, MESSAGE_KEYS } from '@portal/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { query } from '../../../test-support/demo-buyers';
import type { TestApp } from '../../../test-support/test-app';
import { defaultAddresses, headers, startWebshopOrdersApp, SUBMITTER } from './orders.test-support';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await startWebshopOrdersApp());
});
afterAll(async () => {
  await t?.close();
});

const shop = () => ({ ...headers(token), 'x-shop-type': 'medical' });
const emptyCart = () => query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${WEBSHOP_CUSTOMER})`);

/** `count` medical-shop products on backorder at `priceCents` each (tests do not share products). */
const used: string[] = [];
async function backorderProducts(count: number, priceCents: number): Promise<string[]> {
  const found = await query<{ id: string }>(
    t.app,
    sql`select id from products where shop in ('medical', 'both') and not contract_only and active and kind = 'product' and price_cents is not null
          and not price_on_request and id not in ${[...used, randomUUID()]} order by article_code limit ${count}`,
  );
  expect(found).toHaveLength(count);
  const ids = found.map((r) => r.id);
  used.push(...ids);
  await query(t.app, sql`update products set backorder_allowed = true, stock_level = 0, price_cents = ${priceCents} where id in ${ids}`);
  return ids;
}

const addLines = (lines: { product_id: string; quantity: number }[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers: shop(), payload: { lines } });
const setQuantity = (productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${productId}`, headers: shop(), payload: { quantity } });
const preview = () => t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: shop(), payload: { delivery_country: 'BE', shipping_method: 'standard' } });
const place = async () =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...shop(), 'idempotency-key': randomUUID() },
    payload: { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER },
  });
const cartLines = async () => ((await t.app.inject({ url: '/api/v1/cart', headers: shop() })).json() as { lines: { product_id: string; quantity: number }[] }).lines;
const ordersOfCustomer = async () =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = ${WEBSHOP_CUSTOMER}`))[0]!.n;

/** The one refusal every step answers past the maximum. */
function expectTooLarge(res: { statusCode: number; json(): unknown }, path: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({
    code: CHECKOUT_ERRORS.AMOUNT_TOO_LARGE,
    errors: [{ path, message: MESSAGE_KEYS.orderAmountTooLarge, values: { count: MAX_ORDER_GOODS_CENTS / 100 } }],
  });
}

describe('the most one order may be worth (decision 035)', () => {
  it('the cart refuses a line or a quantity that takes it past the maximum, and keeps what it held', async () => {
    await emptyCart();
    const [a, b] = await backorderProducts(2, 20_000);
    // 9 999 × € 200 alone is past € 1 000 000.
    expectTooLarge(await addLines([{ product_id: a!, quantity: 9999 }]), 'lines.0.quantity');
    expect(await cartLines()).toEqual([]);
    // Exactly the maximum is accepted: 5 000 × € 200.
    expect((await addLines([{ product_id: a!, quantity: 5000 }])).statusCode).toBe(200);
    expectTooLarge(await setQuantity(a!, 5001), 'quantity');
    expectTooLarge(await addLines([{ product_id: b!, quantity: 1 }]), 'lines.0.quantity');
    expect((await cartLines()).map((l) => [l.product_id, l.quantity])).toEqual([[a, 5000]]);
  });

  it('13 backorder lines × 9 999 past 2^31 cents: the preview and the placement refuse alike, nothing is written', async () => {
    await emptyCart();
    const ids = await backorderProducts(13, 100);
    expect((await addLines(ids.map((id) => ({ product_id: id, quantity: 9999 })))).statusCode).toBe(200);
    // The prices rise after the cart was filled: 13 × 9 999 × € 200 = 2 599 740 000 cents.
    await query(t.app, sql`update products set price_cents = 20000 where id in ${ids}`);
    expect(13 * 9999 * 20_000).toBeGreaterThan(2 ** 31 - 1);
    expect((await t.app.inject({ url: '/api/v1/cart', headers: shop() })).statusCode).toBe(200);
    const before = await ordersOfCustomer();
    expectTooLarge(await preview(), 'lines');
    expectTooLarge(await place(), 'lines');
    expect(await ordersOfCustomer()).toBe(before);
    expect(await cartLines()).toHaveLength(13);
    const stock = await query<{ s: number }>(t.app, sql`select stock_level as s from products where id in ${ids}`);
    expect(stock.every((r) => r.s === 0)).toBe(true);
  });

  it('an order at the maximum is placed, its amounts stored as the preview priced them', async () => {
    await emptyCart();
    const [id] = await backorderProducts(1, 20_000);
    expect((await addLines([{ product_id: id!, quantity: 5000 }])).statusCode).toBe(200);
    const priced = await preview();
    expect(priced.statusCode, priced.body).toBe(200);
    const totals = priced.json().totals as { excl_vat: number; incl_vat: number };
    const res = await place();
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await query<{ subtotal_cents: number; total_cents: number; amount_cents: number }>(
      t.app,
      sql`select o.subtotal_cents, o.total_cents, p.amount_cents from orders o join payments p on p.order_id = o.id where o.id = ${res.json().id}`,
    );
    expect(order).toEqual({ subtotal_cents: MAX_ORDER_GOODS_CENTS, total_cents: totals.incl_vat, amount_cents: totals.incl_vat });
  });
});
