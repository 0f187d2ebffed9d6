// The delivery of issued invoices and credit notes (issue 30, decision 048): one row per document and
// channel, written in the issuing transaction, then worked by the delivery job after the commit.
// Peppol rows go to the access point and are followed until the receiving side has them; mail rows
// follow the outbox message that carries the PDF and the UBL. The invoice id is the invoices
// module's; it is kept without a foreign key so the two modules' migrations stay independent (an
// issued document is never deleted, decision 048).
import { INVOICE_DELIVERY_STATUSES } from '@portal/shared/schemas';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../accounts/tables';

export const invoiceDeliveryChannel = pgEnum('invoice_delivery_channel', ['peppol', 'email']);
export const invoiceDeliveryStatus = pgEnum('invoice_delivery_status', INVOICE_DELIVERY_STATUSES);

export const invoiceDeliveries = pgTable(
  'invoice_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id').notNull(),
    /** The buyer organisation (null: a web-shop buyer's invoice): who may see and retry it (common/scope). */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    channel: invoiceDeliveryChannel('channel').notNull(),
    status: invoiceDeliveryStatus('status').notNull().default('queued'),
    /** Where it goes: the receiver's Peppol participant id (`scheme:id`) or the billing email address. */
    recipient: text('recipient').notNull(),
    /** Sending attempts so far (the claim's fencing token, as the outbox's). */
    attempts: integer('attempts').notNull().default(0),
    /** When the job may take the row next: to send it (queued) or to ask the access point (sent). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The access point's message id (Peppol). */
    messageId: text('message_id'),
    /** The outbox message carrying the mail (email). */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // enqueue is idempotent per document and channel.
    uniqueIndex('invoice_deliveries_invoice_channel_uq').on(t.invoiceId, t.channel),
    // The job's scan: what is due among the rows still moving.
    index('invoice_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'sent')`),
    index('invoice_deliveries_organisation_idx').on(t.organisationId),
  ],
);
