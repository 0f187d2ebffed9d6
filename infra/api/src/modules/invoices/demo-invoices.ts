// The demo's invoices (issue 30): every shipped order of the demo organisations invoiced on the day
// it shipped, through the same issuing code and renderer as the running portal, oldest first so the
// numbers follow the dates. Then, per organisation, the second oldest invoice is paid, the open ones
// past their due date (the oldest: its order shipped two months ago) are overdue, as the job marks
// them, and the latest delivered one has a credit note for one returned unit, so a new user sees
// every state on the invoices page.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import type { SellerFacts } from './invoice-input';
import type { InvoiceRenderer } from './invoice-renderer';
import { addDays, createInvoicing, type InvoicingDeps } from './invoicing';

/**
 * `delivery` records each document's delivery as the demo's history (invoice-delivery's
 * createDeliveredHistory, handed over where the seed is wired): without it every demo invoice read
 * "no Peppol participant id and no billing email" (issue 40).
 */
export function seedDemoInvoices(deps: { renderer: InvoiceRenderer; seller: SellerFacts; costCentreOf: InvoicingDeps['costCentreOf']; delivery: NonNullable<InvoicingDeps['delivery']>; today?: () => string }) {
  const invoicing = createInvoicing(deps);
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  return async (tx: Tx): Promise<void> => {
    const shipped = await typedRows(
      tx,
      { id: v.string(), organisation_id: v.string(), status: v.string(), shipped_on: v.string() },
      sql`select o.id, o.organisation_id::text, o.status::text, to_char(min(h.changed_at) at time zone 'UTC', 'YYYY-MM-DD') as shipped_on
          from orders o join order_status_history h on h.order_id = o.id and h.status = 'in_shipping'
          where o.status in ('in_shipping', 'delivered') and o.organisation_id is not null
          group by o.id order by min(h.changed_at), o.number`,
    );
    const issued: { id: string; organisation: string; status: string; issuedOn: string }[] = [];
    for (const order of shipped) {
      const id = await invoicing.invoiceShipment(tx, { orderId: order.id, shipmentId: null, shippedOn: order.shipped_on, lines: 'rest' });
      if (id) issued.push({ id, organisation: order.organisation_id, status: order.status, issuedOn: order.shipped_on });
    }
    for (const organisation of new Set(issued.map((i) => i.organisation))) {
      const mine = issued.filter((i) => i.organisation === organisation);
      const paid = mine[1] ?? mine[0]!;
      await tx.execute(sql`update invoices set status = 'paid', paid_at = ${addDays(paid.issuedOn, 20)}::date + time '12:00' where id = ${paid.id}`);
      const returned = mine.filter((i) => i.status === 'delivered' && i !== paid && i !== mine[0]).at(-1);
      if (returned) {
        const [line] = await typedRows(tx, { order_line_id: v.string() }, sql`select order_line_id::text from invoice_lines where invoice_id = ${returned.id} order by quantity desc, order_line_id limit 1`);
        // Issued today, after every invoice, so the series stays in date order.
        await invoicing.creditInvoice(tx, returned.id, [{ orderLineId: line!.order_line_id, quantity: 1 }], 'Returned: damaged in transit', today());
      }
    }
    await tx.execute(sql`update invoices set status = 'overdue' where status = 'open' and due_date < ${today()}::date`);
  };
}
