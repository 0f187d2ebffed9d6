// Order lists (issue 33, decision 056): made from products and past orders, private or shared with
// the organisation, edited, and ordered into the cart; a product that left the contract range or the
// stock is flagged on the list and reported when ordering, never dropped. Never another
// organisation's list, never another member's private list.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, ORDER_LIST_ERRORS, OrderListDetailSchema, OrderListOrderResultSchema, OrderListsSchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
let t: TestApp;
const tokens: Record<string, string> = {};
let inStock: { id: string; stock_level: number };
let soldOut: { id: string };
let leaving: { id: string };
let hospitalContract: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN, POLICE_BUYER, CASE_MANAGER, WEBSHOP_CUSTOMER]) tokens[email] = await accessToken(t.app, email);
  hospitalContract = await contractOf(t.app, HOSPITAL_BUYER);
  const orderable = sql`p.active and cp.price_cents is not null and not p.price_on_request and p.kind = 'product' and p.stock_level > 20`;
  inStock = await contractProduct(t.app, hospitalContract, orderable);
  leaving = await contractProduct(t.app, hospitalContract, sql`${orderable} and p.id <> ${inStock.id}`);
  soldOut = await contractProduct(t.app, hospitalContract, sql`${orderable} and p.id not in (${inStock.id}, ${leaving.id})`);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, email: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${tokens[email]}`, 'accept-language': 'en', 'x-shop-type': 'portal' }, ...(payload ? { payload } : {}) });
const list = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return v.parse(OrderListDetailSchema, res.json());
};

describe('order lists', () => {
  it('refuses staff (403), a web-shop customer without organisation (403) and a visitor (401)', async () => {
    expect((await call('GET', '/order-lists', CASE_MANAGER)).json()).toMatchObject({ code: ORDER_LIST_ERRORS.CUSTOMERS_ONLY });
    const webshop = await call('POST', '/order-lists', WEBSHOP_CUSTOMER, { name: 'Mine' });
    expect(webshop.statusCode).toBe(403);
    expect(webshop.json()).toMatchObject({ code: ORDER_LIST_ERRORS.ORGANISATION_ONLY });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/order-lists' })).statusCode).toBe(401);
  });

  it('keeps a private list to its author, shows a shared one to the organisation only, and lets only the author or an administrator manage it', async () => {
    const mine = list(await call('POST', '/order-lists', HOSPITAL_BUYER, { name: 'Ward 3', lines: [{ product_id: inStock.id, quantity: 2, note: 'for the night shift' }] }), 201);
    expect(mine).toMatchObject({ name: 'Ward 3', shared: false, mine: true, can_manage: true, line_count: 1 });
    expect(mine.lines[0]).toMatchObject({ product_id: inStock.id, quantity: 2, note: 'for the night shift', flag: null });

    // Private: the administrator of the same organisation does not see it; the police never.
    expect((await call('GET', `/order-lists/${mine.id}`, HOSPITAL_ADMIN)).statusCode).toBe(404);
    expect((await call('GET', `/order-lists/${mine.id}`, POLICE_BUYER)).json()).toMatchObject({ code: ORDER_LIST_ERRORS.NOT_FOUND });
    const adminLists = v.parse(OrderListsSchema, (await call('GET', '/order-lists', HOSPITAL_ADMIN)).json());
    expect(adminLists.items.map((l) => l.id)).not.toContain(mine.id);

    // Shared: the organisation sees it and edits its lines; the police still not.
    expect(list(await call('PATCH', `/order-lists/${mine.id}`, HOSPITAL_BUYER, { shared: true, name: 'Ward 3 weekly' }))).toMatchObject({ shared: true, name: 'Ward 3 weekly' });
    const seen = list(await call('GET', `/order-lists/${mine.id}`, HOSPITAL_ADMIN));
    expect(seen).toMatchObject({ mine: false, can_manage: true, owner_name: 'Lucas Janssens' });
    expect(list(await call('PUT', `/order-lists/${mine.id}/lines/${inStock.id}`, HOSPITAL_ADMIN, { quantity: 5 })).lines[0]!.quantity).toBe(5);
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Taken' }],
      ['DELETE', '', undefined],
      ['POST', '/lines', { lines: [{ product_id: inStock.id, quantity: 1 }] }],
      ['PUT', `/lines/${inStock.id}`, { quantity: 1 }],
      ['DELETE', `/lines/${inStock.id}`, undefined],
      ['POST', '/order', {}],
    ] as const) {
      const res = await call(method, `/order-lists/${mine.id}${url}`, POLICE_BUYER, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(list(await call('GET', `/order-lists/${mine.id}`, HOSPITAL_BUYER)).lines[0]!.quantity).toBe(5);

    // Unshared again: gone for the administrator.
    list(await call('PATCH', `/order-lists/${mine.id}`, HOSPITAL_BUYER, { shared: false }));
    expect((await call('GET', `/order-lists/${mine.id}`, HOSPITAL_ADMIN)).statusCode).toBe(404);
  });

  it("refuses a buyer who is not the author to rename, share or delete a shared list (403 ORDER_LIST_NOT_MANAGER)", async () => {
    const admins = list(await call('POST', '/order-lists', HOSPITAL_ADMIN, { name: 'Theatre', shared: true }), 201);
    const seen = list(await call('GET', `/order-lists/${admins.id}`, HOSPITAL_BUYER));
    expect(seen.can_manage).toBe(false);
    for (const res of [await call('PATCH', `/order-lists/${admins.id}`, HOSPITAL_BUYER, { name: 'Mine now' }), await call('DELETE', `/order-lists/${admins.id}`, HOSPITAL_BUYER)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: ORDER_LIST_ERRORS.NOT_MANAGER });
    }
    // The buyer may still add lines to the shared list.
    expect(list(await call('POST', `/order-lists/${admins.id}/lines`, HOSPITAL_BUYER, { lines: [{ product_id: inStock.id, quantity: 1 }] })).line_count).toBe(1);
    expect((await call('DELETE', `/order-lists/${admins.id}`, HOSPITAL_ADMIN)).statusCode).toBe(204);
    expect((await call('GET', `/order-lists/${admins.id}`, HOSPITAL_ADMIN)).statusCode).toBe(404);
  });

  it('refuses bad input with 4xx and writes nothing: an unknown product, a bad id, a zero quantity, an empty name', async () => {
    const count = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from order_lists`))[0]!.n;
    const before = await count();
    const unknown = await call('POST', '/order-lists', HOSPITAL_BUYER, { name: 'X', lines: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: ORDER_LIST_ERRORS.PRODUCT_NOT_FOUND, errors: [{ path: 'lines.0.product_id' }] });
    for (const body of [{ name: '' }, { name: 'X', lines: [{ product_id: 'abc', quantity: 1 }] }, { name: 'X', lines: [{ product_id: inStock.id, quantity: 0 }] }, { name: 'X', extra: 1 }]) {
      expect((await call('POST', '/order-lists', HOSPITAL_BUYER, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/order-lists/not-a-uuid', HOSPITAL_BUYER)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('flags a product that left the contract range or the stock, and ordering puts the rest in the cart and reports those', async () => {
    const made = list(
      await call('POST', '/order-lists', HOSPITAL_BUYER, {
        name: 'Monthly',
        lines: [
          { product_id: inStock.id, quantity: 3 },
          { product_id: leaving.id, quantity: 1 },
          { product_id: soldOut.id, quantity: 2 },
        ],
      }),
      201,
    );
    expect(made.lines.map((l) => l.flag)).toEqual([null, null, null]);
    await query(t.app, sql`delete from contract_prices where contract_id = ${hospitalContract} and product_id = ${leaving.id}`);
    await query(t.app, sql`update products set stock_level = 0, backorder_allowed = false where id = ${soldOut.id}`);

    const flagged = list(await call('GET', `/order-lists/${made.id}`, HOSPITAL_BUYER));
    expect(Object.fromEntries(flagged.lines.map((l) => [l.product_id, l.flag]))).toEqual({ [inStock.id]: null, [leaving.id]: 'not_in_contract', [soldOut.id]: 'out_of_stock' });
    expect(flagged.lines).toHaveLength(3);

    const before = v.parse(CartSchema, (await call('GET', '/cart', HOSPITAL_BUYER)).json());
    const had = before.lines.find((l) => l.product_id === inStock.id)?.quantity ?? 0;
    const ordered = await call('POST', `/order-lists/${made.id}/order`, HOSPITAL_BUYER, {});
    expect(ordered.statusCode, ordered.body).toBe(200);
    const result = v.parse(OrderListOrderResultSchema, ordered.json());
    expect(result.added).toEqual([{ product_id: inStock.id, quantity: 3 }]);
    // Lines added together come in the order of their names: compare without the order.
    expect(result.not_added.map((n) => [n.product_id, n.reason, n.added])).toHaveLength(2);
    expect(result.not_added.map((n) => [n.product_id, n.reason, n.added])).toEqual(
      expect.arrayContaining([
        [leaving.id, 'not_in_contract', 0],
        [soldOut.id, 'out_of_stock', 0],
      ]),
    );
    const after = v.parse(CartSchema, (await call('GET', '/cart', HOSPITAL_BUYER)).json());
    expect(after.lines.find((l) => l.product_id === inStock.id)?.quantity).toBe(had + 3);
    // Nothing left the list.
    expect(list(await call('GET', `/order-lists/${made.id}`, HOSPITAL_BUYER)).lines).toHaveLength(3);

    // Chosen lines only; a product not on the list is 404 and adds nothing.
    const notOnList = await call('POST', `/order-lists/${made.id}/order`, HOSPITAL_BUYER, { product_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(notOnList.json()).toMatchObject({ code: ORDER_LIST_ERRORS.LINE_NOT_FOUND });
    const chosen = v.parse(OrderListOrderResultSchema, (await call('POST', `/order-lists/${made.id}/order`, HOSPITAL_BUYER, { product_ids: [soldOut.id] })).json());
    expect(chosen).toEqual({ added: [], not_added: [expect.objectContaining({ product_id: soldOut.id, reason: 'out_of_stock' })] });
  });

  it('adds no more than the stock allows beside what the cart holds, and says so (short_of_stock)', async () => {
    const [row] = await query<{ stock_level: number }>(t.app, sql`select stock_level from products where id = ${inStock.id}`);
    const cart = v.parse(CartSchema, (await call('GET', '/cart', HOSPITAL_BUYER)).json());
    const held = cart.lines.find((l) => l.product_id === inStock.id)?.quantity ?? 0;
    const made = list(await call('POST', '/order-lists', HOSPITAL_BUYER, { name: 'Big', lines: [{ product_id: inStock.id, quantity: row!.stock_level + 5 }] }), 201);
    const result = v.parse(OrderListOrderResultSchema, (await call('POST', `/order-lists/${made.id}/order`, HOSPITAL_BUYER, {})).json());
    expect(result.not_added).toEqual([expect.objectContaining({ product_id: inStock.id, reason: 'short_of_stock', added: row!.stock_level - held })]);
  });

  it('counts every add when members add to a shared list at once (the list row is locked; PostgreSQL with DATABASE_URL)', async () => {
    const shared = list(await call('POST', '/order-lists', HOSPITAL_BUYER, { name: 'Busy ward', shared: true, lines: [{ product_id: inStock.id, quantity: 1 }] }), 201);
    const adds = Array.from({ length: 8 }, (_, i) => call('POST', `/order-lists/${shared.id}/lines`, i % 2 ? HOSPITAL_ADMIN : HOSPITAL_BUYER, { lines: [{ product_id: inStock.id, quantity: 1 }] }));
    for (const res of await Promise.all(adds)) expect(res.statusCode, res.body).toBe(200);
    expect(list(await call('GET', `/order-lists/${shared.id}`, HOSPITAL_BUYER)).lines).toEqual([expect.objectContaining({ product_id: inStock.id, quantity: 9 })]);
  });

  it('removes a line and deletes a list', async () => {
    const made = list(await call('POST', '/order-lists', HOSPITAL_BUYER, { name: 'Short-lived', lines: [{ product_id: inStock.id, quantity: 1 }] }), 201);
    expect(list(await call('DELETE', `/order-lists/${made.id}/lines/${inStock.id}`, HOSPITAL_BUYER)).lines).toEqual([]);
    expect((await call('DELETE', `/order-lists/${made.id}/lines/${inStock.id}`, HOSPITAL_BUYER)).json()).toMatchObject({ code: ORDER_LIST_ERRORS.LINE_NOT_FOUND });
    expect((await call('DELETE', `/order-lists/${made.id}`, HOSPITAL_BUYER)).statusCode).toBe(204);
    expect(v.parse(OrderListsSchema, (await call('GET', '/order-lists', HOSPITAL_BUYER)).json()).items.map((l) => l.id)).not.toContain(made.id);
  });
});
