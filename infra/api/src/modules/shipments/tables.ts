// Shipments back from the warehouse (issue 29, decision 050); their lines are the lot index (issue 42, decision 074). Owned by the shipments module; the
// order's own rows (status, tracking reference, expected delivery, history) stay the orders
// module's and are changed through its port (modules/orders/contract.ts ShipmentOrdersPort).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../accounts/tables';
import { orderLines, orders } from '../orders/tables';

/** One parcel (or consignment) the warehouse reported against an order. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The warehouse's own id: the report's idempotency key, unique across clients (decision 050). */
    externalId: text('external_id').notNull(),
    /** SHA-256 of the report's canonical body: the same id with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    /** The reporting client's name, as its audit rows carry it (kept when the client is gone). */
    clientName: text('client_name').notNull(),
    carrier: text('carrier').notNull(),
    trackingReference: text('tracking_reference').notNull(),
    trackingUrl: text('tracking_url'),
    shippedOn: date('shipped_on', { mode: 'string' }).notNull(),
    expectedDeliveryOn: date('expected_delivery_on', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipments_external_id_uq').on(t.externalId), index('shipments_order_idx').on(t.orderId, t.shippedOn)],
);

/** What one shipment shipped of one order line, with the lot, expiry date and serial numbers. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The line's place in the report (a line may be named twice, e.g. two lots of one product). */
    position: integer('position').notNull(),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /**
     * The unit's GTIN-14 (decision 074): the report's when it names one, else the ordered product's;
     * null where neither is known. With the lot, the key of the lot index recalls search.
     */
    gtin: text('gtin'),
    lot: text('lot'),
    expiryOn: date('expiry_on', { mode: 'string' }),
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.position] }),
    index('shipment_lines_order_line_idx').on(t.orderLineId),
    // The lot index (issue 42): who received GTIN g, lot l; and an expiry range within a GTIN.
    index('shipment_lines_gtin_lot_idx').on(t.gtin, t.lot),
    index('shipment_lines_gtin_expiry_idx').on(t.gtin, t.expiryOn),
    // Which line carried serial s (`serial_numbers && array[...]`): GIN over the array (decision 074).
    index('shipment_lines_serials_gin').using('gin', t.serialNumbers),
    check('shipment_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * A shipment's Peppol BIS Despatch Advice 3 (T16, decision 070), rendered once in the shipment's
 * transaction for a buyer with a Peppol participant id. Its delivery (queued, sent, delivered,
 * failed, retried) is the one delivery mechanism's row, written in the same transaction (decision
 * 083, invoice-delivery's `invoice_deliveries`); this row keeps the document as it was sent.
 */
export const despatchAdvices = pgTable(
  'despatch_advices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The buyer organisation: who may see it. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    /** The buyer's participant id (`scheme:id`) when it was rendered. */
    receiver: text('receiver').notNull(),
    /** The UBL 2.1 DespatchAdvice as sent (the same bytes on every attempt). */
    ubl: text('ubl').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('despatch_advices_shipment_uq').on(t.shipmentId)],
);
