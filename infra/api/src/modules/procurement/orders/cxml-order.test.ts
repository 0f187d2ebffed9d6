// The cXML OrderRequest after a punchout (issue 34, decision 053), with documents shaped like the
// cXML User's Guide's sample: authenticated by the Sender credential of a procurement identity,
// placed through the portal's placement (contract prices checked, stock taken, idempotent by the
// buyer's orderID), answered with a cXML Response whose Status code is the HTTP status.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { addCxmlIdentity, cxmlOrderRequest, type CxmlItem } from '../../../test-support/cxml-orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { ordersCounted, ordersCountedSince } from '../../../test-support/orders-counter';

let t: TestApp;
let contract: string;
const SECRET = 'procurement-test-secret';
const IDENTITY = 'AN01000000001';

beforeAll(async () => {
  t = await startTestApp({ paymentExpiryIntervalMs: 0 });
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  await addCxmlIdentity(t.app, HOSPITAL_BUYER, IDENTITY, SECRET);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const used = new Set<string>();
async function product(stock: number) {
  const row = await contractProduct(
    t.app,
    contract,
    sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...used, randomUUID()]}`,
  );
  used.add(row.id);
  await query(t.app, sql`update products set stock_level = ${stock}, low_stock_threshold = 0 where id = ${row.id}`);
  return { ...row, price: (row.price_cents! / 100).toFixed(2) };
}

type Item = CxmlItem;
/** An OrderRequest of the test's identity (or the one `opts` names). */
const orderRequest = (orderId: string, items: Item[], opts: { secret?: string; identity?: string; type?: string } = {}) =>
  cxmlOrderRequest(orderId, items, { identity: IDENTITY, secret: SECRET, ...opts });

const post = (xml: string, type = 'text/xml') => t.app.inject({ method: 'POST', url: '/api/punchout/cxml/order', headers: { 'content-type': type }, payload: xml });
/** The Status element's code and text of a cXML Response. */
function status(body: string) {
  const m = body.match(/<Status code="(\d+)" text="[^"]*"(?:\/>|>([\s\S]*?)<\/Status>)/);
  return { code: Number(m?.[1]), text: m?.[2]?.trim() ?? '' };
}
const stockOf = async (id: string) => (await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${id}`))[0]!.s;
const ordersWith = async (ref: string) => query<{ id: string; total_cents: number; remarks: string | null }>(t.app, sql`select id, total_cents, remarks from orders where external_reference = ${ref}`);

describe('the cXML OrderRequest', () => {
  it('places the order at the contract prices, takes the stock, and answers a replay with the same order', async () => {
    const [a, b] = [await product(30), await product(30)];
    const orderId = `PO-${randomUUID().slice(0, 8)}`;
    const xml = orderRequest(orderId, [
      { code: a.article_code, quantity: 3, price: a.price },
      { code: b.article_code, quantity: 2 },
    ]);
    const counted = await ordersCounted();
    const res = await post(xml);
    expect(res.statusCode, res.body).toBe(200);
    // One cXML order on the orders counter (decision 084); the replay and the reused orderID below add none.
    expect(await ordersCountedSince(counted)).toEqual({ cxml: 1 });
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">');
    expect(status(res.body)).toMatchObject({ code: 200 });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([27, 28]);
    const [order] = await ordersWith(orderId);
    expect(order!.remarks).toBe('Deliver to ward 3');
    const source = await query<{ channel: string; order_id: string }>(t.app, sql`select channel, order_id from procurement_orders where buyer_order_id = ${orderId}`);
    expect(source).toEqual([{ channel: 'cxml', order_id: order!.id }]);
    // The buyer's order page says where it came from.
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const [{ number }] = (await query<{ number: string }>(t.app, sql`select number from orders where id = ${order!.id}`)) as [{ number: string }];
    const page = await t.app.inject({ url: `/api/v1/my-orders/${number}`, headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ number, external_order_number: orderId, source: 'cxml' });

    const again = await post(xml);
    expect(again.statusCode).toBe(200);
    expect(status(again.body).text).toContain('was placed before');
    expect(await ordersWith(orderId)).toHaveLength(1);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([27, 28]);

    // Another order under the same orderID: refused, nothing placed.
    const other = await post(orderRequest(orderId, [{ code: a.article_code, quantity: 1 }]));
    expect([other.statusCode, status(other.body).code]).toEqual([409, 409]);
    expect(await stockOf(a.id)).toBe(27);
    expect(await ordersCountedSince(counted)).toEqual({ cxml: 1 });
  });

  it('refuses a price that differs from the contract, an unknown part and short stock, placing nothing', async () => {
    const a = await product(2);
    const counted = await ordersCounted();
    const cases: [Item[], number, RegExp][] = [
      [[{ code: a.article_code, quantity: 1, price: '0.01' }], 400, /differs from the contract price/],
      [[{ code: 'NO-SUCH-PART', quantity: 1 }], 400, /unknown SupplierPartID NO-SUCH-PART/],
      [[{ code: a.article_code, quantity: 5 }], 409, /Not enough stock.*5 requested, 2 available/],
      [[{ code: a.article_code, quantity: 0 }], 400, /quantity/],
      [[{ code: a.article_code, quantity: '1.5' }], 400, /quantity/],
    ];
    for (const [items, code, text] of cases) {
      const orderId = `PO-${randomUUID().slice(0, 8)}`;
      const res = await post(orderRequest(orderId, items));
      expect([res.statusCode, status(res.body).code], res.body).toEqual([code, code]);
      expect(status(res.body).text).toMatch(text);
      expect(await ordersWith(orderId)).toEqual([]);
    }
    expect(await stockOf(a.id)).toBe(2);
    expect(await ordersCountedSince(counted)).toEqual({});
  });

  it('refuses a wrong secret or unknown sender (401) and an order that is not new (406)', async () => {
    const a = await product(5);
    for (const opts of [{ secret: 'wrong' }, { identity: 'AN-UNKNOWN' }]) {
      const res = await post(orderRequest(`PO-${randomUUID().slice(0, 8)}`, [{ code: a.article_code, quantity: 1 }], opts));
      expect([res.statusCode, status(res.body).code]).toEqual([401, 401]);
    }
    const update = await post(orderRequest(`PO-${randomUUID().slice(0, 8)}`, [{ code: a.article_code, quantity: 1 }], { type: 'update' }));
    expect([update.statusCode, status(update.body).code]).toEqual([406, 406]);
    expect(await stockOf(a.id)).toBe(5);
  });

  it('refuses hostile or unreadable XML with a cXML 400: XXE, billion laughs, internal subsets, not XML, JSON', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML>&xxe;</cXML>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><cXML>&lol2;</cXML>`;
    const subset = `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "x.dtd" [<!ATTLIST cXML a CDATA "b">]><cXML/>`;
    for (const body of [xxe, laughs, subset, 'not xml at all', '<cXML><Header>']) {
      const res = await post(body);
      expect([res.statusCode, status(res.body).code], body).toEqual([400, 400]);
      expect(res.body).not.toContain('root:');
    }
    const json = await post(JSON.stringify({ orderID: 'x' }), 'application/json');
    expect([json.statusCode, status(json.body).code]).toEqual([400, 400]);
    const huge = await post(`<cXML>${'x'.repeat(1024 * 1024 + 10)}</cXML>`);
    expect(huge.statusCode).toBe(413);
  });
});
