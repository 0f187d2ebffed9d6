// SQL of the payments: the payments and webhook-event rows, and which orders wait for payment.
// What a payment's outcome changes of its order, the stock and the discount code's use is the
// owners' SQL (decision 039), called by the service through the ports on the same transaction,
// with the order row locked first, so a webhook, the expiry job and a retry on the same order run
// one after the other.
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import { rows, type Db, type Tx } from '../../db/client';
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

const toPayment = (r: PaymentRow): PaymentRow => ({ ...r, amount_cents: Number(r.amount_cents), expires_at: new Date(r.expires_at) });

export function createPaymentsRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async insertPayment(p: NewPayment): Promise<void> {
      await db.execute(sql`insert into payments (order_id, provider, provider_payment_id, amount_cents, currency, locale, hosted_url, expires_at)
        values (${p.orderId}, ${p.provider}, ${p.providerPaymentId}, ${p.amountCents}, ${p.currency}, ${p.locale}, ${p.hostedUrl},
                now() + make_interval(secs => ${p.ttlSeconds}))`);
    },

    /** A payment by the provider's id, with its order; `lock`: the payment row is locked in `tx`. */
    async payment(provider: string, providerPaymentId: string, tx: Db | Tx = db, lock = false): Promise<PaymentRow | null> {
      const [row] = await rows<PaymentRow>(
        tx,
        sql`select p.id, p.order_id, p.provider, p.provider_payment_id, p.status, p.amount_cents, p.currency, p.locale, p.expires_at,
                   o.number as order_number, o.status as order_status, o.user_id, o.anonymous_session_id
            from payments p join orders o on o.id = p.order_id
            where p.provider = ${provider} and p.provider_payment_id = ${providerPaymentId}
            ${lock ? sql`for update of p` : sql``}`,
      );
      return row ? toPayment(row) : null;
    },

    async statusOf(provider: string, providerPaymentId: string): Promise<PaymentRowStatus | null> {
      const [row] = await rows<{ status: PaymentRowStatus }>(
        db,
        sql`select status from payments where provider = ${provider} and provider_payment_id = ${providerPaymentId}`,
      );
      return row?.status ?? null;
    },

    /** Records a webhook event; false when this event was recorded before (a redelivery). */
    async recordEvent(tx: Tx, provider: string, eventId: string, paymentId: string | null, status: PaymentRowStatus): Promise<boolean> {
      const inserted = await rows<{ id: number }>(
        tx,
        sql`insert into payment_webhook_events (provider, event_id, payment_id, status) values (${provider}, ${eventId}, ${paymentId}, ${status})
            on conflict (provider, event_id) do nothing returning id`,
      );
      return inserted.length > 0;
    },

    async setPaymentStatus(tx: Tx, paymentId: string, status: PaymentRowStatus): Promise<void> {
      await tx.execute(sql`update payments set status = ${status}, updated_at = now() where id = ${paymentId}`);
    },

    /** Ends every pending payment of an order (expired, or superseded). */
    async endPendingPayments(tx: Tx, orderId: string, status: PaymentRowStatus): Promise<void> {
      await tx.execute(sql`update payments set status = ${status}, updated_at = now() where order_id = ${orderId} and status = 'pending'`);
    },

    /** Whether an order exists (a provider's metadata names it); an id that is no UUID names none. */
    async orderExists(tx: Tx, orderId: string): Promise<boolean> {
      if (!isUuid(orderId)) return false;
      const found = await rows<{ id: string }>(tx, sql`select id from orders where id = ${orderId}`);
      return found.length > 0;
    },

    /** Whether the order has a payment still waiting at the provider. */
    async hasPendingPayment(tx: Tx, orderId: string): Promise<boolean> {
      const found = await rows<{ id: string }>(tx, sql`select id from payments where order_id = ${orderId} and status = 'pending' limit 1`);
      return found.length > 0;
    },

    /** "Let it expire": the payment's time is up now. */
    async expireNow(provider: string, providerPaymentId: string): Promise<void> {
      await db.execute(
        sql`update payments set expires_at = now(), updated_at = now() where provider = ${provider} and provider_payment_id = ${providerPaymentId} and status = 'pending'`,
      );
    },

    /**
     * Orders whose payment time is up, locked for this transaction. `skip locked`: another instance
     * running the job at the same time takes other orders (or none), never the same ones. The time
     * is the pending payment's expiry or, with no pending payment (its creation failed), the moment
     * the order became payment_pending plus the payment lifetime.
     */
    async dueOrders(tx: Tx, ttlSeconds: number, limit: number): Promise<string[]> {
      const found = await rows<{ id: string }>(
        tx,
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
