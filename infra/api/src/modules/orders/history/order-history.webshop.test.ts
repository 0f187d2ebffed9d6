// My orders for a web-shop customer (a person with no organisation): one account serves both shops
// (spec section 1), so the list shows their own orders from the medical and the tactical shop, the
// detail opens them, and nobody else's order (another web-shop customer's, an organisation's) is
// there; nor are theirs for anyone else. Before, the list answered 401 "Sign in to see orders".
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema, OrderListSchema, PlacedOrderSchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { accessToken, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const OTHER_CUSTOMER = 'second.webshop-customer@webshop-customer.example';

let t: TestApp;
const tokens: Record<string, string> = {};
const placed: Record<string, string[]> = { medical: [], tactical: [] };
let otherOrder: { id: string; number: string };

/** One product of a shop that anybody may buy with stock to spare. */
async function shopProduct(shop: 'medical' | 'tactical') {
  const [p] = await query<{ id: string }>(
    t.app,
    sql`select id from products where shop in (${shop}, 'both') and not contract_only and active and kind = 'product' and price_cents is not null
        and not price_on_request and stock_level > 10 order by article_code limit 1`,
  );
  return p!.id;
}

/** Through the API as the shop does it: one unit in the cart, the default addresses, placed. */
async function placeIn(shop: 'medical' | 'tactical', token: string) {
  const headers = { 'x-shop-type': shop, 'accept-language': 'en', authorization: `Bearer ${token}` };
  const cart = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers, payload: { lines: [{ product_id: await shopProduct(shop), quantity: 1 }] } });
  if (cart.statusCode !== 200) throw new Error(`filling the cart failed: ${cart.body}`);
  const book = (await t.app.inject({ url: '/api/v1/addresses', headers })).json() as { id: string; type: string; is_default: boolean }[];
  const addresses = {
    billing_address_id: book.find((a) => a.type === 'billing' && a.is_default)!.id,
    delivery_address_id: book.find((a) => a.type === 'shipping' && a.is_default)!.id,
  };
  const submitter = { first_name: 'Noor', last_name: 'Maes', function: 'Paramedic', full_name: 'Noor Maes', declaration: true };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { ...addresses, shipping_method: 'standard', submitter },
  });
  if (res.statusCode !== 201) throw new Error(`placing in ${shop} failed: ${res.body}`);
  return v.parse(PlacedOrderSchema, res.json()).id;
}

beforeAll(async () => {
  t = await startTestApp();
  // A second web-shop customer (a copy of the seeded one) with one order of their own, copied from
  // a web-shop order of the first.
  await query(
    t.app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${OTHER_CUSTOMER}::text))).* from users u where u.email = ${WEBSHOP_CUSTOMER}`,
  );
  for (const email of [WEBSHOP_CUSTOMER, OTHER_CUSTOMER, HOSPITAL_BUYER, CASE_MANAGER]) tokens[email] = await accessToken(t.app, email);
  placed.medical!.push(await placeIn('medical', tokens[WEBSHOP_CUSTOMER]!));
  placed.tactical!.push(await placeIn('tactical', tokens[WEBSHOP_CUSTOMER]!));
  const [copied] = await query<{ id: string; number: string }>(
    t.app,
    sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) - 'id' - 'number' - 'user_id'
          || jsonb_build_object('id', gen_random_uuid(), 'number', 'WEB-OTHER-1', 'user_id', (select id from users where email = ${OTHER_CUSTOMER})))).*
        from orders o where o.id = ${placed.medical![0]!} returning id, number`,
  );
  otherOrder = copied!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, email: string) => t.app.inject({ url, headers: { 'accept-language': 'en', authorization: `Bearer ${tokens[email]}` } });
const listOf = async (email: string) => {
  const res = await get('/api/v1/orders?page_size=100', email);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(OrderListSchema, res.json());
};

describe('my orders of a web-shop customer', () => {
  it('lists their own orders of both shops, and only those', async () => {
    const mine = await listOf(WEBSHOP_CUSTOMER);
    expect(new Set(mine.items.map((o) => o.id))).toEqual(new Set([...placed.medical!, ...placed.tactical!]));
    expect(mine.total).toBe(2);
    expect(mine.items.every((o) => o.organisation_name === null)).toBe(true);
    const theirs = await listOf(OTHER_CUSTOMER);
    expect(theirs.items.map((o) => o.id)).toEqual([otherOrder.id]);
    // The search and the filters keep the same scope.
    expect((await get(`/api/v1/orders?q=${otherOrder.number}`, WEBSHOP_CUSTOMER)).json().total).toBe(0);
  });

  it('opens their own order, and nobody else opens it', async () => {
    const [id] = placed.tactical!;
    const [row] = await query<{ number: string }>(t.app, sql`select number from orders where id = ${id}`);
    const res = await get(`/api/v1/my-orders/${row!.number}`, WEBSHOP_CUSTOMER);
    expect(res.statusCode, res.body).toBe(200);
    const detail = v.parse(OrderDetailSchema, res.json());
    expect(detail).toMatchObject({ id, organisation_id: null, organisation_name: null, can_confirm_delivery: false, can_report_problem: false });
    for (const email of [OTHER_CUSTOMER, HOSPITAL_BUYER, CASE_MANAGER]) {
      expect((await get(`/api/v1/my-orders/${row!.number}`, email)).statusCode, email).toBe(404);
      expect((await get(`/api/v1/orders/${id}`, email)).statusCode, email).toBe(404);
    }
    expect((await get(`/api/v1/my-orders/${otherOrder.number}`, WEBSHOP_CUSTOMER)).statusCode).toBe(404);
  });

  it("keeps web-shop orders out of an organisation's list and staff's", async () => {
    const web = new Set([...placed.medical!, ...placed.tactical!, otherOrder.id]);
    for (const email of [HOSPITAL_BUYER, CASE_MANAGER]) {
      const page = await listOf(email);
      expect(page.items.some((o) => web.has(o.id)), email).toBe(false);
    }
    // And an organisation's orders are not in the web-shop customer's list.
    const [orgOrders] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders where organisation_id is not null`);
    expect(orgOrders!.n).toBeGreaterThan(0);
  });
});
