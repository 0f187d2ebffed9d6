// The documents an order keeps, and the order data the order form is printed from. A document is
// stored once: the first writer wins (`on conflict do nothing`) and everyone reads what is stored,
// so two first downloads at the same time still give the same bytes.
import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../../../caller';
import { orderScope } from '../../../common/scope';
import type { Db, Tx } from '../../../db/client';
import { orderDocuments, orderLines, orders } from '../tables';
import { organisations, users } from '../links';
import type { OrderFormData } from './order-form';
import { vatLanguage } from '../../../common/vat/vat-buyer';
import { orderVatMentions } from '../../../common/vat/vat-category';

export const ORDER_FORM = 'order_form';

/** The cost centre an order was charged to (the budgets module's port, decision 054); absent: none printed. */
export type CostCentreOf = (db: Db, orderId: string) => Promise<{ code: string; name: string; over_budget_cents?: number } | null>;

export function createOrderDocumentsRepository(db: Db, costCentreOf?: CostCentreOf) {
  return {
    /** The order's number when the caller may read it; null otherwise (another organisation's: 404). */
    async visibleOrder(caller: Caller, orderId: string): Promise<{ number: string } | null> {
      const [row] = await db
        .select({ number: orders.number })
        .from(orders)
        .where(and(eq(orders.id, orderId), orderScope(caller, { organisation: orders.organisationId, user: orders.userId })));
      return row ?? null;
    },

    async stored(orderId: string, kind: string, tx: Db | Tx = db): Promise<{ bytes: Buffer; contentType: string } | null> {
      const [row] = await tx
        .select({ bytes: orderDocuments.bytes, contentType: orderDocuments.contentType })
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, kind)));
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.contentType } : null;
    },

    /** Stores the document unless one is stored already; returns the stored one either way. */
    async store(orderId: string, kind: string, contentType: string, bytes: Buffer): Promise<{ bytes: Buffer; contentType: string }> {
      await db.insert(orderDocuments).values({ orderId, kind, contentType, bytes }).onConflictDoNothing({ target: [orderDocuments.orderId, orderDocuments.kind] });
      return (await this.stored(orderId, kind))!;
    },

    /** The order's lines as the shipments' read port names them (decision 079). */
    lineFacts(orderId: string): Promise<{ id: string; article_code: string; description: string }[]> {
      return db.select({ id: orderLines.id, article_code: orderLines.articleCode, description: orderLines.description }).from(orderLines).where(eq(orderLines.orderId, orderId));
    },

    /** What the order form prints, and the buyer's language (the declaration's, else the user's). */
    async orderFormData(orderId: string): Promise<{ data: OrderFormData; locale: string } | null> {
      const [o] = await db
        .select({
          number: orders.number,
          placedAt: orders.placedAt,
          customerNumber: organisations.customerNumber,
          externalReference: orders.externalReference,
          remarks: orders.remarks,
          deliveryAddress: orders.deliveryAddress,
          invoiceAddress: orders.invoiceAddress,
          submitter: orders.submitter,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          shippingCents: orders.shippingCents,
          vatCents: orders.vatCents,
          totalCents: orders.totalCents,
          currency: orders.currency,
          vatRegime: orders.vatRegime,
          vatBuyer: orders.vatBuyer,
          userLocale: users.locale,
        })
        .from(orders)
        .leftJoin(organisations, eq(organisations.id, orders.organisationId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!o) return null;
      const lines = await db
        .select({
          id: orderLines.id,
          articleNumber: orderLines.articleCode,
          description: orderLines.description,
          nsn: orderLines.nsn,
          quantity: orderLines.quantity,
          unitPriceCents: orderLines.unitPriceCents,
          lineTotalCents: orderLines.lineTotalCents,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.articleCode), asc(orderLines.id));
      const { customerNumber, externalReference, userLocale, vatRegime, vatBuyer, ...order } = o;
      const charged = costCentreOf ? await costCentreOf(db, orderId) : null;
      const locale = o.submitter?.declaration.locale ?? userLocale ?? 'en';
      return {
        locale,
        data: { ...order, vatMentions: orderVatMentions(vatRegime, vatBuyer, vatLanguage(locale)), clientNumber: customerNumber, externalOrderNumber: externalReference, costCentre: charged ? `${charged.code} — ${charged.name}` : null, overBudgetCents: charged?.over_budget_cents || null, lines },
      };
    },
  };
}
export type OrderDocumentsRepository = ReturnType<typeof createOrderDocumentsRepository>;
