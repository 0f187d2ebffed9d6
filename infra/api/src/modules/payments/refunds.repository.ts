// Refunds the portal owes (db/schema/refunds.ts, decision 036): recorded in the transaction that
// learns a payment must go back, claimed by the refund job with a lease (so a pass that dies gives
// its claims back after the lease, to this instance or another), settled once the provider answered.
import { sql } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';

export interface DueRefund {
  id: string;
  provider: string;
  provider_payment_id: string;
  order_number: string;
  /** The payment's language (the refund's description is shown to the buyer). */
  locale: string;
  amount_cents: number;
  currency: string;
  attempts: number;
}

export function createRefundsRepository(db: Db) {
  return {
    /** Owes the whole amount of a payment back; false when it was owed already (one refund per payment). */
    async request(tx: Tx, paymentId: string, reason: string): Promise<boolean> {
      const inserted = await rows<{ id: string }>(
        tx,
        sql`insert into payment_refunds (payment_id, amount_cents, currency, reason)
            select id, amount_cents, currency, ${reason} from payments where id = ${paymentId}
            on conflict (payment_id) do nothing returning id`,
      );
      return inserted.length > 0;
    },

    /** Claims due refunds of a provider for `leaseSeconds`: each is attempted by one pass at a time. */
    async claimDue(provider: string, leaseSeconds: number, limit: number): Promise<DueRefund[]> {
      const claimed = await rows<DueRefund>(
        db,
        sql`update payment_refunds r set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1
            from payments p join orders o on o.id = p.order_id
            where p.id = r.payment_id and r.id in (
              select r2.id from payment_refunds r2 join payments p2 on p2.id = r2.payment_id
               where r2.status = 'requested' and r2.next_attempt_at <= now() and p2.provider = ${provider}
               order by r2.next_attempt_at limit ${limit} for update of r2 skip locked)
            returning r.id, p.provider, p.provider_payment_id, o.number as order_number, p.locale, r.amount_cents, r.currency, r.attempts`,
      );
      return claimed.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), attempts: Number(r.attempts) }));
    },

    async refunded(id: string, providerRefundId: string): Promise<void> {
      await db.execute(sql`update payment_refunds set status = 'refunded', provider_refund_id = ${providerRefundId}, refunded_at = now(), last_error = null
                           where id = ${id} and status = 'requested'`);
    },

    /** A failed attempt: tried again after `retryInSeconds`, or parked as failed (kept for the back office). */
    async attemptFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
      await db.execute(
        retryInSeconds === null
          ? sql`update payment_refunds set status = 'failed', last_error = ${error} where id = ${id} and status = 'requested'`
          : sql`update payment_refunds set next_attempt_at = now() + make_interval(secs => ${retryInSeconds}), last_error = ${error} where id = ${id} and status = 'requested'`,
      );
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
