// Contract tests of the shipments routes (issue 29 "Back: shipments", decision 050): good reports,
// each kind of bad input, replay and conflicting replay, over-shipping, the scope and caller checks,
// partial then rest shipments with their status moves, the buyer's mail with the tracking link and
// the buyer's order page, and the ERP's order reads.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  INTEGRATION_ERRORS,
  IntegrationOrderListSchema,
  IntegrationOrderSchema,
  OrderDetailSchema,
  SHIPMENT_ERRORS,
  ShipmentSchema,
} from '@portal/shared/schemas';
import { accessToken, query } from '../../test-support/demo-buyers';
import { auditRows, integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { orderToShip, report } from '../../test-support/shipments';

let t: TestApp;
let warehouse: TestIntegrationClient;
let erp: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write', 'orders:read'], 'Test warehouse');
  erp = await integrationClient(t.app, ['orders:read'], 'Test ERP');
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, headers = warehouse.headers) => t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers, payload: payload as object });
const getOrder = (number: string, headers = erp.headers) => t.app.inject({ url: `/api/integration/v1/orders/${encodeURIComponent(number)}`, headers });

async function orderRow(id: string) {
  const [row] = await query<{ status: string; tracking_reference: string | null; expected_delivery_on: string | Date | null }>(
    t.app,
    sql`select status, tracking_reference, expected_delivery_on::text as expected_delivery_on from orders where id = ${id}`,
  );
  return row!;
}
const history = (id: string) =>
  query<{ status: string; from_status: string | null; changed_by_client: string | null; note: string | null }>(
    t.app,
    sql`select status, from_status, changed_by_client, note from order_status_history where order_id = ${id} order by id`,
  );
const shippedMails = (recipient: string) =>
  query<{ locale: string; payload: Record<string, unknown> }>(t.app, sql`select locale, payload from outbox where template = 'orders.shipped' and recipient = ${recipient} order by id`);
