// Ordering an accepted quotation (issue 14): its lines at its quoted prices whatever the catalogue
// says, stock taken as for any order, the quotation claimed in the placement transaction (one
// quotation, at most one order, even with different idempotency keys) and `ordered` in its
// history. Draft, sent, answered, expired, already ordered and other organisations' quotations
// are refused. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, CHECKOUT_ERRORS, CheckoutPreviewSchema, MESSAGE_KEYS as M, OrderSchema, PlacedOrderSchema, QuotationSchema, ShippingMethodSchema } from '@portal/shared/schemas';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../../test-support/orders';
import { REPO_ROOT } from '../../../env';
import { ordersCounted, ordersCountedSince } from '../../../test-support/orders-counter';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { defaultAddresses, extraBuyers, fillCart, headers, SUBMITTER } from './orders.test-support';

const nl = JSON.parse(readFileSync(`${REPO_ROOT}/shared/src/i18n/messages/nl.json`, 'utf8')) as Record<string, string>;

let t: TestApp;
let hospital: string;
let police: string;
let manager: string;
let contract: string;
beforeAll(async () => {
  t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0 } as never);
  [hospital, police, manager] = [await accessToken(t.app, HOSPITAL_BUYER), await accessToken(t.app, POLICE_BUYER), await accessToken(t.app, CASE_MANAGER)];
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  // The demo seed leaves a cart for the hospital buyer; these tests fill their own.
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A priced product of the hospital's contract with its own stock (tests do not share products). */
const used = new Set<string>();
async function product(stock: number) {
  const row = await contractProduct(
    t.app,
    contract,
    sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...used, randomUUID()]}`,
  );
  used.add(row.id);
  await query(t.app, sql`update products set stock_level = ${stock}, low_stock_threshold = 0 where id = ${row.id}`);
  return row;
}

const q = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/quotations${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

/** A quotation of the hospital taken to `until` ('sent', 'answered' or 'accepted') at these prices (cents). */
async function quotation(lines: { product_id: string; quantity: number; price: number }[], until: 'sent' | 'answered' | 'accepted' = 'accepted', validUntil = '2099-01-01') {
  const created = await q('POST', '', hospital, { title: 'Quoted', lines: lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })) });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  expect((await q('POST', `/${id}/send`, hospital)).statusCode).toBe(200);
  if (until === 'sent') return id;
  const answered = await q('POST', `/${id}/answer`, manager, { valid_until: validUntil, lines: lines.map((l) => ({ product_id: l.product_id, unit_price_excl_vat: l.price })) });
  expect(answered.statusCode, answered.body).toBe(200);
  if (until === 'answered') return id;
  expect((await q('POST', `/${id}/accept`, hospital)).statusCode).toBe(200);
  return id;
}

const place = (token: string, body: object, key = randomUUID()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: headers(token, { 'idempotency-key': key }), payload: body });
const body = async (token: string, extra: object = {}) => ({ ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER, ...extra });
const stockOf = async (id: string) => (await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${id}`))[0]!.s;
const shippingList = (token: string, country: string, quotationId?: string) =>
  t.app.inject({ url: `/api/v1/checkout/shipping-methods?country=${country}${quotationId ? `&quotation_id=${quotationId}` : ''}`, headers: headers(token) });
const ordersOfQuotation = async (id: string) => (await query<{ order_id: string | null }>(t.app, sql`select order_id from quotations where id = ${id}`))[0]!.order_id;

