// Online payments of orders (decision 019), and the refunds the portal owes (decision 036).
// A payment belongs to one order; an order may have several (a failed payment retried). Webhook
// events are kept by their provider id, so an event delivered twice is applied once.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { orders } from '../orders/tables';

/** Where a payment stands at its provider (the order's status follows it, see payments.service). */
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'failed', 'cancelled', 'expired']);


export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The provider's name (`dev`, …) and its own id of the payment. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The buyer's language at checkout: the hosted page, the return page and the mail follow it. */
    locale: text('locale').notNull().default('en'),
    hostedUrl: text('hosted_url').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the order moves to payment_expired (the expiry job). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_pending_expiry_idx').on(t.expiresAt).where(sql`status = 'pending'`),
  ],
);

/** Every webhook event applied, by the provider's event id: a second delivery changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    status: paymentStatus('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_provider_event_uq').on(t.provider, t.eventId)],
);

// Refunds the portal owes (decision 036): a payment that was paid for an order the portal had already
// given up on (expired, failed or cancelled, its stock released) or that another payment had paid
// already. The row is written in the transaction that learns of the payment, so the debt cannot be
// lost; the refund job asks the provider after the commit, with the row's id as Idempotency-Key, and
// retries until the provider has answered. One refund per payment, for the whole amount.

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
