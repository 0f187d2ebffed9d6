// SQL of the payments: the payments and webhook-event rows, and which orders wait for payment.
// What a payment's outcome changes of its order, the stock and the discount code's use is the
// owners' SQL (decision 039), called by the service through the ports on the same transaction,
// with the order row locked first, so a webhook, the expiry job and a retry on the same order run
// one after the other.
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import type { EventsPort } from '../integration-events/contract';
import { orders } from './links';
import { payments, paymentWebhookEvents } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import { isUuid } from '../../common/uuid';

export type PaymentRowStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: string;
  provider_payment_id: string;
  status: PaymentRowStatus;
  amount_cents: number;
  currency: string;
  locale: string;
  expires_at: Date;
  order_number: string;
  order_status: OrderStatus;
  /** Who placed the order (the development page is open to that session only, decision 036). */
  user_id: string | null;
  anonymous_session_id: string | null;
}

export interface NewPayment {
  orderId: string;
  provider: string;
  providerPaymentId: string;
  amountCents: number;
  currency: string;
  locale: string;
  hostedUrl: string;
  ttlSeconds: number;
}

/** An order waiting for payment (the expiry job's hand-written select, locked with skip locked). */
const dueRow = rowShape({ id: orders.id });

/** This provider's payment. */
const providerPayment = (provider: string, providerPaymentId: string) => and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId));

/** A payment whose status a statement changed, with what its event carries (decision 066). */
const changedRow = rowShape({
  payment_id: payments.id,
  order_id: payments.orderId,
  order_number: orders.number,
  status: payments.status,
  before: payments.status,
  amount_cents: payments.amountCents,
  currency: payments.currency,
});

/** `events`: a payment's outcome publishes its event, under its order, in the payment's transaction (decision 066). */
export function createPaymentsRepository(db: Db, events: EventsPort) {
  /** An outcome is news (succeeded or failed) when the status changed to anything but pending. */
  async function publish(tx: Tx, changed: RowOf<typeof changedRow>[]): Promise<void> {
    for (const { before, ...data } of changed) {
      if (data.status === before || data.status === 'pending') continue;
      await events.record(tx, { type: data.status === 'paid' ? 'payment.succeeded' : 'payment.failed', aggregate_type: 'order', data: { ...data, status: data.status } });
    }
  }

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async insertPayment(p: NewPayment): Promise<void> {
      await db.insert(payments).values({
        orderId: p.orderId,
        provider: p.provider,
        providerPaymentId: p.providerPaymentId,
        amountCents: p.amountCents,
        currency: p.currency,
        locale: p.locale,
        hostedUrl: p.hostedUrl,
        expiresAt: sql`now() + make_interval(secs => ${p.ttlSeconds})`,
      });
    },

    /** A payment by the provider's id, with its order; `lock`: the payment row is locked in `tx`. */
    async payment(provider: string, providerPaymentId: string, tx: Db | Tx = db, lock = false): Promise<PaymentRow | null> {
      const query = tx
        .select({
          id: payments.id,
          order_id: payments.orderId,
          provider: payments.provider,
          provider_payment_id: payments.providerPaymentId,
          status: payments.status,
          amount_cents: payments.amountCents,
          currency: payments.currency,
          locale: payments.locale,
          expires_at: payments.expiresAt,
          order_number: orders.number,
          order_status: orders.status,
          user_id: orders.userId,
          anonymous_session_id: orders.anonymousSessionId,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(providerPayment(provider, providerPaymentId));
      const [row] = await (lock ? query.for('update', { of: payments }) : query);
      return row ?? null;
    },

    async statusOf(provider: string, providerPaymentId: string): Promise<PaymentRowStatus | null> {
      const [row] = await db.select({ status: payments.status }).from(payments).where(providerPayment(provider, providerPaymentId));
      return row?.status ?? null;
    },

    /** Records a webhook event; false when this event was recorded before (a redelivery). */
    async recordEvent(tx: Tx, provider: string, eventId: string, paymentId: string | null, status: PaymentRowStatus): Promise<boolean> {
      const inserted = await tx
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, paymentId, status })
        .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
        .returning({ id: paymentWebhookEvents.id });
      return inserted.length > 0;
    },

    async setPaymentStatus(tx: Tx, paymentId: string, status: PaymentRowStatus): Promise<void> {
      const changed = await typedRows(
        tx,
        changedRow,
        sql`update payments p set status = ${status}, updated_at = now() from payments old join orders o on o.id = old.order_id
            where p.id = ${paymentId} and old.id = p.id
            returning p.id as payment_id, p.order_id, o.number as order_number, p.status, old.status as before, p.amount_cents, p.currency`,
      );
      await publish(tx, changed);
    },

    /** Ends every pending payment of an order (expired, or superseded). */
    async endPendingPayments(tx: Tx, orderId: string, status: PaymentRowStatus): Promise<void> {
      const changed = await typedRows(
        tx,
        changedRow,
        sql`update payments p set status = ${status}, updated_at = now() from orders o
            where p.order_id = ${orderId} and p.status = 'pending' and o.id = p.order_id
            returning p.id as payment_id, p.order_id, o.number as order_number, p.status, 'pending'::payment_status as before, p.amount_cents, p.currency`,
      );
      await publish(tx, changed);
    },

    /** Whether an order exists (a provider's metadata names it); an id that is no UUID names none. */
    async orderExists(tx: Tx, orderId: string): Promise<boolean> {
      if (!isUuid(orderId)) return false;
      const found = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      return found.length > 0;
    },

    /** Whether the order has a payment still waiting at the provider. */
    async hasPendingPayment(tx: Tx, orderId: string): Promise<boolean> {
      const found = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
        .limit(1);
      return found.length > 0;
    },

    /** "Let it expire": the payment's time is up now. */
    async expireNow(provider: string, providerPaymentId: string): Promise<void> {
      await db
        .update(payments)
        .set({ expiresAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(providerPayment(provider, providerPaymentId), eq(payments.status, 'pending')));
    },

    /**
     * Orders whose payment time is up, locked for this transaction. `skip locked`: another instance
     * running the job at the same time takes other orders (or none), never the same ones. The time
     * is the pending payment's expiry or, with no pending payment (its creation failed), the moment
     * the order became payment_pending plus the payment lifetime.
     */
    async dueOrders(tx: Tx, ttlSeconds: number, limit: number): Promise<string[]> {
      const found = await typedRows(
        tx,
        dueRow,
        sql`select o.id from orders o
            where o.status = 'payment_pending'
              and coalesce(
                    (select max(p.expires_at) from payments p where p.order_id = o.id and p.status = 'pending'),
                    coalesce((select max(h.changed_at) from order_status_history h where h.order_id = o.id and h.status = 'payment_pending'), o.placed_at)
                      + make_interval(secs => ${ttlSeconds})
                  ) <= now()
            order by o.placed_at, o.id
            limit ${limit}
            for update of o skip locked`,
      );
      return found.map((r) => r.id);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
