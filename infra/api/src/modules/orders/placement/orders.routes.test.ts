// Placing an order: server-side prices (client prices ignored), idempotency keys, stock and
// discount limits under concurrency, status history, organisation scoping. Runs on PGlite, and on
// PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORISATION_DECLARATION,
  CHECKOUT_ERRORS,
  CheckoutPreviewSchema,
  ORDER_ERRORS,
  OrderSchema,
  PlacedOrderSchema,
} from '@portal/shared/schemas';
import { ORDER_NUMBER_PATTERN } from '../../../db/order-number';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { ordersCounted, ordersCountedSince } from '../../../test-support/orders-counter';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { defaultAddresses, extraBuyers, fillCart, headers, SUBMITTER } from './orders.test-support';

let t: TestApp;
let hospital: string;
let police: string;
let hospitalContract: string;
beforeAll(async () => {
  t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0 } as never);
  [hospital, police] = [await accessToken(t.app, HOSPITAL_BUYER), await accessToken(t.app, POLICE_BUYER)];
  hospitalContract = await contractOf(t.app, HOSPITAL_BUYER);
  // The demo seed leaves a cart for the hospital buyer; these tests fill their own.
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
});
afterAll(async () => {
  await t?.close();
});

/** A product of the hospital's contract with its own stock, set to `stock` (tests do not share products). */
const used = new Set<string>();
async function product(stock: number) {
  const row = await contractProduct(
    t.app,
    hospitalContract,
    sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...used, randomUUID()]}`,
  );
  used.add(row.id);
  await query(t.app, sql`update products set stock_level = ${stock}, low_stock_threshold = 0 where id = ${row.id}`);
  return row;
}

const place = (token: string, body: object, key: string | null = randomUUID(), shop = 'portal') =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'x-shop-type': shop, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
const stockOf = async (id: string) => (await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${id}`))[0]!.s;
const ordersWith = async (productId: string) => (await query<{ n: number }>(t.app, sql`select count(distinct order_id)::int as n from order_lines where product_id = ${productId}`))[0]!.n;
const countOrders = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders`))[0]!.n;
const body = async (token: string, extra: object = {}) => ({ ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER, ...extra });

describe('placing an order on account', () => {
  it('places the cart as the server prices it, ignoring every price the client sends', async () => {
    const p = await product(50);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 3 }]);
    const honest = await body(hospital, { external_order_number: 'PO-1', remarks: 'Dock 4' });
    const preview = v.parse(
      CheckoutPreviewSchema,
      (await t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: headers(hospital), payload: { delivery_country: 'BE', shipping_method: 'standard' } })).json(),
    );
    // A tampered body: prices, totals, a status and a discount the schema does not know. Refused with
    // the unknown field named, as the cart refuses one, not silently dropped (issue 27); nothing written.
    const tampered = { ...honest, unit_price: 1, total: 1, totals: { incl_vat: 1 }, lines: [{ product_id: p.id, quantity: 3, unit_price: { excl_vat: 1 } }], status: 'delivered', discount_excl_vat: 99999 };
    const key = randomUUID();
    const counted = await ordersCounted();
    const refused = await place(hospital, tampered, key);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'unit_price', message: 'validation.unknownField' }] });
    expect(await stockOf(p.id)).toBe(50);
    const res = await place(hospital, honest, key);
    expect(res.statusCode, res.body).toBe(201);
    const placed = v.parse(PlacedOrderSchema, res.json());
    expect(placed).toMatchObject({ status: 'ordered', payment_url: null });
    expect(placed.number).toMatch(ORDER_NUMBER_PATTERN);
    // The same key with the same body plus a total is not the same request: refused, never replayed.
    const plusTotal = await place(hospital, { ...honest, total: 1 }, key);
    expect(plusTotal.statusCode, plusTotal.body).toBe(400);
    expect(plusTotal.headers['idempotent-replayed']).toBeUndefined();
    expect(plusTotal.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'total', message: 'validation.unknownField' }] });
    // The honest body with the same key is the same request: replayed.
    const same = await place(hospital, honest, key);
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(res.json());
    // One order, one count on the orders counter (decision 084): neither the refusals nor the replay.
    expect(await ordersCountedSince(counted)).toEqual({ checkout: 1 });

    const order = v.parse(OrderSchema, (await t.app.inject({ url: `/api/v1/orders/${placed.id}`, headers: headers(hospital) })).json());
    expect(order.totals).toEqual(preview.totals);
    expect(order.lines).toEqual([expect.objectContaining({ product_id: p.id, quantity: 3, unit_price: expect.objectContaining({ excl_vat: p.price_cents }) })]);
    expect(order.totals.excl_vat).toBe(p.price_cents! * 3 + order.totals.shipping_excl_vat - order.totals.discount_excl_vat);
    expect(order).toMatchObject({ status: 'ordered', external_order_number: 'PO-1', remarks: 'Dock 4' });
    expect(await stockOf(p.id)).toBe(47);

    const [row] = await query<{ submitter: { declaration: { text: string; version: string; locale: string } } }>(t.app, sql`select submitter from orders where id = ${placed.id}`);
    expect(row!.submitter.declaration).toEqual({ version: AUTHORISATION_DECLARATION.version, locale: 'nl', text: AUTHORISATION_DECLARATION.text.nl });
    const history = await query<{ status: string; from_status: string | null; changed_by_user_id: string | null }>(
      t.app,
      sql`select status, from_status, changed_by_user_id from order_status_history where order_id = ${placed.id}`,
    );
    expect(history).toEqual([{ status: 'ordered', from_status: null, changed_by_user_id: expect.any(String) }]);
    // The cart is empty; the confirmation mail waits in the outbox.
    expect((await t.app.inject({ url: '/api/v1/cart', headers: headers(hospital) })).json().lines).toEqual([]);
    const [mail] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from outbox where payload->>'orderId' = ${placed.id}`);
    expect(mail!.n).toBe(1);
  });

  it("answers another organisation's order as not found", async () => {
    const [theirs] = await query<{ id: string }>(t.app, sql`select o.id from orders o join memberships m on m.organisation_id = o.organisation_id join users u on u.id = m.user_id where u.email = ${POLICE_BUYER} limit 1`);
    const res = await t.app.inject({ url: `/api/v1/orders/${theirs!.id}`, headers: headers(hospital) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ORDER_ERRORS.NOT_FOUND);
    expect((await t.app.inject({ url: `/api/v1/orders/${theirs!.id}`, headers: headers(police) })).statusCode).toBe(200);
  });

  it('refuses what is not valid, writing nothing', async () => {
    const p = await product(5);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 2 }]);
    const before = await countOrders();
    const counted = await ordersCounted();
    const ok = await body(hospital);
    const [policeAddress] = await query<{ id: string }>(t.app, sql`select a.id from addresses a join memberships m on m.organisation_id = a.organisation_id join users u on u.id = m.user_id where u.email = ${POLICE_BUYER} limit 1`);
    const cases: [object, string | null, number, string, string?][] = [
      [ok, null, 400, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REQUIRED],
      [{ ...ok, submitter: { ...SUBMITTER, declaration: false } }, randomUUID(), 400, 'VALIDATION_FAILED', 'submitter.declaration'],
      [{ ...ok, delivery_address_id: policeAddress!.id }, randomUUID(), 422, CHECKOUT_ERRORS.ADDRESS_NOT_FOUND, 'delivery_address_id'],
      [{ ...ok, billing_address_id: 'not-a-uuid' }, randomUUID(), 400, 'VALIDATION_FAILED', 'billing_address_id'],
      [{ ...ok, quotation_id: '/etc/passwd' }, randomUUID(), 400, 'VALIDATION_FAILED', 'quotation_id'],
      [{ ...ok, submitter: { ...SUBMITTER, admin: true } }, randomUUID(), 400, 'VALIDATION_FAILED', 'submitter.admin'],
      [{ ...ok, shipping_method: 'teleport' }, randomUUID(), 422, CHECKOUT_ERRORS.NO_SHIPPING_METHOD, 'shipping_method'],
      [{ ...ok, discount_code: 'NOPE' }, randomUUID(), 422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'discount_code'],
      [{ ...ok, discount_code: 'EXPIRED20' }, randomUUID(), 422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'discount_code'],
      [{ ...ok, discount_code: 'POLDER5' }, randomUUID(), 422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'discount_code'],
      [{ ...ok, discount_code: 'PAUSED10' }, randomUUID(), 422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'discount_code'],
    ];
    for (const [payload, key, status, code, path] of cases) {
      const res = await place(hospital, payload, key);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
      if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // Short stock: 409 with the line, and nothing written.
    await query(t.app, sql`update products set stock_level = 1 where id = ${p.id}`);
    const short = await place(hospital, ok);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: CHECKOUT_ERRORS.OUT_OF_STOCK, lines: [{ product_id: p.id, requested: 2, available: 1 }] });
    expect(await stockOf(p.id)).toBe(1);
    expect(await countOrders()).toBe(before);
    // The short stock's transaction was rolled back: nothing counted either.
    expect(await ordersCountedSince(counted)).toEqual({});
    expect((await t.app.inject({ url: '/api/v1/cart', headers: headers(hospital) })).json().item_count).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${p.id}`, headers: headers(hospital) });
    const empty = await place(hospital, ok);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe(CHECKOUT_ERRORS.CART_EMPTY);
    const staff = await place(await accessToken(t.app, 'an.claes@portal-supplier.example'), ok);
    expect(staff.statusCode).toBe(403);
    // The checkout's own refusal, not the catalogue's "The contract range is for customer accounts" (issue 27).
    expect(staff.json()).toMatchObject({ code: CHECKOUT_ERRORS.CUSTOMERS_ONLY, detail: 'Only customer accounts can place orders' });
  });
});

describe('lines no longer in the contract', () => {
  it('refuses them with the lines (409 NOT_ORDERABLE) and writes nothing', async () => {
    const p = await product(10);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 1 }]);
    await query(t.app, sql`delete from contract_prices where contract_id = ${hospitalContract} and product_id = ${p.id}`);
    const before = await countOrders();
    const res = await place(hospital, await body(hospital));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: CHECKOUT_ERRORS.NOT_ORDERABLE, lines: [{ product_id: p.id, requested: 1 }] });
    expect(await countOrders()).toBe(before);
    expect(await stockOf(p.id)).toBe(10);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${p.id}`, headers: headers(hospital) });
  });
});

