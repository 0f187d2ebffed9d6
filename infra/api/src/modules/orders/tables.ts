import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns';
import type { OrderSubmitter, PlacedOrder, StoredAddressSnapshot } from '@portal/shared/schemas';
import type { VatBuyer } from '../../common/vat/vat-buyer';
import type { VatRegime } from '../../common/vat/vat-category';
import { products } from '../catalog/tables';
import { shippingMethods, discountCodes } from '../checkout/tables';
import { orderStatus } from '../../db/enums';
import { anonymousSessions, organisations, users } from '../accounts/tables';

/** Address as it was when the order was placed: the shared snapshot, as stored. */
export type AddressSnapshot = StoredAddressSnapshot;

/** The person who declared to be authorised to order (checkout), with the declaration as ticked. */
export type Submitter = OrderSubmitter;

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
    /**
     * How the order was taxed when placed (decision 058): `domestic` (Belgian VAT, S/Z/E per line),
     * `intra_community` (K) or `export` (G), with the buyer's VAT facts it was decided from, so the
     * invoice issued later charges what the buyer was shown. Null: placed before (decided at issuing).
     */
    vatRegime: text('vat_regime').$type<VatRegime>(),
    vatBuyer: jsonb('vat_buyer').$type<VatBuyer>(),
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
    check('orders_vat_regime_ck', sql`${t.vatRegime} in ('domestic', 'intra_community', 'export')`),
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
