// Invoices and credit notes (issue 30, decision 047). A document is issued once, inside the
// transaction of what caused it (the shipment's status move, the online payment), takes its number
// from the year's gapless series in that same transaction, and keeps what it was issued as: the
// computed InvoiceDocument and the rendered PDF and UBL bytes, so it downloads the same forever.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@portal/shared/schemas';
import type { InvoiceDocument } from './invoice-document';
import { orderLines, orders } from '../orders/tables';
import { organisations } from '../accounts/tables';


export const invoiceKind = pgEnum('invoice_kind', INVOICE_KINDS);
/** Stored payment state: `overdue` is set by the overdue job (decision 047), `credited` is a credit note's, or an invoice credited in full. */
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: invoiceKind('kind').notNull(),
    /** `YYYY-NNNNNN`, from invoice_number_series: one gapless series per year for invoices and credit notes. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    /** Null for a web-shop order without an organisation. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The shipment invoiced (idempotency of InvoicingPort.invoiceShipment); null: the rest of the order, or placement. */
    shipmentId: text('shipment_id'),
    /** A credit note's invoice. */
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** Null for a credit note and an invoice paid at placement. */
    dueDate: date('due_date', { mode: 'string' }),
    status: invoiceStatus('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    totalExclVatCents: integer('total_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclVatCents: integer('total_incl_vat_cents').notNull(),
    /** Paid at placement (online payment), incl. VAT. */
    prepaidCents: integer('prepaid_cents').notNull().default(0),
    /** The order's discount and shipping this document carries (excl. VAT), so later documents take only the rest. */
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    language: text('language').notNull(),
    /** Belgian structured communication (`+++123/4567/89012+++`) that identifies the invoice. */
    paymentReference: text('payment_reference'),
    /** Why a credit note was issued (cancelled, returned), as staff or the shipment said. */
    reason: text('reason'),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    pdf: bytea('pdf').notNull(),
    ubl: bytea('ubl').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_order_shipment_uq').on(t.orderId, t.shipmentId).where(sql`${t.shipmentId} is not null`),
    // An order is invoiced as paid at placement at most once.
    uniqueIndex('invoices_order_prepaid_uq').on(t.orderId).where(sql`${t.kind} = 'invoice' and ${t.prepaidCents} > 0`),
    index('invoices_org_issue_idx').on(t.organisationId, t.issueDate),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_credits_idx').on(t.creditsInvoiceId),
    // The overdue job's scan: open invoices by due date.
    index('invoices_open_due_idx').on(t.dueDate).where(sql`${t.status} = 'open'`),
    check('invoices_number_ck', sql`${t.number} ~ '^[0-9]{4}-[0-9]{6}$'`),
    check('invoices_credit_ck', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} is not null)`),
  ],
);

/** What each document invoiced (or credited) of which order line: the rest of an order, and what may still be credited, are computed from these. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.orderLineId] }), index('invoice_lines_order_line_idx').on(t.orderLineId), check('invoice_lines_quantity_ck', sql`${t.quantity} > 0`)],
);

/**
 * One gapless series per year (decision 047): the number is taken with an UPDATE … RETURNING of the
 * year's row inside the issuing transaction, so a rollback gives it back and concurrent issues wait
 * on the row (a sequence would skip numbers on rollback).
 */
export const invoiceNumberSeries = pgTable('invoice_number_series', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
