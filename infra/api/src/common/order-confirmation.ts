// The order-confirmation mail, written to the outbox in the caller's transaction: by the checkout's
// placement (an order on account is `ordered` at once) and by the payments module when a payment
// succeeds. The order-form PDF is named as an attachment and fetched when the mail is delivered,
// after the commit, so the PDF can be rendered after the order exists.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db, Tx } from '../db/client';
import { orders, users } from '../db/schema';
import { nullable, typedRows } from '../db/typed-rows';
import { enqueue, mailLocale, type OutboxAttachmentRef } from './outbox';
import { vatLanguage, type VatBuyer } from './vat/vat-buyer';
import { orderVatMentions, type VatRegime } from './vat/vat-category';

export const ORDER_CONFIRMATION_TEMPLATE = 'order.confirmation';

/** What the mail says of the order: the placement knows it all when it writes the order. */
export interface ConfirmedOrder {
  id: string;
  number: string;
  totalCents: number;
  email: string | null;
  firstName: string | null;
  paidOnline?: boolean;
  /** How the order was taxed (decision 058): the mail states the legal mention where no Belgian VAT is charged. */
  vat?: { regime: VatRegime | null; buyer: VatBuyer | null } | undefined;
  /** The recipient's own language (users.locale of the order's user): the mail's (decision 061). */
  locale: string | null;
}

/**
 * Enqueues the confirmation of `orderId` to the user who placed it, in their language (not the
 * language of the request that confirmed the payment). Returns false (and writes nothing) when the
 * order has no user with an email address.
 */
export async function enqueueOrderConfirmation(tx: Db | Tx, orderId: string): Promise<boolean> {
  const [order] = await typedRows(
    tx,
    { number: orders.number, total_cents: orders.totalCents, vat_regime: orders.vatRegime, vat_buyer: orders.vatBuyer, email: nullable(users.email), first_name: nullable(users.firstName), locale: nullable(users.locale), paid_online: v.boolean() },
    sql`select o.number, o.total_cents, o.vat_regime, o.vat_buyer, u.email, u.first_name, u.locale,
               exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid') as paid_online
        from orders o left join users u on u.id = o.user_id where o.id = ${orderId}`,
  );
  if (!order) return false;
  return enqueuePlacedOrderConfirmation(
    tx,
    {
      id: orderId,
      number: order.number,
      totalCents: order.total_cents,
      email: order.email,
      firstName: order.first_name,
      locale: order.locale,
      paidOnline: order.paid_online,
      vat: { regime: order.vat_regime, buyer: order.vat_buyer },
    },
  );
}

/** The same mail from what the caller already holds (the placement of an order on account: not paid online). */
export async function enqueuePlacedOrderConfirmation(tx: Db | Tx, order: ConfirmedOrder): Promise<boolean> {
  if (!order.email) return false;
  const lang = mailLocale(order.locale ?? 'en');
  const attachments: OutboxAttachmentRef[] = [{ kind: 'order_form', orderId: order.id }];
  await enqueue(tx, {
    channel: 'email',
    recipient: order.email.toLowerCase(),
    template: ORDER_CONFIRMATION_TEMPLATE,
    locale: lang,
    payload: {
      orderId: order.id,
      orderNumber: order.number,
      totalCents: order.totalCents,
      firstName: order.firstName,
      paidOnline: order.paidOnline ?? false,
      vatMentions: orderVatMentions(order.vat?.regime ?? null, order.vat?.buyer ?? null, vatLanguage(lang)),
      path: `/${lang}/checkout/order/${order.id}`,
      attachments,
    },
  });
  return true;
}
