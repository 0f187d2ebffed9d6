// What an order's status history tells the supplier's systems (decision 066): the event of each
// history row, decided here and recorded through the integration-events owner's outbox in the
// move's own transaction. Until 066 a database trigger decided it (migration 0020); the rule is
// the same: a web-shop order's first row awaits payment, an order on the books (an invoice order's
// first row, or a move out of the payment statuses) is placed, a payment that ended cancels it.
import { sql } from 'drizzle-orm';
import { PAYMENT_STATUSES, type IntegrationEventRecord, type OrderEventData, type OrderStatus } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import { nullable, rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import type { EventsPort } from '../integration-events/contract';
import { orders, orderStatusHistory } from './tables';

type OrderEvent = Extract<IntegrationEventRecord, { data: OrderEventData }>;

const isPaymentStatus = (status: OrderStatus) => (PAYMENT_STATUSES as readonly OrderStatus[]).includes(status);

/** The event of a history row moving to `to` from `from` (null: the order's first row). */
export function orderEventType(to: OrderStatus, from: OrderStatus | null): OrderEvent['type'] {
  if (to === 'payment_cancelled' || to === 'payment_expired') return 'order.cancelled';
  if (to === 'payment_pending' && from === null) return 'order.awaiting_payment';
  if (!isPaymentStatus(to) && (from === null || isPaymentStatus(from))) return 'order.placed';
  return 'order.status_changed';
}

/** The order's facts an event carries, as written (read in the statement that writes the history row). */
const factsRow = rowShape({
  order_id: orders.id,
  order_number: orders.number,
  organisation_id: orders.organisationId,
  external_reference: orders.externalReference,
  total_cents: orders.totalCents,
  currency: orders.currency,
  previous: nullable(orderStatusHistory.status),
});
type Facts = RowOf<typeof factsRow>;

const orderEvent = (facts: Omit<Facts, 'previous'>, to: OrderStatus, from: OrderStatus | null): OrderEvent => ({
  type: orderEventType(to, from),
  aggregate_type: 'order',
  data: { ...facts, status: to, from_status: from },
});

export interface HistoryRow {
  orderId: string;
  status: OrderStatus;
  /** The status it left; absent: the previous history row's (a staff move). */
  fromStatus?: OrderStatus | null;
  changedByUserId?: string | null;
  changedByClient?: string | null;
  note?: string | null;
}

/**
 * Writes an order's history row and records its event, on the move's transaction: one statement
 * writes the row and reads the order's facts and the previous row's status (the select's snapshot
 * does not see the row its own CTE inserts, so the last row it sees is the one before), one records
 * the event.
 */
export async function writeOrderHistory(tx: Tx | Db, events: EventsPort, row: HistoryRow): Promise<void> {
  const [facts] = await typedRows(
    tx,
    factsRow,
    sql`with h as (
          insert into order_status_history (order_id, status, from_status, changed_by_user_id, changed_by_client, note)
          values (${row.orderId}, ${row.status}, ${row.fromStatus ?? null}, ${row.changedByUserId ?? null}, ${row.changedByClient ?? null}, ${row.note ?? null})
        )
        select o.id as order_id, o.number as order_number, o.organisation_id, o.external_reference, o.total_cents, o.currency,
          (select p.status from order_status_history p where p.order_id = o.id order by p.id desc limit 1) as previous
        from orders o where o.id = ${row.orderId}`,
  );
  const { previous, ...order } = facts!;
  await events.record(tx, orderEvent(order, row.status, row.fromStatus ?? previous));
}

/**
 * The events of history rows written without a move (the demo seed's orders, written as a whole):
 * each row's, in the order of the rows, as a move would have recorded it.
 */
export async function recordOrderHistory(tx: Tx | Db, events: EventsPort, orderId: string): Promise<void> {
  const rows = await typedRows(
    tx,
    factsRow,
    sql`select o.id as order_id, o.number as order_number, o.organisation_id, o.external_reference, o.total_cents, o.currency, h.status as previous
        from orders o join order_status_history h on h.order_id = o.id where o.id = ${orderId} order by h.id`,
  );
  let from: OrderStatus | null = null;
  for (const { previous: to, ...order } of rows) {
    await events.record(tx, orderEvent(order, to!, from));
    from = to;
  }
}

/** Placement's first history row's event, as steps of placement's statement: the order's id and number are the statement's (CTE `o`). */
export function placementEventSteps(events: EventsPort, facts: Omit<OrderEventData, 'order_id' | 'order_number' | 'currency' | 'from_status'>) {
  return events.recordSteps('placed_event', 'o', {
    type: orderEventType(facts.status, null),
    aggregate_type: 'order',
    data: { ...facts, order_id: sql`o.id`, order_number: sql`o.number`, currency: sql`o.currency`, from_status: null },
  });
}