const shipmentCount = async (orderId: string) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from shipments where order_id = ${orderId}`))[0]!.n;

function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
}

describe('POST /api/integration/v1/shipments', () => {
  it('records a complete shipment: 201, the order in shipping with tracking and expected date, history and audit naming the client', async () => {
    const order = await orderToShip(t.app, 'processing');
    const res = await post({ ...report(order, 'WH-FULL-1'), lines: [...report(order, 'WH-FULL-1').lines.slice(0, 1).map((l) => ({ ...l, serial_numbers: ['SN-1', 'SN-2'] })), ...report(order, 'WH-FULL-1').lines.slice(1)] });
    expect(res.statusCode, res.body).toBe(201);
    const shipment = v.parse(ShipmentSchema, res.json());
    expect(shipment).toMatchObject({ shipment_id: 'WH-FULL-1', order_number: order.number, carrier: 'bpost', tracking_url: 'https://track.example/parcel/3SWH-FULL-1', shipped_on: '2026-11-27', expected_delivery_on: '2026-11-30' });
    expect(shipment.lines.map((l) => [l.article_code, l.quantity, l.lot, l.expiry_on])).toEqual(order.lines.map((l, i) => [l.article_code, 4, `LOT-${i}`, '2028-02-29']));
    expect(shipment.lines[0]!.serial_numbers).toEqual(['SN-1', 'SN-2']);
    expect(await orderRow(order.id)).toEqual({ status: 'in_shipping', tracking_reference: '3SWH-FULL-1', expected_delivery_on: '2026-11-30' });
    expect((await history(order.id)).at(-1)).toMatchObject({ status: 'in_shipping', from_status: 'processing', changed_by_client: 'Test warehouse' });
    const [audit] = await auditRows(t.app, 'Test warehouse');
    expect(audit).toMatchObject({ action: 'shipment.reported', entityType: 'order', entityId: order.number, data: { shipment_id: 'WH-FULL-1', client_id: warehouse.clientId } });
  });

  it('a partial shipment moves the order to to_be_shipped, the rest to in_shipping; the ERP sees what is shipped of each line', async () => {
    const order = await orderToShip(t.app, 'ordered');
    const first = await post(report(order, 'WH-PART-1', [1, 0]));
    expect(first.statusCode, first.body).toBe(201);
    expect((await orderRow(order.id)).status).toBe('to_be_shipped');
    const read = v.parse(IntegrationOrderSchema, (await getOrder(order.number)).json());
    expect(read.lines.map((l) => l.quantity_shipped)).toEqual([1, 0]);
    expect(read.shipments.map((s) => s.shipment_id)).toEqual(['WH-PART-1']);

    // A line named twice (two lots) counts as their sum.
    const second = report(order, 'WH-PART-2', [0, 2]);
    second.lines.push({ ...second.lines[0]!, quantity: 1, lot: 'LOT-B' });
    second.tracking_url = 'https://track.example/parcel/second';
    second.expected_delivery_on = '2026-12-02';
    expect((await post(second)).statusCode).toBe(201);
    expect(await orderRow(order.id)).toEqual({ status: 'to_be_shipped', tracking_reference: '3SWH-PART-2', expected_delivery_on: '2026-12-02' });

    const rest = { ...report(order, 'WH-PART-3', [3, 1]), expected_delivery_on: '2026-12-01' };
    expect((await post(rest)).statusCode).toBe(201);
    // The latest expected date of the shipments stays: the buyer confirms once the last parcel is due.
    expect(await orderRow(order.id)).toEqual({ status: 'in_shipping', tracking_reference: '3SWH-PART-3', expected_delivery_on: '2026-12-02' });
    expect((await history(order.id)).slice(-2).map((h) => [h.from_status, h.status, h.changed_by_client])).toEqual([
      ['ordered', 'to_be_shipped', 'Test warehouse'],
      ['to_be_shipped', 'in_shipping', 'Test warehouse'],
    ]);
    const done = v.parse(IntegrationOrderSchema, (await getOrder(order.number)).json());
    expect(done.lines.map((l) => l.quantity_shipped)).toEqual([4, 4]);
    expect(done.status).toBe('in_shipping');
    // Nothing is left: one more unit of any line is over-shipping.
    expectProblem(await post(report(order, 'WH-PART-4', [1, 0])), 422, SHIPMENT_ERRORS.OVER_SHIPPED);
  });

  it('answers a replay with the stored shipment and changes nothing; another body under the same id is 409', async () => {
    const order = await orderToShip(t.app, 'processing');
    const body = report(order, 'WH-REPLAY-1', [2, 1]);
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    const mails = (await shippedMails(order.buyerEmail)).length;
    const replay = await post(body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // The same report with its fields in another order is the same report.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post(reordered)).statusCode).toBe(200);
    expect(await shipmentCount(order.id)).toBe(1);
    expect((await shippedMails(order.buyerEmail)).length).toBe(mails);
    expect((await history(order.id)).filter((h) => h.changed_by_client).length).toBe(1);

    expectProblem(await post({ ...body, tracking_reference: 'OTHER' }), 409, SHIPMENT_ERRORS.CONFLICT);
    expectProblem(await post(report(order, 'WH-REPLAY-1', [1, 1])), 409, SHIPMENT_ERRORS.CONFLICT);
    expect(await shipmentCount(order.id)).toBe(1);
  });

  it('refuses more than ordered minus shipped, lines not on the order and an unknown order, writing nothing', async () => {
    const order = await orderToShip(t.app, 'processing');
    const over = await post(report(order, 'WH-OVER-1', [5, 1]));
    expectProblem(over, 422, SHIPMENT_ERRORS.OVER_SHIPPED);
    expect(over.json().errors).toEqual([expect.objectContaining({ path: 'lines.0.quantity', values: { count: 4 } })]);
    const unknownCode = report(order, 'WH-UNKNOWN-1');
    unknownCode.lines[0]!.article_code = 'NOT-ON-THE-ORDER';
    expectProblem(await post(unknownCode), 422, SHIPMENT_ERRORS.UNKNOWN_LINE);
    const other = await orderToShip(t.app, 'processing');
    const foreignLine = { ...report(order, 'WH-UNKNOWN-2'), lines: [{ order_line_id: other.lines[0]!.id, quantity: 1 }] };
    expectProblem(await post(foreignLine), 422, SHIPMENT_ERRORS.UNKNOWN_LINE);
    expectProblem(await post({ ...report(order, 'WH-NOORDER-1'), order_number: 'SO-0000-000000' }), 404, SHIPMENT_ERRORS.ORDER_NOT_FOUND);
    expect(await shipmentCount(order.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('processing');
    // By order line id it works.
    const byId = { ...report(order, 'WH-BYID-1'), lines: [{ order_line_id: order.lines[1]!.id, quantity: 4 }] };
    expect((await post(byId)).statusCode).toBe(201);
  });

  it('counts two reports sent at once one after the other: never more than ordered, one shipment per id', async () => {
    const order = await orderToShip(t.app, 'processing');
    const both = await Promise.all([post(report(order, 'WH-RACE-A')), post(report(order, 'WH-RACE-B'))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const again = await orderToShip(t.app, 'processing');
    const same = await Promise.all([post(report(again, 'WH-RACE-C')), post(report(again, 'WH-RACE-C'))]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await shipmentCount(order.id)).toBe(1);
    expect(await shipmentCount(again.id)).toBe(1);
  });

  it('refuses orders that cannot ship: awaiting payment, delivered', async () => {
    for (const status of ['payment_pending', 'delivered'] as const) {
      const order = await orderToShip(t.app, status);
      expectProblem(await post(report(order, `WH-STATUS-${status}`)), 409, SHIPMENT_ERRORS.ORDER_NOT_SHIPPABLE);
      expect(await shipmentCount(order.id)).toBe(0);
    }
  });

  it('refuses each kind of bad input with 400 VALIDATION_FAILED naming the field, never a 500', async () => {
    const order = await orderToShip(t.app, 'processing');
    const good = report(order, 'WH-BAD-1');
    const line = good.lines[0]!;
    const cases: [string, unknown, string][] = [
      ['a day that does not exist', { ...good, shipped_on: '2026-02-30' }, 'shipped_on'],
      ['an expiry day that does not exist', { ...good, lines: [{ ...line, expiry_on: '2027-02-29' }] }, 'lines.0.expiry_on'],
      ['a timestamp for a day', { ...good, shipped_on: '2026-11-27T10:00:00Z' }, 'shipped_on'],
      ['expected before shipped', { ...good, expected_delivery_on: '2026-11-26' }, 'expected_delivery_on'],
      ['an http tracking URL', { ...good, tracking_url: 'http://track.example/x' }, 'tracking_url'],
      ['a javascript: tracking URL', { ...good, tracking_url: 'javascript:alert(1)' }, 'tracking_url'],
      ['more serial numbers than units', { ...good, lines: [{ ...line, quantity: 1, serial_numbers: ['A', 'B'] }] }, 'lines.0.serial_numbers'],
      ['a serial number twice', { ...good, lines: [{ ...line, quantity: 2, serial_numbers: ['A', 'A'] }] }, 'lines.0.serial_numbers'],
      ['a string quantity', { ...good, lines: [{ ...line, quantity: '2' }] }, 'lines.0.quantity'],
      ['a fractional quantity', { ...good, lines: [{ ...line, quantity: 1.5 }] }, 'lines.0.quantity'],
      ['an overflowing quantity', { ...good, lines: [{ ...line, quantity: 1e20 }] }, 'lines.0.quantity'],
      ['a zero quantity', { ...good, lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
      ['a string in the line id', { ...good, lines: [{ order_line_id: 'abc', quantity: 1 }] }, 'lines.0.order_line_id'],
      ['both line id and article code', { ...good, lines: [{ ...line, order_line_id: order.lines[0]!.id }] }, 'lines.0.order_line_id'],
      ['neither line id nor article code', { ...good, lines: [{ quantity: 1 }] }, 'lines.0.order_line_id'],
      ['no lines', { ...good, lines: [] }, 'lines'],
      ['no carrier', { ...good, carrier: '  ' }, 'carrier'],
      ['a shipment id with spaces', { ...good, shipment_id: 'WH 1' }, 'shipment_id'],
      ['an unknown field', { ...good, colour: 'red' }, 'colour'],
    ];
    for (const [what, body, path] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().code, what).toBe(API_ERRORS.VALIDATION_FAILED);
      expect(res.json().errors.map((e: { path: string }) => e.path), what).toContain(path);
    }
    expect(await shipmentCount(order.id)).toBe(0);
  });

  it('refuses no token (401), a person (403 INTEGRATION_CLIENT_REQUIRED) and a client without shipments:write (403)', async () => {
    const order = await orderToShip(t.app, 'processing');
    const body = report(order, 'WH-AUTH-1');
    expect((await post(body, {})).statusCode).toBe(401);
    expectProblem(await post(body, { authorization: `Bearer ${await accessToken(t.app, order.buyerEmail)}` }), 403, INTEGRATION_ERRORS.NOT_A_CLIENT);
    expectProblem(await post(body, erp.headers), 403, INTEGRATION_ERRORS.SCOPE_MISSING);
    expect(await shipmentCount(order.id)).toBe(0);
  });
});

describe('the buyer', () => {
  it('gets a mail per shipment with the tracking link in their language, and sees the shipments on the order page', async () => {
    const order = await orderToShip(t.app, 'processing');
    expect((await post(report(order, 'WH-MAIL-1', [1, 0]))).statusCode).toBe(201);
    expect((await post(report(order, 'WH-MAIL-2', [3, 4]))).statusCode).toBe(201);
    const mails = await shippedMails(order.buyerEmail);
    const mine = mails.filter((m) => m.payload.orderNumber === order.number);
    expect(mine.map((m) => [m.payload.trackingUrl, m.payload.complete])).toEqual([
      ['https://track.example/parcel/3SWH-MAIL-1', false],
      ['https://track.example/parcel/3SWH-MAIL-2', true],
    ]);
    // The mail's language is the buyer's; its texts with the link are the mail module's (templates.test.ts).
    expect(['en', 'nl', 'fr']).toContain(mine[1]!.locale);
    expect(mine[1]!.payload).toMatchObject({ carrier: 'bpost', trackingReference: '3SWH-MAIL-2', expectedDeliveryOn: '2026-11-30', path: `/${mine[1]!.locale}/my-orders/${order.number}` });

    const page = await t.app.inject({ url: `/api/v1/my-orders/${order.number}`, headers: { authorization: `Bearer ${await accessToken(t.app, order.buyerEmail)}` } });
    expect(page.statusCode, page.body).toBe(200);
    const detail = v.parse(OrderDetailSchema, page.json());
    expect(detail.shipments?.map((s) => [s.shipment_id, s.carrier, s.tracking_url, s.lines.map((l) => [l.article_code, l.quantity, l.lot])])).toEqual([
      ['WH-MAIL-1', 'bpost', 'https://track.example/parcel/3SWH-MAIL-1', [[order.lines[0]!.article_code, 1, 'LOT-0']]],
      ['WH-MAIL-2', 'bpost', 'https://track.example/parcel/3SWH-MAIL-2', [[order.lines[0]!.article_code, 3, 'LOT-0'], [order.lines[1]!.article_code, 4, 'LOT-1']]],
    ]);
    expect(detail.history.at(-1)).toMatchObject({ status: 'in_shipping', by: 'Test warehouse' });
    // The delivery confirmation follows from the expected date (2026-11-30), as for staff's moves.
    expect(detail.expected_delivery_on).toBe('2026-11-30');
  });
});

describe('GET /api/integration/v1/orders', () => {
  it('pages every order oldest first by cursor, filtered by status and placement', async () => {
    const seen: string[] = [];
    let url = '/api/integration/v1/orders?status=delivered&limit=7';
    for (let page = 0; page < 100; page++) {
      const res = await t.app.inject({ url, headers: erp.headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = v.parse(IntegrationOrderListSchema, res.json());
      expect(body.items.every((o) => o.status === 'delivered')).toBe(true);
      seen.push(...body.items.map((o) => o.id));
      if (!body.next) break;
      url = `/api/integration/v1/orders?status=delivered&limit=7&after=${body.next}`;
    }
    const [{ n }] = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders where status = 'delivered'`)) as [{ n: number }];
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
    const future = await t.app.inject({ url: '/api/integration/v1/orders?placed_after=2999-01-01', headers: erp.headers });
    expect(future.json()).toEqual({ items: [], next: null });
  });

  it('refuses a bad cursor, status or date with 400, and a client without orders:read with 403', async () => {
    for (const q of ['after=bm90LWEtY3Vyc29y', 'status=shipped', 'placed_after=2026-02-30', 'limit=0', 'limit=abc', 'colour=red']) {
      const res = await t.app.inject({ url: `/api/integration/v1/orders?${q}`, headers: erp.headers });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
    }
    const writer = await integrationClient(t.app, ['shipments:write']);
    expect((await t.app.inject({ url: '/api/integration/v1/orders', headers: writer.headers })).json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect((await getOrder('SO-X', writer.headers)).statusCode).toBe(403);
  });

  it("reads the demo's shipped orders with the warehouse's parcel behind their tracking reference", async () => {
    const [seeded] = await query<{ number: string; tracking_reference: string }>(t.app, sql`select number, tracking_reference from orders where status = 'in_shipping' and number like 'SO-%' order by number limit 1`);
    const order = v.parse(IntegrationOrderSchema, (await getOrder(seeded!.number)).json());
    expect(order.shipments.map((s) => s.tracking_reference)).toEqual([seeded!.tracking_reference]);
    expect(order.lines.every((l) => l.quantity_shipped === l.quantity)).toBe(true);
  });

  it('documents the three routes under the Integration tag, the report with an example', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    const post = doc.paths['/api/integration/v1/shipments'].post;
    expect(post.tags).toEqual(['Integration']);
    expect(post.requestBody.content['application/json'].example).toMatchObject({ shipment_id: expect.any(String), order_number: expect.stringMatching(/^SO-/) });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '403', '404', '409', '422']));
    expect(doc.paths['/api/integration/v1/orders/{number}'].get.tags).toEqual(['Integration']);
    expect(doc.paths['/api/integration/v1/orders'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['status', 'placed_after', 'after', 'limit']);
  });

  it('answers 404 for an order number that does not exist', async () => {
    expectProblem(await getOrder('SO-0000-000000'), 404, SHIPMENT_ERRORS.ORDER_NOT_FOUND);
  });
});

