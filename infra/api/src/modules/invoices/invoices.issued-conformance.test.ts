// The documents as the portal issues them (decision 047), not only as the matrix builds them: the
// demo's invoices and credit notes of the Belgian hospital and the Dutch police (built from the
// database's order, organisation and seller facts), an invoice paid at placement, and a shipment
// invoiced in two parts with its discount and shipping split, and an order charged to a cost centre
// with its invoice and credit note (the buyer's accounting reference, BT-19). Every stored UBL is
// validated against both rule sets in one Saxon run each: 0 fatal. Figures are printed.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { pdfPages } from '../../test-support/pdf-text';
import { insertOrder } from '../../test-support/pending-orders';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';
import { fatal, PEPPOL_BILLING_RULES, validateBatch } from '../../test-support/schematron';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { INVOICE_PDF_LABELS } from './invoice-pdf-labels';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
let t: TestApp;
const documents = new Map<string, string>();
const today = new Date().toISOString().slice(0, 10);
/** The invoice and the credit note of the order charged to a cost centre. */
const charged: { invoice: string; creditNote: string } = { invoice: '', creditNote: '' };

/** An order of the hospital's buyer placed through the checkout against a cost centre its administrator made. */
async function orderChargedToCostCentre(): Promise<string> {
  const [buyer] = await query<{ id: string }>(t.app, sql`select id::text from users where email = ${HOSPITAL_BUYER}`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/cost-centres',
    headers: headers(await accessToken(t.app, HOSPITAL_ADMIN)),
    payload: { code: 'ICU-4410', name: 'Intensieve zorg', budget_cents: 100_000_000, period: 'year', buyer_ids: [buyer!.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = await accessToken(t.app, HOSPITAL_BUYER);
  const product = await contractProduct(t.app, await contractOf(t.app, HOSPITAL_BUYER), sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request and p.stock_level > 10`);
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  await fillCart(t.app, token, [{ product_id: product.id, quantity: 3 }]);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...headers(token), 'idempotency-key': randomUUID() },
    payload: { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER, cost_centre_id: created.json().id as string },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  // The cost centre renamed afterwards: the documents keep what the order was charged to.
  await query(t.app, sql`update cost_centres set name = 'Renamed' where code = 'ICU-4410'`);
  return placed.json().id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.database.db;
  const prepaid = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered' });
  await db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, prepaid.id, today));
  // Two shipments of one order with a discount and shipping: the first ships one unit.
  const split = await insertOrder(t.app, { email: POLICE_BUYER, status: 'in_shipping', quantity: 5 });
  await query(t.app, sql`update orders set discount_cents = 625, shipping_cents = 1295 where id = ${split.id}`);
  const [line] = await query<{ id: string }>(t.app, sql`select id from order_lines where order_id = ${split.id}`);
  // With its lot, expiry and serial number (decision 070): the issued UBL states them as item attributes.
  await db.transaction((tx) =>
    t.app.invoicing.invoiceShipment(tx, {
      orderId: split.id,
      shipmentId: 'SHIP-1',
      shippedOn: today,
      lines: [{ orderLineId: line!.id, quantity: 1 }],
      lots: [{ orderLineId: line!.id, quantity: 1, lot: 'L2403 & "B"', expiryOn: '2028-03-31', serialNumbers: ['SN-0001'] }],
    }),
  );
  await db.transaction((tx) => t.app.invoicing.invoiceShipment(tx, { orderId: split.id, shipmentId: 'SHIP-2', shippedOn: today, lines: 'rest' }));
  const costCentreOrder = await orderChargedToCostCentre();
  charged.invoice = (await db.transaction((tx) => t.app.invoicing.invoiceShipment(tx, { orderId: costCentreOrder, shipmentId: 'SHIP-CC', shippedOn: today, lines: 'rest' })))!;
  const [ccLine] = await query<{ id: string }>(t.app, sql`select id from order_lines where order_id = ${costCentreOrder}`);
  const credits = await db.transaction((tx) => t.app.invoicing.creditLines(tx, { orderId: costCentreOrder, lines: [{ orderLineId: ccLine!.id, quantity: 1 }], reason: 'Returned' }));
  charged.creditNote = credits[0]!;
  for (const row of await query<{ number: string; ubl: Buffer }>(t.app, sql`select number, ubl from invoices order by number`)) documents.set(`${row.number}.xml`, Buffer.from(row.ubl).toString('utf8'));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('issued documents', () => {
  it('split the order between shipments: its discount once, its shipping on the first', async () => {
    const rows = await query<{ discount_cents: number; shipping_cents: number }>(
      t.app,
      sql`select i.discount_cents, i.shipping_cents from invoices i where i.shipment_id in ('SHIP-1', 'SHIP-2') order by i.number`,
    );
    expect(rows.reduce((s, r) => s + r.discount_cents, 0)).toBe(625);
    expect(rows.map((r) => r.shipping_cents)).toEqual([1295, 0]);
  });

  it("an order charged to a cost centre: its invoice and credit note state it, the UBL's accounting reference by its code, the PDF by code and name", async () => {
    const rows = await query<{ id: string; kind: string; language: 'en' | 'nl' | 'fr'; ubl: Buffer; pdf: Buffer }>(
      t.app,
      sql`select id, kind::text, language, ubl, pdf from invoices where id in (${charged.invoice}, ${charged.creditNote})`,
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['credit_note', 'invoice']);
    for (const row of rows) {
      const xml = Buffer.from(row.ubl).toString('utf8');
      const accountingCost = create(xml).filter((n) => n.node.nodeName === 'cbc:AccountingCost', false, true).map((n) => n.node.textContent);
      expect(accountingCost, row.kind).toEqual(['ICU-4410']);
      // In the buyer's language, under the label the order form uses too.
      const text = (await pdfPages(Buffer.from(row.pdf))).join('\n');
      expect(text).toContain(`${INVOICE_PDF_LABELS[row.language].costCentre} ICU-4410 — Intensieve zorg`);
    }
    // An order charged to none states none.
    const [other] = await query<{ ubl: Buffer }>(t.app, sql`select ubl from invoices where shipment_id = 'SHIP-1'`);
    expect(Buffer.from(other!.ubl).toString('utf8')).not.toContain('AccountingCost');
  });

  it("state a shipment's lot, expiry and serial number on its invoice line, in the UBL and the PDF (decision 070)", async () => {
    const [row] = await query<{ ubl: Buffer; pdf: Buffer }>(t.app, sql`select ubl, pdf from invoices where shipment_id = 'SHIP-1'`);
    const properties = create(Buffer.from(row!.ubl).toString('utf8'))
      .filter((n) => n.node.nodeName === 'cac:AdditionalItemProperty', false, true)
      .map((n) => [...n.node.childNodes].filter((c) => c.nodeType === 1).map((c) => c.textContent).join(': '));
    expect(properties).toEqual(['Lot number: L2403 & "B"', 'Expiry date: 2028-03-31', 'Serial number: SN-0001']);
    expect((await pdfPages(Buffer.from(row!.pdf))).join('\n')).toContain('LOT L2403 & "B" · EXP 2028-03-31 · SN SN-0001');
  });

  it('pass EN 16931 and Peppol BIS Billing 3.0 with 0 fatal', { timeout: 240_000 }, async () => {
    expect(documents.size).toBeGreaterThan(8);
    const [cen, peppol] = await Promise.all([validateBatch(PEPPOL_BILLING_RULES.cen, documents), validateBatch(PEPPOL_BILLING_RULES.peppol, documents)]);
    const failures = [...cen.results, ...peppol.results].flatMap(([name, found]) => fatal(found).map((f) => `${name}: ${f.id} ${f.text}`));
    console.log(`[conformance] ${documents.size} issued documents: CEN in ${cen.seconds.toFixed(1)} s, Peppol in ${peppol.seconds.toFixed(1)} s, ${failures.length} fatal`);
    expect(failures).toEqual([]);
  });
});