describe('ordering an accepted quotation', () => {
  it('orders its lines at the quoted prices whatever the catalogue says, leaves the cart alone and records `ordered`', async () => {
    const [a, b, inCart] = [await product(40), await product(40), await product(40)];
    await fillCart(t.app, hospital, [{ product_id: inCart.id, quantity: 1 }]);
    const id = await quotation([
      { product_id: a.id, quantity: 3, price: 1234 },
      { product_id: b.id, quantity: 2, price: 5 },
    ]);
    // The catalogue changes after the answer: the quotation's prices still hold.
    await query(t.app, sql`update contract_prices set price_cents = price_cents + 777 where contract_id = ${contract} and product_id in ${[a.id, b.id]}`);

    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: headers(hospital), payload: { quotation_id: id } });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = v.parse(CheckoutPreviewSchema, preview.json());
    expect(shown.lines.map((l) => [l.product_id, l.quantity, l.unit_price!.excl_vat]).sort()).toEqual([[a.id, 3, 1234], [b.id, 2, 5]].sort());
    expect(shown.totals.excl_vat).toBe(3 * 1234 + 2 * 5);

    const counted = await ordersCounted();
    const res = await place(hospital, await body(hospital, { quotation_id: id }));
    expect(res.statusCode, res.body).toBe(201);
    // Counted as a quotation's order, not the checkout's cart (decision 084).
    expect(await ordersCountedSince(counted)).toEqual({ quotation: 1 });
    const placed = v.parse(PlacedOrderSchema, res.json());
    const order = v.parse(OrderSchema, (await t.app.inject({ url: `/api/v1/orders/${placed.id}`, headers: headers(hospital) })).json());
    expect(order.lines.map((l) => [l.product_id, l.quantity, l.unit_price.excl_vat]).sort()).toEqual([[a.id, 3, 1234], [b.id, 2, 5]].sort());
    expect(order.totals.excl_vat - order.totals.shipping_excl_vat).toBe(3 * 1234 + 2 * 5);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([37, 38]);
    // The cart was not ordered and is still there.
    expect(await stockOf(inCart.id)).toBe(40);
    const cart = (await t.app.inject({ url: '/api/v1/cart', headers: headers(hospital) })).json() as { lines: { product_id: string }[] };
    expect(cart.lines.map((l) => l.product_id)).toEqual([inCart.id]);

    const after = v.parse(QuotationSchema, (await q('GET', `/${id}`, hospital)).json());
    expect(after.order_id).toBe(placed.id);
    expect(after.history!.map((h) => h.event)).toEqual(['created', 'sent', 'answered', 'accepted', 'ordered']);
    expect(after.history!.at(-1)!.note).toBe(placed.number);
  });

  it('places one order for ten concurrent placements of one quotation with different keys', async () => {
    const p = await product(100);
    const id = await quotation([{ product_id: p.id, quantity: 1, price: 999 }]);
    const buyers = [hospital, ...(await extraBuyers(t.app, HOSPITAL_BUYER, 9, `quote-race-${randomUUID().slice(0, 8)}`))];
    const bodies = await Promise.all(buyers.map((token) => body(token, { quotation_id: id })));
    const results = await Promise.all(buyers.map((token, i) => place(token, bodies[i]!)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe(CHECKOUT_ERRORS.QUOTATION_ORDERED);
    const orders = await query<{ n: number }>(t.app, sql`select count(distinct order_id)::int as n from order_lines where product_id = ${p.id}`);
    expect(orders[0]!.n).toBe(1);
    expect(await stockOf(p.id)).toBe(99);
    expect(await ordersOfQuotation(id)).not.toBeNull();
    const events = await query<{ n: number }>(t.app, sql`select count(*)::int as n from quotation_history where quotation_id = ${id} and event = 'ordered'`);
    expect(events[0]!.n).toBe(1);
  }, 120_000);

  it('answers a retry with the same key with the same order', async () => {
    const p = await product(10);
    const id = await quotation([{ product_id: p.id, quantity: 2, price: 300 }]);
    const key = randomUUID();
    const payload = await body(hospital, { quotation_id: id });
    const first = await place(hospital, payload, key);
    const again = await place(hospital, payload, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('refuses a draft, sent, answered, expired, already ordered or unknown quotation, leaving stock alone', async () => {
    const p = await product(20);
    const line = [{ product_id: p.id, quantity: 1, price: 100 }];
    const sent = await quotation(line, 'sent');
    const answered = await quotation(line, 'answered');
    const lapsed = await quotation(line);
    await query(t.app, sql`update quotations set valid_until = current_date - 1 where id = ${lapsed}`);
    const expired = await quotation(line, 'answered');
    await query(t.app, sql`update quotations set status = 'expired' where id = ${expired}`);
    const ordered = await quotation(line);
    expect((await place(hospital, await body(hospital, { quotation_id: ordered }))).statusCode).toBe(201);
    const draft = (await q('POST', '', hospital, { lines: [{ product_id: p.id, quantity: 1 }] })).json().id as string;
    const cases: [string, number, string][] = [
      [draft, 409, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
      [sent, 409, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
      [answered, 409, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED],
      [lapsed, 409, CHECKOUT_ERRORS.QUOTATION_EXPIRED],
      [expired, 409, CHECKOUT_ERRORS.QUOTATION_EXPIRED],
      [ordered, 409, CHECKOUT_ERRORS.QUOTATION_ORDERED],
      [randomUUID(), 422, CHECKOUT_ERRORS.QUOTATION_NOT_FOUND],
      // Not a UUID: refused by the schema (issue 27), before any lookup.
      ['not-an-id', 400, API_ERRORS.VALIDATION_FAILED],
    ];
    const stock = await stockOf(p.id);
    for (const [id, status, code] of cases) {
      const res = await place(hospital, await body(hospital, { quotation_id: id }));
      expect([id, res.statusCode, res.json().code]).toEqual([id, status, code]);
      expect(res.json().errors[0].path).toBe('quotation_id');
      const preview = await t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: headers(hospital), payload: { quotation_id: id } });
      expect(preview.json().code).toBe(code);
      const listed = await shippingList(hospital, 'BE', id);
      expect([id, listed.statusCode, listed.json().code]).toEqual([id, status, code]);
    }
    expect(await stockOf(p.id)).toBe(stock);
    // The field error is a message key the clients translate (shared/src/i18n/messages).
    const refused = await place(hospital, await body(hospital, { quotation_id: ordered }));
    expect(refused.json().errors[0].message).toBe(M.quotationOrdered);
    expect(nl[M.quotationOrdered]).toBe('Deze offerte is al besteld');
  });

  it("refuses another organisation's quotation as not found, for placing and previewing", async () => {
    const p = await product(10);
    const id = await quotation([{ product_id: p.id, quantity: 1, price: 100 }]);
    const res = await place(police, await body(police, { quotation_id: id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(CHECKOUT_ERRORS.QUOTATION_NOT_FOUND);
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: headers(police), payload: { quotation_id: id } });
    expect(preview.json().code).toBe(CHECKOUT_ERRORS.QUOTATION_NOT_FOUND);
    const listed = await shippingList(police, 'BE', id);
    expect([listed.statusCode, listed.json().code]).toEqual([422, CHECKOUT_ERRORS.QUOTATION_NOT_FOUND]);
    expect(await ordersOfQuotation(id)).toBeNull();
    expect(await stockOf(p.id)).toBe(10);
  });
});

// The "free from" threshold is measured against what is ordered: the quotation at its quoted
// prices, not the cart beside it. The list, the preview and the placed order agree.
describe('"free from" shipping of a quotation order', () => {
  /** The standard method of the default delivery address's country, and its threshold. */
  async function standardRate() {
    const { delivery_address_id } = await defaultAddresses(t.app, hospital);
    const [row] = await query<{ country: string; from: number }>(
      t.app,
      sql`select a.country, r.free_from_cents as from from addresses a join shipping_rates r on r.country = a.country
          join shipping_methods m on m.id = r.shipping_method_id where a.id = ${delivery_address_id} and m.code = 'standard'`,
    );
    expect(row?.from, 'a standard rate with a "free from"').toBeGreaterThan(0);
    return row!;
  }

  /** The standard method's price in the list, the preview's shipping and the placed order's shipping. */
  async function shippingEverywhere(country: string, quotationId: string) {
    const res = await shippingList(hospital, country, quotationId);
    expect(res.statusCode, res.body).toBe(200);
    const listed = v.parse(v.array(ShippingMethodSchema), res.json()).find((m) => m.code === 'standard')!.price_excl_vat;
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: headers(hospital), payload: { quotation_id: quotationId, delivery_country: country, shipping_method: 'standard' } });
    const previewed = v.parse(CheckoutPreviewSchema, preview.json()).totals.shipping_excl_vat;
    const placed = await place(hospital, await body(hospital, { quotation_id: quotationId }));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = v.parse(OrderSchema, (await t.app.inject({ url: `/api/v1/orders/${placed.json().id}`, headers: headers(hospital) })).json());
    return { listed, previewed, charged: order.totals.shipping_excl_vat };
  }

  it('ships a quotation above the threshold free while the cart is below it', async () => {
    const { country, from } = await standardRate();
    const [quoted, inCart] = [await product(10), await product(10)];
    await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
    await fillCart(t.app, hospital, [{ product_id: inCart.id, quantity: 1 }]);
    const cart = v.parse(v.array(ShippingMethodSchema), (await shippingList(hospital, country)).json()).find((m) => m.code === 'standard')!;
    expect(cart.price_excl_vat, 'the cart alone pays shipping').toBeGreaterThan(0);
    const id = await quotation([{ product_id: quoted.id, quantity: 1, price: from }]);
    expect(await shippingEverywhere(country, id)).toEqual({ listed: 0, previewed: 0, charged: 0 });
  });

  it('charges shipping for a quotation below the threshold while the cart is above it', async () => {
    const { country, from } = await standardRate();
    const [quoted, inCart] = [await product(10), await product(1000)];
    const quantity = Math.ceil(from / inCart.price_cents!);
    await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
    await fillCart(t.app, hospital, [{ product_id: inCart.id, quantity }]);
    const cart = v.parse(v.array(ShippingMethodSchema), (await shippingList(hospital, country)).json()).find((m) => m.code === 'standard')!;
    expect(cart.price_excl_vat, 'the cart alone ships free').toBe(0);
    const id = await quotation([{ product_id: quoted.id, quantity: 1, price: from - 1 }]);
    const { listed, previewed, charged } = await shippingEverywhere(country, id);
    expect(listed).toBeGreaterThan(0);
    expect({ previewed, charged }).toEqual({ previewed: listed, charged: listed });
  });
});
