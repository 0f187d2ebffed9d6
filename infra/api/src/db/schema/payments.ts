// Online payments of orders (decision 019) and the documents an order keeps (its order-form PDF).
// A payment belongs to one order; an order may have several (a failed payment retried). Webhook
// events are kept by their provider id, so an event delivered twice is applied once.
import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Where a payment stands at its provider (the order's status follows it, see payments.service). */
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'failed', 'cancelled', 'expired']);

/** Binary column (PDF bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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

/** Documents rendered once per order and kept (the same order always downloads the same bytes). */
export const orderDocuments = pgTable(
  'order_documents',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `order_form`: the order-form PDF (spec section 3). */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);
