// The order's side of a payment (decision 039): the payments module decides what a payment's
// outcome does to its order; the order's rows (its lock, its status and history, its lines' stock
// split) are changed here, on the payment's transaction, through the PaymentOrdersPort the
// composition root hands the payments module.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { PaymentOrdersPort } from '../contract';
import { customerOrderScope, ORDER_ALIAS_O } from '../../../common/scope';
import type { Tx } from '../../../db/client';
import { orderLines, orders } from '../tables';
import type { EventsPort } from '../../integration-events/contract';
import { writeOrderHistory } from '../order-events';
import { rowShape, typedRows } from '../../../db/typed-rows';

const lockedRow = rowShape({
  id: orders.id,
  number: orders.number,
  status: orders.status,
  discount_code_id: orders.discountCodeId,
  total_cents: orders.totalCents,
  currency: orders.currency,
});
const stockLineRow = rowShape({ product_id: v.string(), quantity: v.number() });
const orderedRow = rowShape({ product_id: v.string(), quantity: v.number(), description: orderLines.description });

/** `events`: the move's history row publishes its event in the payment's transaction (decision 066). */
export const createPaymentOrders = (events: EventsPort): PaymentOrdersPort => ({
  async lock(tx: Tx, orderId, caller) {
    const [row] = await typedRows(
      tx,
      lockedRow,
      sql`select o.id, o.number, o.status, o.discount_code_id, o.total_cents, o.currency from orders o
          where o.id = ${orderId} ${caller ? sql`and ${customerOrderScope(caller, ORDER_ALIAS_O)}` : sql``} for update of o`,
    );
    return row ?? null;
  },

  async move(tx: Tx, orderId, from, to, byUserId, note) {
    await tx.update(orders).set({ status: to }).where(and(eq(orders.id, orderId), eq(orders.status, from)));
    await writeOrderHistory(tx, events, { orderId, status: to, fromStatus: from, changedByUserId: byUserId, note });
  },

  takenFromStock: (tx: Tx, orderId) =>
    typedRows(
      tx,
      stockLineRow,
      sql`select product_id, sum(quantity_from_stock)::int as quantity from order_lines where order_id = ${orderId} and product_id is not null
          group by product_id having sum(quantity_from_stock) > 0 order by product_id`,
    ),

  ordered: (tx: Tx, orderId) =>
    typedRows(
      tx,
      orderedRow,
      sql`select product_id, sum(quantity)::int as quantity, min(description) as description from order_lines
          where order_id = ${orderId} and product_id is not null group by product_id order by product_id`,
    ),

  /**
   * One line per product (placement takes a product once); should there be several, the
   * backordered units go to the last lines first, each within its own quantity.
   */
  async recordBackordered(tx: Tx, orderId, productId, backordered) {
    await tx.execute(
      sql`update order_lines l set quantity_backordered = greatest(0, least(l.quantity, ${backordered}::int - s.after))
          from (select id, coalesce(sum(quantity) over (order by id desc rows between unbounded preceding and 1 preceding), 0) as after
                from order_lines where order_id = ${orderId} and product_id = ${productId}) s
          where l.id = s.id`,
    );
  },
});
