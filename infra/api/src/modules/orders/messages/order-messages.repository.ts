// The thread of one order. Reading it marks the other side's messages read; writing one queues the
// other side's mail in the same transaction (common/outbox.ts).
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CustomerCaller, StaffCaller } from '../../../caller';
import { orderScope } from '../../../common/scope';
import { enqueue, type OutboxMessage } from '../../../common/outbox';
import type { Db } from '../../../db/client';
import { orderMessages, orders } from '../tables';
import { users } from '../links';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';

export type Writer = CustomerCaller | StaffCaller;

const messageRow = rowShape({
  id: orderMessages.id,
  body: orderMessages.body,
  kind: v.picklist(['message', 'problem', 'delivery_confirmed']),
  author_user_id: orderMessages.authorUserId,
  author_name: v.nullable(v.string()),
  by_staff: v.boolean(),
  created_at: orderMessages.createdAt,
  read_at: orderMessages.readAt,
});
export type MessageRow = RowOf<typeof messageRow>;

const recipientRow = rowShape({ email: users.email, locale: users.locale, first_name: users.firstName });
export type Recipient = RowOf<typeof recipientRow>;

const BY_STAFF = sql`exists (select 1 from staff st where st.user_id = m.author_user_id)`;

export function createOrderMessagesRepository(db: Db) {
  return {
    async order(writer: Writer, id: string) {
      const [row] = await db
        .select({ id: orders.id, number: orders.number, organisation_id: orders.organisationId, user_id: orders.userId })
        .from(orders)
        .where(and(eq(orders.id, id), orderScope(writer, { organisation: orders.organisationId, user: orders.userId })));
      return row ?? null;
    },

    /** The thread, oldest first; the other side's unread messages are marked read by this reading. */
    async thread(writer: Writer, orderId: string): Promise<MessageRow[]> {
      const fromOtherSide = writer.kind === 'staff' ? sql`not ${BY_STAFF}` : BY_STAFF;
      await db.execute(sql`update order_messages m set read_at = now() where m.order_id = ${orderId} and m.read_at is null and ${fromOtherSide}`);
      return typedRows(
        db,
        messageRow,
        sql`select m.id, m.body, m.kind, m.author_user_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author_name,
              ${BY_STAFF} as by_staff, m.created_at, m.read_at
            from order_messages m left join users u on u.id = m.author_user_id where m.order_id = ${orderId} order by m.created_at, m.id`,
      );
    },

    /** Who the other side is: the orderer (else the organisation's primary contact), or the case manager. */
    async recipient(writer: Writer, order: { organisation_id: string | null; user_id: string | null }): Promise<Recipient | null> {
      const [row] =
        writer.kind === 'staff'
          ? await typedRows(
              db,
              recipientRow,
              sql`select u.email, u.locale, u.first_name from users u join organisations o on o.id = ${order.organisation_id}
                  where u.id = coalesce(${order.user_id}::uuid, o.primary_contact_user_id) and u.disabled_at is null
                    -- Deactivated in this organisation: no more mail about its orders (decision 032).
                    and not exists (select 1 from memberships m where m.user_id = u.id and m.organisation_id = o.id and m.deactivated_at is not null)`,
            )
          : await typedRows(
              db,
              recipientRow,
              sql`select u.email, u.locale, u.first_name from organisations o join users u on u.id = coalesce(o.case_manager_id, o.sales_consultant_id)
                  where o.id = ${order.organisation_id} and u.disabled_at is null`,
            );
      return row ?? null;
    },

    async add(writer: Writer, orderId: string, body: string, mail: OutboxMessage | null): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(orderMessages).values({ orderId, authorUserId: writer.userId, body }).returning({ id: orderMessages.id });
        if (mail) await enqueue(tx, mail);
        return row!.id;
      });
    },
  };
}
export type OrderMessagesRepository = ReturnType<typeof createOrderMessagesRepository>;
