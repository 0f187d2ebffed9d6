// The delivery of the portal's outgoing business documents (issue 30, decision 048; decision 083):
// issued invoices and credit notes, and the shipments' Despatch Advices. One row per document and
// channel, written in the transaction that made the document, then worked by the one delivery job
// after the commit. Peppol rows go to the access point and are followed until the receiving side has
// them; mail rows (invoices only) follow the outbox message that carries the PDF and the UBL. The
// document's id is its owner's (the invoices' or the shipments' despatch_advices row); it is kept
// without a foreign key so the owners' migrations stay independent (an issued document is never
// deleted, decision 048). The table keeps its first name: the queue gauges' label, the alert and the
// dashboards read `invoice_deliveries` (decision 083).
import { DELIVERY_DOCUMENT_KINDS, INVOICE_DELIVERY_STATUSES } from '@portal/shared/schemas';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../accounts/tables';

export const invoiceDeliveryChannel = pgEnum('invoice_delivery_channel', ['peppol', 'email']);
export const invoiceDeliveryStatus = pgEnum('invoice_delivery_status', INVOICE_DELIVERY_STATUSES);
/** Which owner's document a row delivers (decision 083): an invoice or credit note, or a shipment's Despatch Advice. */
export const deliveryDocumentKind = pgEnum('delivery_document_kind', DELIVERY_DOCUMENT_KINDS);

export const invoiceDeliveries = pgTable(
  'invoice_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentKind: deliveryDocumentKind('document_kind').notNull().default('invoice'),
    /** The invoice's id, or the Despatch Advice's (despatch_advices.id), by `documentKind`. */
    documentId: uuid('document_id').notNull(),
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
    // enqueue is idempotent per document and channel (the ids are UUIDs: no two kinds share one).
    uniqueIndex('invoice_deliveries_document_channel_uq').on(t.documentId, t.channel),
    // The job's scan: what is due among the rows still moving.
    index('invoice_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'sent')`),
    index('invoice_deliveries_organisation_idx').on(t.organisationId),
    // The staff's page of failed deliveries.
    index('invoice_deliveries_failed_idx').on(t.updatedAt).where(sql`status = 'failed'`),
  ],
);
