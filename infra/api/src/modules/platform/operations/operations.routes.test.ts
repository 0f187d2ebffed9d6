// The staff's operations figures (decision 081): staff only, and read from the registry the metrics
// listener serves: an order placed, whatever its channel, moves the page's count exactly as it moves
// the scraped orders counter (decision 084).
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationsFiguresSchema, OperationsSummarySchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { sql } from 'drizzle-orm';
import { addCxmlIdentity, cxmlOrderRequest } from '../../../test-support/cxml-orders';
import { accessToken, anonymousToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { defaultAddresses, fillCart, headers, stockedWebshopProduct, SUBMITTER } from '../../../test-support/placement';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const STAFF = 'an.claes@portal-supplier.example';
const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const URL = '/api/v1/staff/operations';

let t: TestApp;
let metricsBase: string;
beforeAll(async () => {
  t = await startTestApp({ metricsPort: 0, metricsHost: '127.0.0.1', paymentExpiryIntervalMs: 0 });
  metricsBase = `http://127.0.0.1:${t.app.metricsListener!.address().port}`;
});
afterAll(() => t?.close());

const figuresAs = async (token: string) => {
  const res = await t.app.inject({ url: URL, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return v.parse(OperationsFiguresSchema, res.json());
};
const scrapedPlacements = async () => {
  const text = await (await fetch(`${metricsBase}/metrics`)).text();
  const lines = text.split('\n').filter((line) => line.startsWith('portal_orders_placed_total{'));
  return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
};
const CXML = { identity: 'AN01000000043', secret: 'operations-test-secret' };

describe('GET /api/v1/staff/operations', () => {
  it('refuses a buyer, a customer organisation\'s administrator, an anonymous session and no token', async () => {
    for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN]) {
      const res = await t.app.inject({ url: URL, headers: { authorization: `Bearer ${await accessToken(t.app, email)}` } });
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toMatchObject({ code: 'STAFF_ONLY' });
    }
    expect((await t.app.inject({ url: URL, headers: { authorization: `Bearer ${await anonymousToken(t.app)}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('counts a placed order as the metrics listener does, with every figure and its status', async () => {
    const staff = await accessToken(t.app, STAFF);
    const before = await figuresAs(staff);
    const scrapedBefore = await scrapedPlacements();

    const buyer = await accessToken(t.app, WEBSHOP_CUSTOMER);
    await fillCart(t.app, buyer, [{ product_id: await stockedWebshopProduct(t.app), quantity: 1 }], 'medical');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...headers(buyer), 'x-shop-type': 'medical', 'idempotency-key': randomUUID() },
      payload: { ...(await defaultAddresses(t.app, buyer)), shipping_method: 'standard', submitter: SUBMITTER },
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const after = await figuresAs(staff);
    expect(after.orders.placed - before.orders.placed).toBe(1);
    expect((await scrapedPlacements()) - scrapedBefore).toBe(1);
    expect(after.orders.per_hour[0]!.placed).toBe(after.orders.placed);
    // The requests between the two readings, this page's own among them, were counted; none failed.
    expect(after.requests.total).toBeGreaterThan(before.requests.total);
    expect(after.requests).toMatchObject({ server_errors: 0, error_ratio: 0, status: 'fine', window_seconds: 300 });
    expect(after.queues.map((q) => q.queue)).toEqual(['outbox', 'webhook_deliveries', 'invoice_deliveries']);
    expect(after.failed_invoice_deliveries.count).toBe(after.queues.find((q) => q.queue === 'invoice_deliveries')!.failed);
    // PGlite: the gateway watches no backups here.
    expect(after.backup).toBeNull();
  });

  it("counts an order a procurement system sends after a punchout (cXML OrderRequest), once, replay or not (decision 084)", async () => {
    const staff = await accessToken(t.app, STAFF);
    await addCxmlIdentity(t.app, HOSPITAL_BUYER, CXML.identity, CXML.secret);
    const product = await contractProduct(t.app, await contractOf(t.app, HOSPITAL_BUYER), sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`);
    await query(t.app, sql`update products set stock_level = 50 where id = ${product.id}`);
    const before = await figuresAs(staff);
    const scrapedBefore = await scrapedPlacements();

    const xml = cxmlOrderRequest(`PO-${randomUUID().slice(0, 8)}`, [{ code: product.article_code, quantity: 2 }], CXML);
    for (let send = 0; send < 2; send++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/punchout/cxml/order', headers: { 'content-type': 'text/xml' }, payload: xml });
      expect(res.statusCode, res.body).toBe(200);
    }

    const after = await figuresAs(staff);
    expect(after.orders.placed - before.orders.placed).toBe(1);
    expect((await scrapedPlacements()) - scrapedBefore).toBe(1);
  });
});

describe('without METRICS_PORT', () => {
  it('says that nothing is recorded', async () => {
    const off = await startTestApp();
    try {
      const res = await off.app.inject({ url: URL, headers: { authorization: `Bearer ${await accessToken(off.app, STAFF)}` } });
      expect(res.statusCode).toBe(200);
      expect(v.parse(OperationsSummarySchema, res.json())).toMatchObject({ recording: false });
    } finally {
      await off.close();
    }
  });
});
