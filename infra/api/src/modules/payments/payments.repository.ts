// SQL of the payments: the payments and webhook-event rows, and the order side of a payment's
// outcome (status, history, stock and discount-code use). Everything that changes an order runs
// on the transaction the service passes, with the order row locked first (`for update`), so a
// webhook, the expiry job and a retry on the same order run one after the other.
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { customerOrderScope, ORDER_ALIAS_O } from '../../common/scope';
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

export interface LockedOrder {
  id: string;
  number: string;
  status: OrderStatus;
  discount_code_id: number | null;
  total_cents: number;
  currency: string;
}

export interface ShortLine {
  product_id: string;
  name: string;
  requested: number;
  available: number;
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

    /** Locks the order row; `caller`: only when the caller may act on it. */
    async lockOrder(tx: Tx, orderId: string, caller?: Caller): Promise<LockedOrder | null> {
      const [row] = await rows<LockedOrder>(
        tx,
        sql`select o.id, o.number, o.status, o.discount_code_id, o.total_cents, o.currency from orders o
            where o.id = ${orderId} ${caller ? sql`and ${customerOrderScope(caller, ORDER_ALIAS_O)}` : sql``} for update of o`,
      );
      return row ? { ...row, total_cents: Number(row.total_cents) } : null;
    },

    /** Moves the (locked) order and writes the history row. */
    async moveOrder(tx: Tx, orderId: string, from: OrderStatus, to: OrderStatus, byUserId: string | null, note: string): Promise<void> {
      await tx.execute(sql`update orders set status = ${to} where id = ${orderId} and status = ${from}`);
      await tx.execute(
        sql`insert into order_status_history (order_id, status, from_status, changed_by_user_id, note) values (${orderId}, ${to}, ${from}, ${byUserId}, ${note})`,
      );
    },

    /**
     * Gives back to stock what the order's lines took from it (products in id order, as placement
     * takes them): never the backordered units, which were not in stock (decision 034).
     */
    async releaseStock(tx: Tx, orderId: string): Promise<void> {
      const lines = await rows<{ product_id: string; quantity: number }>(
        tx,
        sql`select product_id, sum(quantity_from_stock)::int as quantity from order_lines where order_id = ${orderId} and product_id is not null
            group by product_id having sum(quantity_from_stock) > 0 order by product_id`,
      );
      for (const line of lines) {
        await tx.execute(sql`update products set stock_level = stock_level + ${line.quantity}, updated_at = now() where id = ${line.product_id}`);
      }
    },

    /**
     * Takes the order's quantities from stock again, each with a conditional update on the locked
     * row (never read then write), and records per line what was taken and what backordered, as
     * placement does; returns the lines that are short (nothing of them is taken; the caller rolls back).
     */
    async takeStock(tx: Tx, orderId: string): Promise<ShortLine[]> {
      const lines = await rows<{ product_id: string; quantity: number; description: string }>(
        tx,
        sql`select product_id, sum(quantity)::int as quantity, min(description) as description from order_lines
            where order_id = ${orderId} and product_id is not null group by product_id order by product_id`,
      );
      const short: ShortLine[] = [];
      for (const line of lines) {
        const q = line.quantity;
        const [taken] = await rows<{ backordered: number }>(
          tx,
          // As placement takes it: a product on backorder may go beyond stock, never below zero;
          // what was not on hand is backordered.
          sql`with k as (select id, stock_level from products where id = ${line.product_id} for no key update),
              t as (
                update products p set stock_level = case when p.backorder_allowed then greatest(p.stock_level - ${q}, 0) else p.stock_level - ${q} end,
                                      updated_at = now()
                from k where p.id = k.id and (p.backorder_allowed or p.stock_level >= ${q})
                returning ${q}::int - least(${q}::int, greatest(k.stock_level, 0)) as backordered
              )
              select backordered from t`,
        );
        if (!taken) {
          const [p] = await rows<{ stock_level: number }>(tx, sql`select stock_level from products where id = ${line.product_id}`);
          short.push({ product_id: line.product_id, name: line.description, requested: line.quantity, available: Math.max(0, Number(p?.stock_level ?? 0)) });
          continue;
        }
        // One line per product (placement takes a product once); should there be several, the
        // backordered units go to the last lines first, each within its own quantity.
        await tx.execute(
          sql`update order_lines l set quantity_backordered = greatest(0, least(l.quantity, ${taken.backordered}::int - s.after))
              from (select id, coalesce(sum(quantity) over (order by id desc rows between unbounded preceding and 1 preceding), 0) as after
                    from order_lines where order_id = ${orderId} and product_id = ${line.product_id}) s
              where l.id = s.id`,
        );
      }
      return short;
    },

    async releaseDiscount(tx: Tx, discountCodeId: number): Promise<void> {
      await tx.execute(sql`update discount_codes set used_count = greatest(used_count - 1, 0) where id = ${discountCodeId}`);
    },

    /** Takes one use of the code again, within its limit; false when the limit is reached. */
    async takeDiscount(tx: Tx, discountCodeId: number): Promise<boolean> {
      const taken = await rows<{ id: number }>(
        tx,
        sql`update discount_codes set used_count = used_count + 1 where id = ${discountCodeId} and (max_uses is null or used_count < max_uses) returning id`,
      );
      return taken.length > 0;
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
