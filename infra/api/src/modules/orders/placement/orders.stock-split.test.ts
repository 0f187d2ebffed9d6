// Decision 034: placement records per line how much was taken from stock and how much was
// backordered, and an unpaid order's release gives back only what was taken (before, a failed
// payment of 3 units of a product on backorder with nothing in stock left 3 phantom units that
// were then sold as stock on hand). The payment retry takes and records the split the same way.
// A web-shop customer places through the real checkout; PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../test-support/demo-buyers';
import type { TestApp } from '../../../test-support/test-app';
import { defaultAddresses, fillCart, headers, startWebshopOrdersApp, SUBMITTER } from './orders.test-support';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await startWebshopOrdersApp());
});
afterAll(async () => {
  await t?.close();
});

/** A medical-shop product on backorder with `stock` on hand (tests do not share products). */
const used: string[] = [];
async function backorderProduct(stock: number): Promise<string> {
  const [p] = await query<{ id: string }>(
    t.app,
    sql`select id from products where shop in ('medical', 'both') and not contract_only and active and kind = 'product' and price_cents is not null
          and not price_on_request and id not in ${[...used, randomUUID()]} order by article_code limit 1`,
  );
  used.push(p!.id);
  await query(t.app, sql`update products set backorder_allowed = true, stock_level = ${stock}, low_stock_threshold = 5 where id = ${p!.id}`);
  return p!.id;
}

const stockOf = async (id: string) => (await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${id}`))[0]!.s;
const splitOf = async (orderId: string) =>
  query<{ quantity: number; quantity_from_stock: number; quantity_backordered: number }>(
    t.app,
    sql`select quantity, quantity_from_stock, quantity_backordered from order_lines where order_id = ${orderId}`,
  );
const statusOf = async (orderId: string) => (await query<{ status: string }>(t.app, sql`select status from orders where id = ${orderId}`))[0]!.status;

async function placeWebShopOrder(productId: string, quantity: number): Promise<string> {
  await fillCart(t.app, token, [{ product_id: productId, quantity }], 'medical');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...headers(token), 'x-shop-type': 'medical', 'idempotency-key': randomUUID() },
    payload: { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('payment_pending');
  return res.json().id as string;
}

/** The provider reports the order's pending payment failed (the service's webhook path, whatever the provider). */
async function failPayment(orderId: string): Promise<void> {
  const [p] = await query<{ provider_payment_id: string }>(t.app, sql`select provider_payment_id from payments where order_id = ${orderId} and status = 'pending'`);
  expect(await t.app.payments.applyWebhook({ eventId: `evt_${randomUUID()}`, paymentId: p!.provider_payment_id, status: 'failed' })).toBe('applied');
  expect(await statusOf(orderId)).toBe('payment_failed');
}

/** The order's payment time is up and the expiry job runs. */
async function expirePayment(orderId: string): Promise<void> {
  await query(t.app, sql`update payments set expires_at = now() - interval '1 second' where order_id = ${orderId} and status = 'pending'`);
  await t.app.payments.expireDue();
  expect(await statusOf(orderId)).toBe('payment_expired');
}

const retry = (orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payment`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

describe('stock taken and backordered per line (decision 034)', () => {
  it('a failed payment of a fully backordered line gives nothing back: no phantom stock', async () => {
    const id = await backorderProduct(0);
    const orderId = await placeWebShopOrder(id, 3);
    expect(await stockOf(id)).toBe(0);
    await failPayment(orderId);
    expect(await stockOf(id)).toBe(0);
    expect(await splitOf(orderId)).toEqual([{ quantity: 3, quantity_from_stock: 0, quantity_backordered: 3 }]);
    // The shop still shows it as out of stock, not low_stock with 3 on hand.
    const [{ slug }] = (await query<{ slug: string }>(t.app, sql`select slug from products where id = ${id}`)) as [{ slug: string }];
    const detail = await t.app.inject({ url: `/api/v1/catalog/products/${slug}`, headers: { 'x-shop-type': 'medical', 'accept-language': 'en' } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ stock_state: 'backorder', stock_level: null });
  });

  it('stock 2, order 5: 2 taken and 3 backordered; an expired payment gives back 2', async () => {
    const id = await backorderProduct(2);
    const orderId = await placeWebShopOrder(id, 5);
    expect(await stockOf(id)).toBe(0);
    await expirePayment(orderId);
    expect(await stockOf(id)).toBe(2);
    expect(await splitOf(orderId)).toEqual([{ quantity: 5, quantity_from_stock: 2, quantity_backordered: 3 }]);
  });

  it('the payment retry takes stock again and records the new split; a second failure gives back only that', async () => {
    const id = await backorderProduct(4);
    const orderId = await placeWebShopOrder(id, 3);
    expect(await stockOf(id)).toBe(1);
    await failPayment(orderId);
    expect(await stockOf(id)).toBe(4);
    // Meanwhile others bought: one unit is left when the buyer pays again.
    await query(t.app, sql`update products set stock_level = 1 where id = ${id}`);
    const res = await retry(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(id)).toBe(0);
    await failPayment(orderId);
    expect(await stockOf(id)).toBe(1);
    expect(await splitOf(orderId)).toEqual([{ quantity: 3, quantity_from_stock: 1, quantity_backordered: 2 }]);
  });
});
