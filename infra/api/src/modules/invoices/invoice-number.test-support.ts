// The gapless numbering under concurrency (decision 047), shared by the PGlite and the PostgreSQL
// test: `count` orders issued at once through InvoicingPort, each in its own transaction, some of
// them rolled back after their invoice was written (number taken, PDF stored): the committed
// invoices of the year must be numbered 1..k with no gap and no number twice, and the rolled-back
// orders must have no invoice.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { insertOrder } from '../../test-support/pending-orders';

class RolledBack extends Error {}

export async function issueConcurrently(app: FastifyInstance, opts: { count: number; year: number; rollBack: (i: number) => boolean }) {
  const orders = [];
  for (let i = 0; i < opts.count; i++) orders.push(await insertOrder(app, { email: i % 2 ? POLICE_BUYER : HOSPITAL_BUYER, status: 'to_be_shipped' }));
  const shippedOn = `${opts.year}-03-01`;
  const results = await Promise.allSettled(
    orders.map((order, i) =>
      app.database.db.transaction(async (tx) => {
        const id = await app.invoicing.invoiceShipment(tx, { orderId: order.id, shipmentId: null, shippedOn, lines: 'rest' });
        if (opts.rollBack(i)) throw new RolledBack(`order ${i} rolled back`);
        return id;
      }),
    ),
  );
  const committed = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter((r) => r.status === 'rejected');
  // Only the deliberate rollbacks fail: never a unique violation or a deadlock.
  expect(refused.every((r) => r.reason instanceof RolledBack), String(refused.find((r) => !(r.reason instanceof RolledBack))?.reason)).toBe(true);
  expect(committed).toBe(orders.filter((_, i) => !opts.rollBack(i)).length);
  return { orders, committed };
}

/** The year's numbers as stored, in order, and the series' counter. */
export async function numbersOf(app: FastifyInstance, year: number) {
  const numbers = (await query<{ number: string }>(app, sql`select number from invoices where year = ${year} order by number`)).map((r) => r.number);
  const [series] = await query<{ last_number: number }>(app, sql`select last_number from invoice_number_series where year = ${year}`);
  return { numbers, last: series?.last_number ?? 0 };
}

/** 1..k, formatted. */
export const gapless = (year: number, k: number) => Array.from({ length: k }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`);
