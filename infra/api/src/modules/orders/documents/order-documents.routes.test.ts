// The order-form PDF: what a reader sees in the buyer's language, the same bytes on every download
// (stored once), and only for the caller's organisation.
import { sql } from 'drizzle-orm';
import { ORDER_ERRORS } from '@portal/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { pdfPages } from '../../../test-support/pdf-text';
import { insertOrder } from '../../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { renderOrderForm } from './order-form';
import { createOrderDocumentsRepository } from './order-documents.repository';

let t: TestApp;
let buyer: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await accessToken(t.app, HOSPITAL_BUYER);
  other = await accessToken(t.app, POLICE_BUYER);
});
afterAll(async () => {
  await t?.close();
});

const download = (id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}/order-form.pdf`, headers: { authorization: `Bearer ${token}` } });

describe('order-form PDF', () => {
  it("prints the order in the buyer's language: client number, addresses, lines, totals, external number, submitter and declaration", async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered', locale: 'nl', quantity: 3 });
    const res = await download(order.id, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-form-${order.number}.pdf"`);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    const [org] = await query<{ customer_number: string }>(t.app, sql`select o.customer_number from organisations o join orders x on x.organisation_id = o.id where x.id = ${order.id}`);
    const [line] = await query<{ article_code: string; description: string; nsn: string | null }>(t.app, sql`select article_code, description, nsn from order_lines where order_id = ${order.id}`);
    for (const expected of [
      `Bestelbon ${order.number}`,
      'Klantnummer',
      org!.customer_number,
      'Extern bestelnummer',
      'PO-4711',
      'Leveringsadres',
      'Facturatieadres',
      'Kerkstraat 1',
      '9000 Gent',
      'Artikelnummer',
      line!.article_code,
      line!.description.slice(0, 12),
      'Eenheidsprijs excl. btw',
      'Totaal excl. btw',
      'Totaal incl. btw',
      '37,50',
      '45,38',
      'Ingediend door',
      'Lucas Janssens',
      'Purchaser',
      'Verklaring (versie 2026-01)',
      'Declaration text in nl: I am authorised to order.',
      'Pagina 1 van 1',
    ]) {
      expect(text).toContain(expected);
    }
    if (line!.nsn) expect(text).toContain(line!.nsn);
  });

  it('gives the same bytes on every download, stored once even when two first downloads race', async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered', locale: 'fr' });
    const [a, b] = await Promise.all([download(order.id, buyer), download(order.id, buyer)]);
    expect(a.statusCode).toBe(200);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const [{ n }] = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from order_documents where order_id = ${order.id}`)) as [{ n: number }];
    expect(n).toBe(1);
    expect((await pdfPages(a.rawPayload)).join(' ')).toContain('Bon de commande');
  });

  it('renders the same bytes for the same order even without the store (creation date and file id fixed)', async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered', locale: 'en' });
    const source = (await createOrderDocumentsRepository(t.app.database.db).orderFormData(order.id))!;
    const [x, y] = [await renderOrderForm(source.data, 'en'), await renderOrderForm(source.data, 'en')];
    expect(Buffer.compare(x, y)).toBe(0);
  });

  it("answers 404 for another organisation's order, as for one that does not exist", async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered' });
    const foreign = await download(order.id, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(ORDER_ERRORS.NOT_FOUND);
    expect(foreign.body).not.toContain(order.number);
    const missing = await download('00000000-0000-4000-8000-000000000000', buyer);
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/order-form.pdf` })).statusCode).toBe(401);
  });
});
