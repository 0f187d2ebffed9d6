// The documents as the portal issues them (decision 047), not only as the matrix builds them: the
// demo's invoices and credit notes of the Belgian hospital and the Dutch police (built from the
// database's order, organisation and seller facts), an invoice paid at placement, and a shipment
// invoiced in two parts with its discount and shipping split. Every stored UBL is validated against
// both rule sets in one Saxon run each: 0 fatal. Figures are printed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { insertOrder } from '../../test-support/pending-orders';
import { fatal, PEPPOL_BILLING_RULES, validateBatch } from '../../test-support/schematron';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const documents = new Map<string, string>();
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.database.db;
  const prepaid = await insertOrder(t.app, { email: HOSPITAL_BUYER, status: 'ordered' });
  await db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, prepaid.id, today));
  // Two shipments of one order with a discount and shipping: the first ships one unit.
  const split = await insertOrder(t.app, { email: POLICE_BUYER, status: 'in_shipping', quantity: 5 });
  await query(t.app, sql`update orders set discount_cents = 625, shipping_cents = 1295 where id = ${split.id}`);
  const [line] = await query<{ id: string }>(t.app, sql`select id from order_lines where order_id = ${split.id}`);
  await db.transaction((tx) => t.app.invoicing.invoiceShipment(tx, { orderId: split.id, shipmentId: 'SHIP-1', shippedOn: today, lines: [{ orderLineId: line!.id, quantity: 1 }] }));
  await db.transaction((tx) => t.app.invoicing.invoiceShipment(tx, { orderId: split.id, shipmentId: 'SHIP-2', shippedOn: today, lines: 'rest' }));
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

  it('pass EN 16931 and Peppol BIS Billing 3.0 with 0 fatal', { timeout: 240_000 }, async () => {
    expect(documents.size).toBeGreaterThan(8);
    const [cen, peppol] = await Promise.all([validateBatch(PEPPOL_BILLING_RULES.cen, documents), validateBatch(PEPPOL_BILLING_RULES.peppol, documents)]);
    const failures = [...cen.results, ...peppol.results].flatMap(([name, found]) => fatal(found).map((f) => `${name}: ${f.id} ${f.text}`));
    console.log(`[conformance] ${documents.size} issued documents: CEN in ${cen.seconds.toFixed(1)} s, Peppol in ${peppol.seconds.toFixed(1)} s, ${failures.length} fatal`);
    expect(failures).toEqual([]);
  });
});
