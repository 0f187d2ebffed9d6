// Invoices end to end through the API (issue 30): the shipping move issues the invoice in its
// transaction, the buyer lists and downloads it (the same bytes every time), staff record the
// payment and issue a credit note, the overdue job marks what is past due, an online payment
// invoices the order as paid; other organisations' ids are "not found", malformed ones 400.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ERRORS, InvoiceDetailSchema, InvoiceListSchema, type InvoiceDetail } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { insertOrder, paymentFor } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { addDays } from './invoicing';

let t: TestApp;
/** Before this file issued anything: what was issued earlier is the demo's. */
const startedAt = new Date();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, CASE_MANAGER]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, email: string) => t.app.inject({ url, headers: { authorization: `Bearer ${tokens[email]}` } });
const post = (url: string, email: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const today = () => new Date().toISOString().slice(0, 10);

async function invoicesOfOrder(orderId: string, email = HOSPITAL_BUYER) {
  const res = await get(`/api/v1/invoices?order=${orderId}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(InvoiceListSchema, res.json()).items;
}

async function detail(id: string, email = HOSPITAL_BUYER): Promise<InvoiceDetail> {
  const res = await get(`/api/v1/invoices/${id}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(InvoiceDetailSchema, res.json());
}

/** Ships a new order of the hospital (to be shipped, two lines' worth); answers it and its one invoice. */
async function shipOne() {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'to_be_shipped', quantity: 3 });
  const moved = await post(`/api/v1/orders/${order.id}/status`, CASE_MANAGER, { status: 'in_shipping', tracking_reference: 'TRACK-INV', expected_delivery_on: '2030-01-02' });
  expect(moved.statusCode, moved.body).toBe(200);
  const [invoice] = await invoicesOfOrder(order.id);
  return { order, invoice: invoice! };
}

