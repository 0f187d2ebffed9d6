// Status moves, delivery confirmations and problem reports: each written with its history row (or
// message) in one transaction, and only if the order is still in the status the rule was checked
// against (a compare-and-set), so two staff clicking at once cannot both move it.
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { CustomerCaller, StaffCaller } from '../../../caller';
import { orderScope } from '../../../common/scope';
import { enqueue, type OutboxMessage } from '../../../common/outbox';
import { todayUtc } from '../../../common/order-transitions';
import type { InvoicingPort } from '../../invoices/contract';
import type { Db } from '../../../db/client';
import { orderLines, orderMessages, orders } from '../tables';
import type { EventsPort } from '../../integration-events/contract';
import { writeOrderHistory } from '../order-events';
import { users } from '../links';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';

export type Actor = CustomerCaller | StaffCaller;

const statusOrder = rowShape({
  id: orders.id,
  number: orders.number,
  status: orders.status,
  organisation_id: orders.organisationId,
  expected_delivery_on: orders.expectedDeliveryOn,
  delivery_confirmed_at: orders.deliveryConfirmedAt,
});
export type StatusOrder = RowOf<typeof statusOrder>;

export type OrderLineRef = { id: string; article_code: string; description: string; quantity: number };

/** Who hears about a problem: the case manager (else the sales consultant) of the organisation. */
const contactRow = rowShape({ email: users.email, locale: users.locale, first_name: users.firstName });
export type Contact = RowOf<typeof contactRow>;

/**
 * `invoicing`: the invoices module's port (decision 039). The move to in_shipping invoices what of
 * the order is not invoiced yet, in the move's transaction: the order is shipped exactly when its
 * invoice exists (a failure to issue rolls the move back). `events`: the move's history row
 * publishes its event in the move's transaction (decision 066).
 */
export function createOrderStatusRepository(db: Db, events: EventsPort, invoicing?: Pick<InvoicingPort, 'invoiceShipment'>) {
  return {
    async find(actor: Actor, id: string): Promise<StatusOrder | null> {
      const [row] = await db
        .select(statusOrder)
        .from(orders)
        .where(and(eq(orders.id, id), orderScope(actor, { organisation: orders.organisationId, user: orders.userId })));
      return row ?? null;
    },

    lines: (orderId: string) =>
      db
        .select({ id: orderLines.id, article_code: orderLines.articleCode, description: orderLines.description, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId)),

    async caseManagerOf(organisationId: string | null): Promise<Contact | null> {
      const [row] = await typedRows(
        db,
        contactRow,
        sql`select u.email, u.locale, u.first_name from organisations o join users u on u.id = coalesce(o.case_manager_id, o.sales_consultant_id)
            where o.id = ${organisationId} and u.disabled_at is null`,
      );
      return row ?? null;
    },

    /** Moves `from` → `to`; false when the order was no longer in `from`. */
    async move(
      actor: Actor,
      order: StatusOrder,
      to: OrderStatus,
      extra: { trackingReference?: string; expectedDeliveryOn?: string; note?: string | null; confirmDelivery?: boolean },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Compare-and-set: only if the order is still in the status (and confirmation) the rule was checked against.
        const updated = await tx
          .update(orders)
          .set({
            status: to,
            ...(extra.trackingReference !== undefined ? { trackingReference: extra.trackingReference } : {}),
            ...(extra.expectedDeliveryOn !== undefined ? { expectedDeliveryOn: extra.expectedDeliveryOn } : {}),
            ...(extra.confirmDelivery ? { deliveryConfirmedAt: sql`now()`, deliveryConfirmedByUserId: actor.userId } : {}),
          })
          .where(
            and(
              eq(orders.id, order.id),
              eq(orders.status, order.status),
              sql`${orders.deliveryConfirmedAt} is not distinct from ${order.delivery_confirmed_at?.toISOString() ?? null}::timestamptz`,
            ),
          )
          .returning({ id: orders.id });
        if (!updated.length) return false;
        if (to === 'in_shipping' && to !== order.status && invoicing) {
          await invoicing.invoiceShipment(tx, { orderId: order.id, shipmentId: null, shippedOn: todayUtc(), lines: 'rest' });
        }
        if (to !== order.status) {
          await writeOrderHistory(tx, events, { orderId: order.id, status: to, changedByUserId: actor.userId, note: extra.note ?? null });
        }
        if (extra.confirmDelivery) {
          await tx.insert(orderMessages).values({ orderId: order.id, authorUserId: actor.userId, body: '', kind: 'delivery_confirmed' });
        }
        return true;
      });
    },

    /** A problem report: a message of kind `problem` for the case manager, and their mail. */
    async reportProblem(actor: CustomerCaller, orderId: string, body: string, details: Record<string, unknown>, mail: OutboxMessage | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(orderMessages).values({ orderId, authorUserId: actor.userId, body, kind: 'problem', details });
        if (mail) await enqueue(tx, mail);
      });
    },
  };
}
export type OrderStatusRepository = ReturnType<typeof createOrderStatusRepository>;