describe('idempotency', () => {
  it('answers the same key and body with the same order, refuses it with another body', async () => {
    const p = await product(20);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 1 }]);
    const key = randomUUID();
    const b = await body(hospital);
    const first = await place(hospital, b, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(hospital, b, key);
    expect(again.json()).toEqual(first.json());
    const other = await place(hospital, { ...b, remarks: 'another body' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe(CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REUSED);
    expect(await ordersWith(p.id)).toBe(1);
    expect(await stockOf(p.id)).toBe(19);
  });

  it('places once when the same key arrives concurrently (the other waits its turn: 409 or the same order)', async () => {
    const p = await product(20);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 2 }]);
    const key = randomUUID();
    const b = await body(hospital);
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(hospital, b, key)));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe(CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS);
    }
    expect(await ordersWith(p.id)).toBe(1);
    expect(await stockOf(p.id)).toBe(18);
  });

  it('turns a cart into at most one order, even with different keys at once', async () => {
    const p = await product(20);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 1 }]);
    const b = await body(hospital);
    const answers = await Promise.all(Array.from({ length: 4 }, () => place(hospital, b)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect(r.json().code).toBe(CHECKOUT_ERRORS.CART_EMPTY);
    expect(await ordersWith(p.id)).toBe(1);
  });
});

