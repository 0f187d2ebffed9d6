// An invoice that cannot be issued takes its cause down with it (decision 047): when rendering fails
// inside the shipping move's transaction the order stays where it was, no invoice is stored and the
// number goes back to the series, so the next issue of the year takes it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { INVOICE_RENDERER } from './invoices.plugin';

let t: TestApp;
/** The PDF fails while this is set; the real renderer otherwise. */
let failing = false;

beforeAll(async () => {
  const pdf: typeof INVOICE_RENDERER.pdf = (doc) => (failing ? Promise.reject(new Error('the PDF could not be drawn')) : INVOICE_RENDERER.pdf(doc));
  t = await startTestApp({}, undefined, { invoiceRenderer: { ...INVOICE_RENDERER, pdf } });
});
afterAll(async () => {
  await t?.close();
});

const year = () => new Date().getUTCFullYear();
const lastNumber = async () => (await query<{ n: number }>(t.app, sql`select last_number as n from invoice_number_series where year = ${year()}`))[0]!.n;

describe('a failed issue', () => {
  it('rolls the shipping move back with it and gives the number back', async () => {
    const token = await accessToken(t.app, CASE_MANAGER);
    const ship = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/status`, headers: { authorization: `Bearer ${token}` }, payload: { status: 'in_shipping', tracking_reference: 'T-R', expected_delivery_on: '2030-01-02' } });
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'to_be_shipped' });
    const before = await lastNumber();
    failing = true;
    const res = await ship(order.id);
    failing = false;
    expect(res.statusCode).toBe(500);
    const [row] = await query<{ status: string; invoices: number }>(t.app, sql`select status, (select count(*)::int from invoices where order_id = ${order.id}) as invoices from orders where id = ${order.id}`);
    expect(row).toEqual({ status: 'to_be_shipped', invoices: 0 });
    expect(await lastNumber()).toBe(before);
    // Shipping again issues the invoice with the number the failed move had taken.
    expect((await ship(order.id)).statusCode).toBe(200);
    const [issued] = await query<{ number: string }>(t.app, sql`select number from invoices where order_id = ${order.id}`);
    expect(issued!.number).toBe(`${year()}-${String(before + 1).padStart(6, '0')}`);
  });
});
