// The order-confirmation mail, written to the outbox in the caller's transaction: by the checkout's
// placement (an order on account is `ordered` at once) and by the payments module when a payment
// succeeds. The order-form PDF is named as an attachment and fetched when the mail is delivered,
// after the commit, so the PDF can be rendered after the order exists.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db, Tx } from '../db/client';
import { orders, users } from '../db/schema/index';
import { nullable, typedRows } from '../db/typed-rows';
import { enqueue, mailLocale, type OutboxAttachmentRef } from './outbox';

export const ORDER_CONFIRMATION_TEMPLATE = 'order.confirmation';

/** What the mail says of the order: the placement knows it all when it writes the order. */
export interface ConfirmedOrder {
  id: string;
  number: string;
  totalCents: number;
  email: string | null;
  firstName: string | null;
  paidOnline?: boolean;
}

/**
 * Enqueues the confirmation of `orderId` in the buyer's language to the user who placed it.
 * Returns false (and writes nothing) when the order has no user with an email address.
 */
export async function enqueueOrderConfirmation(tx: Db | Tx, orderId: string, locale: string): Promise<boolean> {
  const [order] = await typedRows(
    tx,
    { number: orders.number, total_cents: orders.totalCents, email: nullable(users.email), first_name: nullable(users.firstName), paid_online: v.boolean() },
    sql`select o.number, o.total_cents, u.email, u.first_name,
               exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid') as paid_online
        from orders o left join users u on u.id = o.user_id where o.id = ${orderId}`,
  );
  if (!order) return false;
  return enqueuePlacedOrderConfirmation(
    tx,
    { id: orderId, number: order.number, totalCents: order.total_cents, email: order.email, firstName: order.first_name, paidOnline: order.paid_online },
    locale,
  );
}

/** The same mail from what the caller already holds (the placement of an order on account: not paid online). */
export async function enqueuePlacedOrderConfirmation(tx: Db | Tx, order: ConfirmedOrder, locale: string): Promise<boolean> {
  if (!order.email) return false;
  const lang = mailLocale(locale);
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
      path: `/${lang}/checkout/order/${order.id}`,
      attachments,
    },
  });
  return true;
}
