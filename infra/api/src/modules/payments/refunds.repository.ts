// Refunds the portal owes (modules/payments/tables.ts, decision 036): recorded in the transaction that
// learns a payment must go back, claimed by the refund job with a lease (so a pass that dies gives
// its claims back after the lease, to this instance or another), settled once the provider answered.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { EventsPort } from '../integration-events/contract';
import { orders } from './links';
import { payments } from './tables';
import { paymentRefunds } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';

/** A refund claimed by the job, with what the provider needs (`locale`: the payment's language, the description is shown to the buyer). */
const dueRefundRow = rowShape({
  id: paymentRefunds.id,
  provider: payments.provider,
  provider_payment_id: payments.providerPaymentId,
  order_number: orders.number,
  locale: payments.locale,
  amount_cents: paymentRefunds.amountCents,
  currency: paymentRefunds.currency,
  attempts: paymentRefunds.attempts,
});
export type DueRefund = RowOf<typeof dueRefundRow>;

const requestedRow = rowShape({ id: paymentRefunds.id });
/** A refund settled, with what its event carries (decision 066). */
const refundedRow = rowShape({
  payment_id: paymentRefunds.paymentId,
  order_id: payments.orderId,
  order_number: orders.number,
  refund_id: paymentRefunds.id,
  amount_cents: paymentRefunds.amountCents,
  currency: paymentRefunds.currency,
});

/** A refund still owed. */
const stillRequested = (id: string) => and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'requested'));

/** `events`: a refund settled publishes payment.refunded under its order, in the same transaction (decision 066). */
export function createRefundsRepository(db: Db, events: EventsPort) {
  return {
    /** Owes the whole amount of a payment back; false when it was owed already (one refund per payment). */
    async request(tx: Tx, paymentId: string, reason: string): Promise<boolean> {
      const inserted = await typedRows(
        tx,
        requestedRow,
        sql`insert into payment_refunds (payment_id, amount_cents, currency, reason)
            select id, amount_cents, currency, ${reason} from payments where id = ${paymentId}
            on conflict (payment_id) do nothing returning id`,
      );
      return inserted.length > 0;
    },

    /** Claims due refunds of a provider for `leaseSeconds`: each is attempted by one pass at a time. */
    async claimDue(provider: string, leaseSeconds: number, limit: number): Promise<DueRefund[]> {
      return typedRows(
        db,
        dueRefundRow,
        sql`update payment_refunds r set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1
            from payments p join orders o on o.id = p.order_id
            where p.id = r.payment_id and r.id in (
              select r2.id from payment_refunds r2 join payments p2 on p2.id = r2.payment_id
               where r2.status = 'requested' and r2.next_attempt_at <= now() and p2.provider = ${provider}
               order by r2.next_attempt_at limit ${limit} for update of r2 skip locked)
            returning r.id, p.provider, p.provider_payment_id, o.number as order_number, p.locale, r.amount_cents, r.currency, r.attempts`,
      );
    },

    async refunded(id: string, providerRefundId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [refunded] = await typedRows(
          tx,
          refundedRow,
          sql`update payment_refunds r set status = 'refunded', provider_refund_id = ${providerRefundId}, refunded_at = now(), last_error = null
              from payments p join orders o on o.id = p.order_id
              where r.id = ${id} and r.status = 'requested' and p.id = r.payment_id
              returning r.payment_id, p.order_id, o.number as order_number, r.id as refund_id, r.amount_cents, r.currency`,
        );
        if (refunded) await events.record(tx, { type: 'payment.refunded', aggregate_type: 'order', data: refunded });
      });
    },

    /** A failed attempt: tried again after `retryInSeconds`, or parked as failed (kept for the back office). */
    async attemptFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
      await db
        .update(paymentRefunds)
        .set(retryInSeconds === null ? { status: 'failed', lastError: error } : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`, lastError: error })
        .where(stillRequested(id));
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
