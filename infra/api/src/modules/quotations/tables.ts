// Quotation forms, their lines and their history (owner: quotations).
import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { products } from '../catalog/tables';
import { quotationStatus } from '../../db/enums';
import { orders } from '../orders/tables';
import { organisations, users } from '../accounts/tables';

/** Quotation forms: editable while `draft`, locked once `sent`. */
export const quotations = pgTable(
  'quotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title'),
    status: quotationStatus('status').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The case manager's answer (issue 14): until when the quoted prices hold. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    validUntil: date('valid_until', { mode: 'string' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The one order placed from it at the quoted prices (the checkout sets it; unique: at most one). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotations_number_uq').on(t.number),
    index('quotations_org_idx').on(t.organisationId),
    uniqueIndex('quotations_order_uq').on(t.orderId),
  ],
);

/** Every step of a quotation (created, edited, sent, answered, accepted, expired, ordered). */
export const quotationHistory = pgTable(
  'quotation_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quotationId: uuid('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [index('quotation_history_quotation_idx').on(t.quotationId, t.at)],
);

export const quotationLines = pgTable(
  'quotation_lines',
  {
    quotationId: uuid('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The case manager's price per unit, excl. VAT, once answered. */
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.quotationId, t.productId] })],
);