describe('concurrency', () => {
  it('sells the last unit once: 20 buyers at once against a stock of 1', { timeout: 180_000 }, async () => {
    const buyers = await extraBuyers(t.app, HOSPITAL_BUYER, 20, 'last-unit');
    const p = await product(20);
    for (const token of buyers) await fillCart(t.app, token, [{ product_id: p.id, quantity: 1 }]);
    await query(t.app, sql`update products set stock_level = 1 where id = ${p.id}`);
    const bodies = await Promise.all(buyers.map((token) => body(token)));
    const before = await countOrders();
    const answers = await Promise.all(buyers.map((token, i) => place(token, bodies[i]!)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: CHECKOUT_ERRORS.OUT_OF_STOCK, lines: [{ product_id: p.id, available: 0 }] });
    expect(await stockOf(p.id)).toBe(0);
    expect(await countOrders()).toBe(before + 1);
    // No half-written order anywhere: every order has lines and a history row.
    const [broken] = await query<{ n: number }>(
      t.app,
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id) or not exists (select 1 from order_status_history h where h.order_id = o.id)`,
    );
    expect(broken!.n).toBe(0);
  });

  it('holds a discount code to its usage limit under concurrency', { timeout: 180_000 }, async () => {
    const buyers = await extraBuyers(t.app, HOSPITAL_BUYER, 6, 'discount');
    await query(t.app, sql`insert into discount_codes (code, kind, value, max_uses) values ('ONCE-ONLY', 'percent', 1000, 1)`);
    const p = await product(100);
    for (const token of buyers) await fillCart(t.app, token, [{ product_id: p.id, quantity: 1 }]);
    const bodies = await Promise.all(buyers.map((token) => body(token, { discount_code: 'once-only' })));
    const answers = await Promise.all(buyers.map((token, i) => place(token, bodies[i]!)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().code).toBe(CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE);
    }
    const [code] = await query<{ used_count: number }>(t.app, sql`select used_count from discount_codes where code = 'ONCE-ONLY'`);
    expect(code!.used_count).toBe(1);
    expect(await stockOf(p.id)).toBe(99);
  });
});

describe('order numbers', () => {
  it('numbers new orders like the seeded ones (SO-YYYY-NNNNNN), after them, and never cuts a seventh digit (issue 27)', async () => {
    const suffix = (number: string) => Number(number.split('-')[2]);
    const [seeded] = await query<{ max: string }>(t.app, sql`select max(number) as max from orders where number like 'SO-%'`);
    const p = await product(10);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 1 }]);
    const first = (await place(hospital, await body(hospital))).json() as { number: string };
    expect(first.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(first.number.slice(3, 7)).toBe(String(new Date().getUTCFullYear()));
    expect(suffix(first.number)).toBeGreaterThan(suffix(seeded!.max));
    // Past 999 999 the number grows a digit instead of being cut to an earlier one.
    await query(t.app, sql`select setval('order_number_seq', 999999)`);
    await fillCart(t.app, hospital, [{ product_id: p.id, quantity: 1 }]);
    const big = (await place(hospital, await body(hospital))).json() as { number: string };
    expect(big.number).toMatch(/^SO-\d{4}-1000000$/);
    expect(big.number).toMatch(ORDER_NUMBER_PATTERN);
  });
});

describe('web-shop customer', () => {
  it('places in payment_pending and gets the hosted payment page', async () => {
    const token = await accessToken(t.app, WEBSHOP_CUSTOMER);
    const [p] = await query<{ id: string; price_cents: number }>(
      t.app,
      sql`select id, price_cents from products where shop in ('medical', 'both') and not contract_only and active and kind = 'product' and price_cents is not null and not price_on_request and stock_level > 10 order by article_code limit 1`,
    );
    await fillCart(t.app, token, [{ product_id: p!.id, quantity: 1 }], 'medical');
    const res = await place(token, await body(token), randomUUID(), 'medical');
    expect(res.statusCode, res.body).toBe(201);
    const placed = v.parse(PlacedOrderSchema, res.json());
    expect(placed.status).toBe('payment_pending');
    expect(placed.payment_url).toMatch(/\/api\/v1\/payments\/dev\//);
    const order = v.parse(OrderSchema, (await t.app.inject({ url: `/api/v1/orders/${placed.id}`, headers: headers(token) })).json());
    expect(order.lines[0]!.unit_price.excl_vat).toBe(p!.price_cents);
    const [row] = await query<{ organisation_id: string | null }>(t.app, sql`select organisation_id from orders where id = ${placed.id}`);
    expect(row!.organisation_id).toBeNull();
    // Another customer does not see it.
    expect((await t.app.inject({ url: `/api/v1/orders/${placed.id}`, headers: headers(hospital) })).statusCode).toBe(404);
  });
});
