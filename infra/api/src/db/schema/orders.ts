import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderSubmitter, PlacedOrder, StoredAddressSnapshot } from '@portal/shared/schemas';
import type { I18nText } from './catalogue';
import { products } from './catalogue';
import { discountKind, orderStatus, quotationStatus } from './enums';
import { organisations, users } from './organisations';
import { anonymousSessions } from './auth';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Address as it was when the order was placed: the shared snapshot, as stored. */
export type AddressSnapshot = StoredAddressSnapshot;

/** The person who declared to be authorised to order (checkout), with the declaration as ticked. */
export type Submitter = OrderSubmitter;

/** A cart belongs to a user (within an organisation) or to an anonymous session. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    anonymousSessionId: uuid('anonymous_session_id').references(() => anonymousSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_user_idx').on(t.userId), index('carts_anon_idx').on(t.anonymousSessionId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('shipping_methods_code_uq').on(t.code)],
);

/** Which shipping methods exist for which country, at what price. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    shippingMethodId: integer('shipping_method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Free shipping from this order total (excl. VAT); null: never free. */
    freeFromCents: integer('free_from_cents'),
  },
  (t) => [primaryKey({ columns: [t.shippingMethodId, t.country] })],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    kind: discountKind('kind').notNull(),
    /** Percent in basis points, or an amount in cents. */
    value: integer('value').notNull(),
    /** Restricted to one organisation, or open to all when null. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('discount_codes_code_uq').on(t.code)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    /** Ordered by. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonymousSessionId: uuid('anonymous_session_id').references(() => anonymousSessions.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's own (purchase order) number. */
    externalReference: text('external_reference'),
    remarks: text('remarks'),
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>().notNull(),
    invoiceAddress: jsonb('invoice_address').$type<AddressSnapshot>().notNull(),
    submitter: jsonb('submitter').$type<Submitter>(),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    /** Who confirmed delivery (the buyer, issue 14). */
    deliveryConfirmedByUserId: uuid('delivery_confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by staff when the order moves to in_shipping. */
    trackingReference: text('tracking_reference'),
    expectedDeliveryOn: date('expected_delivery_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_org_placed_idx').on(t.organisationId, t.placedAt),
    index('orders_user_idx').on(t.userId),
    // My orders (issue 14): a status filter pages by date within it; search by (part of) the order
    // number or the customer's own number uses trigrams.
    index('orders_org_status_placed_idx').on(t.organisationId, t.status, t.placedAt),
    index('orders_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('orders_external_reference_trgm_idx').using('gin', sql`${t.externalReference} gin_trgm_ops`),
  ],
);

/** Order lines keep a snapshot of what was ordered (for the order form PDF). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    articleCode: text('article_code').notNull(),
    description: text('description').notNull(),
    nsn: text('nsn'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /**
     * How the quantity was covered when stock was last taken (placement or payment retry): units
     * backordered, and the rest taken from stock (decision 034). A release gives back only the
     * units taken. Lines written outside placement (seeds, fixtures) default to all from stock.
     */
    quantityBackordered: integer('quantity_backordered').notNull().default(0),
    quantityFromStock: integer('quantity_from_stock')
      .notNull()
      .generatedAlwaysAs(sql`quantity - quantity_backordered`),
  },
  (t) => [
    check('order_lines_backordered_ck', sql`${t.quantityBackordered} between 0 and ${t.quantity}`),
    index('order_lines_order_idx').on(t.orderId),
    // My orders' search by product name or code (issue 14).
    index('order_lines_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('order_lines_article_code_trgm_idx').using('gin', sql`${t.articleCode} gin_trgm_ops`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedByUserId: uuid('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The integration client that moved it (a warehouse's shipment, decision 050), by name; null: a person or the system. */
    changedByClient: text('changed_by_client'),
    /** The status before this change; null for the first row (the order was created in `status`). */
    fromStatus: orderStatus('from_status'),
    note: text('note'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.changedAt)],
);

/** Messages on an order, e.g. from the case manager. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** `message`, `problem` (missing or damaged lines, with `details`) or `delivery_confirmed`. */
    kind: text('kind').notNull().default('message'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** When the other side (the buyer's organisation, or staff) read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_messages_order_idx').on(t.orderId, t.createdAt)],
);

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

/**
 * Order numbers (`SO-2026-000123`, db/order-number.ts): a database sequence, so that concurrent placements never wait on
 * one counter row until commit; the year in front is the placement year. Numbers may skip (a
 * refused placement spends one), which a human-readable unique number allows.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

/**
 * Idempotency keys of order placement (POST /v1/orders): one row per caller and key, with a hash of
 * the body, written before the placement runs (`in_progress`) and completed with the order in the
 * placement's own transaction, so a retried request finds either the running one or its order.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` (or another caller kind): keys are per caller, never shared between callers. */
    callerKey: text('caller_key').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `in_progress` while the first request runs; `done` with the order. */
    state: text('state').notNull().default('in_progress'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The answer the first request gave (status and body), repeated to a retry. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<PlacedOrder>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callerKey, t.key] })],
);
