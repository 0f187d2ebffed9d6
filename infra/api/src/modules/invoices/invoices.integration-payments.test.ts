// The supplier's accounting system records payments received through the integration API (issue 30
// "Staff (and, once it exists, the integration API) mark payments received"): by invoice number,
// with its own scope, a replay changing nothing, and an audit row naming the client.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_ERRORS, INVOICE_ERRORS, InvoiceDetailSchema, InvoiceListSchema } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { auditRows, integrationClient } from '../../test-support/integration-clients';
import { CASE_MANAGER } from '../../test-support/orders';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let accounting: Awaited<ReturnType<typeof integrationClient>>;
let warehouse: Awaited<ReturnType<typeof integrationClient>>;
let staff: string;

beforeAll(async () => {
  t = await startTestApp();
  accounting = await integrationClient(t.app, ['payments:write'], 'Accounting');
  warehouse = await integrationClient(t.app, ['shipments:write', 'orders:read'], 'Warehouse');
  staff = await accessToken(t.app, CASE_MANAGER);
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const pay = (number: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/integration/v1/invoices/${number}/payments`, headers, payload });

/** A new hospital order shipped by staff: its open invoice. */
async function openInvoice() {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'to_be_shipped', quantity: 2 });
  const moved = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.id}/status`,
    headers: { authorization: `Bearer ${staff}` },
    payload: { status: 'in_shipping', tracking_reference: 'TRACK-PAY', expected_delivery_on: '2030-01-02' },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const list = await t.app.inject({ url: `/api/v1/invoices?order=${order.id}`, headers: { authorization: `Bearer ${staff}` } });
  const [invoice] = v.parse(InvoiceListSchema, list.json()).items;
  expect(invoice).toMatchObject({ status: 'open' });
  return invoice!;
}

describe('POST /api/integration/v1/invoices/{number}/payments', () => {
  it('marks the open invoice paid on the day given, and a replay answers the paid invoice and changes nothing', async () => {
    const invoice = await openInvoice();
    const first = await pay(invoice.number, accounting.headers, { paid_on: today() });
    expect(first.statusCode, first.body).toBe(200);
    const paid = v.parse(InvoiceDetailSchema, first.json());
    expect(paid).toMatchObject({ id: invoice.id, status: 'paid', amount_due: 0 });
    expect(paid.paid_at?.slice(0, 10)).toBe(today());

    const again = await pay(invoice.number, accounting.headers, { paid_on: today() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'paid', paid_at: paid.paid_at });
    const rows = await auditRows(t.app, 'Accounting');
    expect(rows.filter((r) => r.action === 'invoice.payment_received' && r.entityId === invoice.id)).toHaveLength(1);
  });

  it('refuses a client without the scope, a person, and no token', async () => {
    const invoice = await openInvoice();
    const unscoped = await pay(invoice.number, warehouse.headers);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    const person = await pay(invoice.number, { authorization: `Bearer ${staff}` });
    expect(person.statusCode).toBe(403);
    expect(person.json().code).toBe(INTEGRATION_ERRORS.NOT_A_CLIENT);
    expect((await pay(invoice.number, {})).statusCode).toBe(401);
    const still = await t.app.inject({ url: `/api/v1/invoices/${invoice.id}`, headers: { authorization: `Bearer ${staff}` } });
    expect(still.json()).toMatchObject({ status: 'open' });
  });

  it('answers an unknown number 404, a malformed number or an impossible or future day 400', async () => {
    const invoice = await openInvoice();
    const unknown = await pay('1999-999999', accounting.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(INVOICE_ERRORS.NOT_FOUND);
    for (const bad of ['abc', '2026-1', "2026-000001' or 1=1"]) expect((await pay(encodeURIComponent(bad), accounting.headers)).statusCode, bad).toBe(400);
    expect((await pay(invoice.number, accounting.headers, { paid_on: '2026-02-30' })).statusCode).toBe(400);
    expect((await pay(invoice.number, accounting.headers, { paid_on: '2999-01-01' })).statusCode).toBe(400);
    expect((await pay(invoice.number, accounting.headers, { paid_on: today(), amount: 5 })).statusCode).toBe(400);
  });
});