describe('issuing at shipping', () => {
  let shipped: Awaited<ReturnType<typeof shipOne>>;
  beforeAll(async () => {
    shipped = await shipOne();
  });

  it('invoices the whole order when staff move it to in_shipping, due after the contract terms', async () => {
    const { order, invoice } = shipped;
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'open', issue_date: today(), due_date: addDays(today(), 30), order: { id: order.id, number: order.number, external_order_number: 'PO-4711' } });
    expect(invoice.number).toMatch(new RegExp(`^${today().slice(0, 4)}-\\d{6}$`));
    const lines = await query<{ quantity: number; invoiced: number }>(
      t.app,
      sql`select ol.quantity, coalesce(il.quantity, 0) as invoiced from order_lines ol left join invoice_lines il on il.order_line_id = ol.id where ol.order_id = ${order.id}`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.invoiced).toBe(l.quantity);
    const [orderRow] = await query<{ total_cents: number }>(t.app, sql`select total_cents from orders where id = ${order.id}`);
    // The test renderer's arithmetic is plain; the amounts stay those of the order within a few cents of rounding.
    expect(Math.abs(invoice.total_incl_vat - orderRow!.total_cents)).toBeLessThanOrEqual(lines.length + 1);
    expect(invoice.amount_due).toBe(invoice.total_incl_vat);
  });

  it('shows the detail with its lines, VAT breakdown and payment reference', async () => {
    const d = await detail(shipped.invoice.id);
    expect(d.lines.length).toBeGreaterThan(0);
    expect(d.vat_breakdown.reduce((s, r) => s + r.vat, 0)).toBe(d.vat);
    expect(d.payment_reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(d).toMatchObject({ credits: null, credit_notes: [], paid_at: null, delivery_status: 'queued', delivery_error: null });
  });

  it('downloads the same PDF and UBL bytes every time, named by the number', async () => {
    const { invoice } = shipped;
    for (const [suffix, type] of [
      ['invoice.pdf', 'application/pdf'],
      ['ubl.xml', 'application/xml'],
    ] as const) {
      const first = await get(`/api/v1/invoices/${invoice.id}/${suffix}`, HOSPITAL_BUYER);
      const again = await get(`/api/v1/invoices/${invoice.id}/${suffix}`, CASE_MANAGER);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-type']).toContain(type);
      expect(first.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.${suffix.endsWith('pdf') ? 'pdf' : 'xml'}"`);
      expect(first.rawPayload.length).toBeGreaterThan(0);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it("answers another organisation's invoice as not found, and a malformed id with 400", async () => {
    const { invoice } = shipped;
    for (const url of [`/api/v1/invoices/${invoice.id}`, `/api/v1/invoices/${invoice.id}/invoice.pdf`, `/api/v1/invoices/${invoice.id}/ubl.xml`]) {
      const res = await get(url, POLICE_BUYER);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(INVOICE_ERRORS.NOT_FOUND);
    }
    expect((await invoicesOfOrder(shipped.order.id, POLICE_BUYER)).length).toBe(0);
    for (const id of ['42', 'not-an-id', "1' or 1=1", '00000000-0000-0000-0000-00000000000g']) {
      const res = await get(`/api/v1/invoices/${encodeURIComponent(id)}`, HOSPITAL_BUYER);
      expect(res.statusCode, id).toBe(400);
    }
    const bad = await get('/api/v1/invoices?from=2026-02-30', HOSPITAL_BUYER);
    expect(bad.statusCode).toBe(400);
  });

  it('filters by status, period and order, and pages', async () => {
    const all = v.parse(InvoiceListSchema, (await get('/api/v1/invoices?page_size=2', HOSPITAL_BUYER)).json());
    expect(all.items.length).toBe(2);
    expect(all.total).toBeGreaterThan(2);
    const open = v.parse(InvoiceListSchema, (await get('/api/v1/invoices?status=open&page_size=100', HOSPITAL_BUYER)).json());
    expect(open.items.every((i) => i.status === 'open')).toBe(true);
    expect(open.items.map((i) => i.id)).toContain(shipped.invoice.id);
    const future = v.parse(InvoiceListSchema, (await get(`/api/v1/invoices?from=${addDays(today(), 1)}`, HOSPITAL_BUYER)).json());
    expect(future.total).toBe(0);
    const page2 = v.parse(InvoiceListSchema, (await get('/api/v1/invoices?page_size=2&page=2', HOSPITAL_BUYER)).json());
    expect(page2.items.map((i) => i.id)).not.toContain(all.items[0]!.id);
  });
});

describe('staff actions', () => {
  it('records a payment received: paid, nothing due; once only; buyers 403, other organisations 404', async () => {
    const { invoice } = await shipOne();
    const buyer = await post(`/api/v1/invoices/${invoice.id}/payments`, HOSPITAL_BUYER, {});
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().code).toBe(INVOICE_ERRORS.STAFF_ONLY);
    expect((await post(`/api/v1/invoices/${invoice.id}/payments`, POLICE_BUYER, {})).statusCode).toBe(404);
    for (const paid_on of ['2026-02-30', addDays(today(), 1), 'yesterday']) {
      const res = await post(`/api/v1/invoices/${invoice.id}/payments`, CASE_MANAGER, { paid_on });
      expect(res.statusCode, paid_on).toBe(400);
    }
    const res = await post(`/api/v1/invoices/${invoice.id}/payments`, CASE_MANAGER, { paid_on: today() });
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(InvoiceDetailSchema, res.json())).toMatchObject({ status: 'paid', amount_due: 0 });
    const again = await post(`/api/v1/invoices/${invoice.id}/payments`, CASE_MANAGER, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(INVOICE_ERRORS.NOT_PAYABLE);
  });

  it('issues a credit note for returned units, referencing the invoice; never more than it holds', async () => {
    const { order, invoice } = await shipOne();
    const [line] = await query<{ id: string; quantity: number }>(t.app, sql`select id, quantity from order_lines where order_id = ${order.id} order by article_code, id limit 1`);
    const url = `/api/v1/invoices/${invoice.id}/credit-notes`;
    const tooMany = await post(url, CASE_MANAGER, { reason: 'Returned', lines: [{ order_line_id: line!.id, quantity: line!.quantity + 1 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE, errors: [{ path: 'lines.0.quantity' }] });
    expect((await post(url, HOSPITAL_BUYER, { reason: 'Returned', lines: [{ order_line_id: line!.id, quantity: 1 }] })).statusCode).toBe(403);
    expect((await post(url, CASE_MANAGER, { reason: '', lines: [{ order_line_id: line!.id, quantity: 1 }] })).statusCode).toBe(400);
    expect((await post(url, CASE_MANAGER, { reason: 'x', lines: [] })).statusCode).toBe(400);
    expect((await post(url, CASE_MANAGER, { reason: 'x', lines: [{ order_line_id: line!.id, quantity: 1e12 }] })).statusCode).toBe(400);

    const created = await post(url, CASE_MANAGER, { reason: 'Returned: damaged', lines: [{ order_line_id: line!.id, quantity: 1 }] });
    expect(created.statusCode, created.body).toBe(201);
    const credit = await detail(created.json().id);
    expect(credit).toMatchObject({ kind: 'credit_note', status: 'credited', amount_due: 0, due_date: null, credits: { id: invoice.id, number: invoice.number }, payment_reference: null });
    expect(credit.lines).toMatchObject([{ quantity: 1 }]);
    expect(Number(credit.number.slice(5))).toBeGreaterThan(Number(invoice.number.slice(5)));
    const after = await detail(invoice.id);
    expect(after.credit_notes).toEqual([{ id: credit.id, number: credit.number, total_incl_vat: credit.total_incl_vat }]);
    expect(after.amount_due).toBe(invoice.total_incl_vat - credit.total_incl_vat);
    const pdf = await get(`/api/v1/invoices/${credit.id}/invoice.pdf`, HOSPITAL_BUYER);
    expect(pdf.headers['content-disposition']).toContain(`credit-note-${credit.number}.pdf`);
    // What is left of the line is all that can still be credited; a credit note itself cannot be credited.
    if (line!.quantity > 1) {
      const rest = await post(url, CASE_MANAGER, { reason: 'Returned', lines: [{ order_line_id: line!.id, quantity: line!.quantity }] });
      expect(rest.statusCode).toBe(422);
    }
    expect((await post(`/api/v1/invoices/${credit.id}/credit-notes`, CASE_MANAGER, { reason: 'x', lines: [{ order_line_id: line!.id, quantity: 1 }] })).statusCode).toBe(409);
  });
});

describe('overdue', () => {
  it('marks open invoices past their due date overdue, and leaves paid and not yet due ones alone', async () => {
    const { invoice: late } = await shipOne();
    const { invoice: due } = await shipOne();
    await query(t.app, sql`update invoices set due_date = current_date - 1 where id = ${late.id}`);
    await t.app.invoiceOverdue.runOnce();
    expect((await detail(late.id)).status).toBe('overdue');
    expect((await detail(due.id)).status).toBe('open');
    const overdue = v.parse(InvoiceListSchema, (await get('/api/v1/invoices?status=overdue&page_size=100', HOSPITAL_BUYER)).json());
    expect(overdue.items.map((i) => i.id)).toContain(late.id);
    // An overdue invoice can still be paid.
    expect((await post(`/api/v1/invoices/${late.id}/payments`, CASE_MANAGER, {})).statusCode).toBe(200);
  });
});

describe('paid online at placement', () => {
  it('invoices the order as paid when its payment succeeds: the whole amount prepaid, nothing due, once', async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER });
    const { paymentId } = await t.app.payments.createPayment(paymentFor(order, 'en', 'http://127.0.0.1'));
    expect(await t.app.payments.applyWebhook({ eventId: `evt-${order.id}`, paymentId, status: 'paid', orderId: order.id })).toBe('applied');
    const [invoice] = await invoicesOfOrder(order.id);
    expect(invoice).toMatchObject({ status: 'paid', due_date: null, amount_due: 0 });
    expect((await detail(invoice!.id)).paid_at).not.toBeNull();
    // Idempotent per order; shipping it later invoices nothing more.
    const again = await t.app.database.db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, order.id, today()));
    expect(again).toBe(invoice!.id);
    const shipped = await t.app.database.db.transaction((tx) => t.app.invoicing.invoiceShipment(tx, { orderId: order.id, shipmentId: null, shippedOn: today(), lines: 'rest' }));
    expect(shipped).toBeNull();
  });
});

