// Refunds the portal owes (decision 036): a payment that was paid for an order the portal had already
// given up on (expired, failed or cancelled, its stock released) or that another payment had paid
// already. The row is written in the transaction that learns of the payment, so the debt cannot be
// lost; the refund job asks the provider after the commit, with the row's id as Idempotency-Key, and
// retries until the provider has answered. One refund per payment, for the whole amount.
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments';

export const refundStatus = pgEnum('refund_status', ['requested', 'refunded', 'failed']);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** 64-bit, though one order's goods stay within int4 by decision 035: a refund table outlives that cap. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: refundStatus('status').notNull().default('requested'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job may (re)try; a claim moves it forward by the lease, so a dead instance's claim returns. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_payment_uq').on(t.paymentId),
    index('payment_refunds_due_idx').on(t.nextAttemptAt),
  ],
);
