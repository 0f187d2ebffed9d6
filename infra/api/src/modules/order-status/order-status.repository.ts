// Status moves, delivery confirmations and problem reports: each written with its history row (or
// message) in one transaction, and only if the order is still in the status the rule was checked
// against (a compare-and-set), so two staff clicking at once cannot both move it.
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { CustomerCaller, StaffCaller } from '../../caller';
import { orderScope } from '../../common/scope';
import { enqueue, type OutboxMessage } from '../../common/outbox';
import { rows, type Db } from '../../db/client';
import { orders } from '../../db/schema/index';

export type Actor = CustomerCaller | StaffCaller;

export interface StatusOrder {
  id: string;
  number: string;
  status: OrderStatus;
  organisation_id: string;
  expected_delivery_on: string | null;
  delivery_confirmed_at: Date | string | null;
}

export interface OrderLineRef {
  id: string;
  article_code: string;
  description: string;
  quantity: number;
}

/** Who hears about a problem: the case manager (else the sales consultant) of the organisation. */
export interface Contact {
  email: string;
  locale: string;
  first_name: string;
}

export function createOrderStatusRepository(db: Db) {
  return {
    async find(actor: Actor, id: string): Promise<StatusOrder | null> {
      const [row] = await rows<StatusOrder>(
        db,
        sql`select id, number, status, organisation_id, expected_delivery_on::text as expected_delivery_on, delivery_confirmed_at
            from orders where id = ${id} and ${orderScope(actor, { organisation: orders.organisationId, user: orders.userId })}`,
      );
      return row ?? null;
    },

    lines: (orderId: string) =>
      rows<OrderLineRef>(db, sql`select id, article_code, description, quantity from order_lines where order_id = ${orderId}`),

    async caseManagerOf(organisationId: string): Promise<Contact | null> {
      const [row] = await rows<Contact>(
        db,
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
        const updated = await rows<{ id: string }>(
          tx,
          sql`update orders set status = ${to},
                tracking_reference = coalesce(${extra.trackingReference ?? null}, tracking_reference),
                expected_delivery_on = coalesce(${extra.expectedDeliveryOn ?? null}::date, expected_delivery_on),
                delivery_confirmed_at = case when ${!!extra.confirmDelivery} then now() else delivery_confirmed_at end,
                delivery_confirmed_by_user_id = case when ${!!extra.confirmDelivery} then ${actor.userId}::uuid else delivery_confirmed_by_user_id end
              where id = ${order.id} and status = ${order.status} and delivery_confirmed_at is not distinct from ${order.delivery_confirmed_at ? new Date(order.delivery_confirmed_at).toISOString() : null}::timestamptz
              returning id`,
        );
        if (!updated.length) return false;
        if (to !== order.status) {
          await tx.execute(sql`insert into order_status_history (order_id, status, changed_by_user_id, note) values (${order.id}, ${to}, ${actor.userId}, ${extra.note ?? null})`);
        }
        if (extra.confirmDelivery) {
          await tx.execute(sql`insert into order_messages (order_id, author_user_id, body, kind) values (${order.id}, ${actor.userId}, '', 'delivery_confirmed')`);
        }
        return true;
      });
    },

    /** A problem report: a message of kind `problem` for the case manager, and their mail. */
    async reportProblem(actor: CustomerCaller, orderId: string, body: string, details: Record<string, unknown>, mail: OutboxMessage | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into order_messages (order_id, author_user_id, body, kind, details) values (${orderId}, ${actor.userId}, ${body}, 'problem', ${JSON.stringify(details)}::jsonb)`);
        if (mail) await enqueue(tx, mail);
      });
    },
  };
}
export type OrderStatusRepository = ReturnType<typeof createOrderStatusRepository>;
