// The orders' part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts). The download: the person's orders, their lines and the messages they wrote.
// The erasure keeps the order (the supporting document of its invoices: Belgian bookkeeping keeps
// both for 10 years) with the person's name and contact replaced: the submitter's name and function
// and the address snapshots' label, e-mail and phone are emptied; the goods, amounts, dates and the
// delivery and invoice addresses stay, as the issued invoice states them. The messages the person
// wrote are deleted, the stored order form (rendered with their name) too: it is rendered again,
// from the anonymised order, when someone asks for it. Their placements' Idempotency-Keys go.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PersonalDataPort } from '../../accounts/contract';
import { idempotencyKeys, orderDocuments, orderLines, orderMessages, orders } from '../tables';

/** What replaces a person's name and contact in an address snapshot. */
const ANONYMOUS_CONTACT = { label: '', email: null, phone: null };
/** What replaces the submitter's name (the declaration they ticked, with its wording, stays). */
const ANONYMOUS_SUBMITTER = { first_name: '', last_name: '', function: '', full_name: '' };

export const ordersPersonalData: PersonalDataPort = {
  owner: 'orders',

  async exportOf(db, { userId }) {
    const orderRows = await db
      .select({
        number: orders.number,
        placed_at: orders.placedAt,
        status: orders.status,
        external_reference: orders.externalReference,
        remarks: orders.remarks,
        delivery_address: orders.deliveryAddress,
        invoice_address: orders.invoiceAddress,
        submitter: orders.submitter,
        subtotal_cents: orders.subtotalCents,
        discount_cents: orders.discountCents,
        shipping_cents: orders.shippingCents,
        vat_cents: orders.vatCents,
        total_cents: orders.totalCents,
        currency: orders.currency,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.placedAt), asc(orders.number));
    const lineRows = await db
      .select({
        order_number: orders.number,
        article_code: orderLines.articleCode,
        description: orderLines.description,
        quantity: orderLines.quantity,
        unit_price_cents: orderLines.unitPriceCents,
        vat_rate_bp: orderLines.vatRateBp,
        line_total_cents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.placedAt), asc(orders.number), asc(orderLines.articleCode));
    const messageRows = await db
      .select({ order_number: orders.number, written_at: orderMessages.createdAt, kind: orderMessages.kind, body: orderMessages.body })
      .from(orderMessages)
      .innerJoin(orders, eq(orders.id, orderMessages.orderId))
      .where(eq(orderMessages.authorUserId, userId))
      .orderBy(asc(orderMessages.createdAt));
    return { orders: orderRows, order_lines: lineRows, messages: messageRows };
  },

  async erase(tx, { userId }) {
    const theirs = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    await tx
      .update(orders)
      .set({
        deliveryAddress: sql`${orders.deliveryAddress} || ${JSON.stringify(ANONYMOUS_CONTACT)}::jsonb`,
        invoiceAddress: sql`${orders.invoiceAddress} || ${JSON.stringify(ANONYMOUS_CONTACT)}::jsonb`,
        submitter: sql`case when ${orders.submitter} is null then null else ${orders.submitter} || ${JSON.stringify(ANONYMOUS_SUBMITTER)}::jsonb end`,
      })
      .where(eq(orders.userId, userId));
    await tx.delete(orderDocuments).where(inArray(orderDocuments.orderId, theirs));
    // Their own words go; a delivery confirmation or a reported problem stays as the record of the
    // delivery (a credit note may rest on it), naming only the anonymised account.
    await tx.delete(orderMessages).where(and(eq(orderMessages.authorUserId, userId), eq(orderMessages.kind, 'message')));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.callerKey, `user:${userId}`));
  },
};