describe('the demo data', () => {
  it('gives each demo organisation open, paid and overdue invoices and a credit note', async () => {
    for (const email of [HOSPITAL_BUYER, POLICE_BUYER]) {
      const { items } = v.parse(InvoiceListSchema, (await get('/api/v1/invoices?page_size=100', email)).json());
      const seen = new Set<string>(items.map((i) => (i.kind === 'credit_note' ? 'credit_note' : i.status)));
      for (const state of ['open', 'paid', 'overdue', 'credit_note']) expect(seen.has(state), `${email}: ${state}`).toBe(true);
    }
  });

  it("delivers each demo invoice: to the Peppol id, and by mail to the billing e-mail the contract page shows (issue 40)", async () => {
    for (const email of [HOSPITAL_BUYER, POLICE_BUYER]) {
      const organisation = (await get('/api/v1/organisation', email)).json() as { id: string; billing_email: string };
      expect(organisation.billing_email).toBeTruthy();
      const items = await query<{ id: string; number: string }>(t.app, sql`select id::text, number from invoices where organisation_id = ${organisation.id} and created_at < ${startedAt.toISOString()}`);
      expect(items.length).toBeGreaterThan(0);
      for (const invoice of items) {
        const staffView = await detail(invoice.id, CASE_MANAGER);
        expect(staffView.delivery_error, `${email} ${invoice.number}`).toBeNull();
        expect(staffView.delivery_status, `${email} ${invoice.number}`).toBe('delivered');
      }
      const mailed = await query<{ recipient: string }>(t.app, sql`select distinct recipient from invoice_deliveries where document_id in ${items.map((i) => i.id)} and channel = 'email'`);
      expect(mailed.map((r) => r.recipient)).toEqual([organisation.billing_email.toLowerCase()]);
    }
  });
});
