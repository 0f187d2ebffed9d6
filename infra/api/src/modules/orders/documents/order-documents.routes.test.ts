// The order-form PDF: what a reader sees in the buyer's language, the same bytes on every download
// (stored once), and only for the caller's organisation.
import { sql } from 'drizzle-orm';
import { ORDER_ERRORS } from '@portal/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { pdfPages } from '../../../test-support/pdf-text';
import { integrationClient } from '../../../test-support/integration-clients';
import { insertOrder } from '../../../test-support/pending-orders';
import { orderToShip, report } from '../../../test-support/shipments';
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

  it('states the delivered lots once parcels left: each shipment state stored once, the confirmation mail keeps the order as placed', async () => {
    const warehouse = await integrationClient(t.app, ['shipments:write'], 'Order form warehouse');
    const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const textOf = async () => {
      const res = await download(order.id, buyer);
      expect(res.statusCode, res.body).toBe(200);
      return { bytes: res.rawPayload, text: (await pdfPages(res.rawPayload)).join(' ').replace(/\s+/g, ' ') };
    };
    const placed = await textOf();
    expect(placed.text).not.toMatch(/Delivered:|Geleverd:|Livré :/);

    const ship = (id: string, lines: Record<string, unknown>[]) =>
      t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: { ...report(order, id), lines } });
    const [first, second] = order.lines;
    const one = await ship(`OF-${order.number}-1`, [{ article_code: first!.article_code, quantity: 1, lot: 'OF-LOT-1', expiry_on: '2028-03-31', serial_numbers: ['OF-SN-1'] }]);
    expect(one.statusCode, one.body).toBe(201);
    const afterOne = await textOf();
    expect(afterOne.text).toMatch(/(Delivered:|Geleverd:|Livré :) lot OF-LOT-1 · \S+ .*2028 · \S+( \S+)*? OF-SN-1/);
    expect(afterOne.text).not.toContain('OF-LOT-2');

    // A second parcel, its lot given as the scanned barcode: a new state, with both lots.
    const two = await ship(`OF-${order.number}-2`, [{ article_code: second!.article_code, quantity: 2, element_string: '(01)09506000134352(10)OF-LOT-2' }]);
    expect(two.statusCode, two.body).toBe(201);
    const afterTwo = await textOf();
    expect(afterTwo.text).toContain('OF-LOT-1');
    expect(afterTwo.text).toContain('lot OF-LOT-2');
    expect(afterTwo.text.indexOf(second!.article_code)).toBeLessThan(afterTwo.text.indexOf('OF-LOT-2'));
    expect(Buffer.compare((await textOf()).bytes, afterTwo.bytes)).toBe(0);
    const kinds = await query<{ kind: string }>(t.app, sql`select kind from order_documents where order_id = ${order.id} order by kind`);
    expect(kinds.map((k) => k.kind.replace(/[0-9a-f]{16}$/, 'h'))).toEqual(['order_form', 'order_form.shipped.h', 'order_form.shipped.h']);

    const attachment = await t.app.orderDocuments.mailAttachment({ kind: 'order_form', orderId: order.id });
    expect(Buffer.compare(attachment.content, placed.bytes)).toBe(0);
    // Another organisation's buyer sees neither the form nor its lots.
    const foreign = await download(order.id, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('OF-LOT');
  });
});
