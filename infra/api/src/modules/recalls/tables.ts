// Recalls and field safety notices (issue 42, decision 074), owned by the recalls owner. What a
// recall reached is kept as it was found when it opened (recall_units, under the same lock the
// shipments take, so a shipment is either in it or refused), and each receiving organisation's
// notice and answer in recall_organisations.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TrilingualText } from '@portal/shared/schemas';
import { organisations, users } from '../accounts/tables';
import { orders } from '../orders/tables';
import { shipments } from '../shipments/tables';

export const recalls = pgTable(
  'recalls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The ERP's or authority's reference; a repeated open with it answers the stored recall. */
    reference: text('reference'),
    /** SHA-256 of the open request's canonical content: the same reference with other content is a conflict. */
    requestHash: text('request_hash').notNull(),
    /** GTIN-14, as the lot index stores it. */
    gtin: text('gtin').notNull(),
    lots: text('lots').array().notNull().default(sql`'{}'::text[]`),
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
    expiryFrom: date('expiry_from', { mode: 'string' }),
    expiryTo: date('expiry_to', { mode: 'string' }),
    reason: jsonb('reason').$type<TrilingualText>().notNull(),
    instructions: jsonb('instructions').$type<TrilingualText>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** A staff member's or an integration client's name, kept when either is gone. */
    openedBy: text('opened_by').notNull(),
    /** The last correction (widened or its texts fixed, decision 080) and who made it. */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    correctedBy: text('corrected_by'),
    /** Closed (decision 080): shipments of its units pass again, no banner, no answers. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    closingNote: jsonb('closing_note').$type<TrilingualText>(),
  },
  (t) => [uniqueIndex('recalls_reference_uq').on(t.reference), index('recalls_gtin_idx').on(t.gtin)],
);

/** One shipment line that delivered recalled units, as the open found it. */
export const recallUnits = pgTable(
  'recall_units',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** null: a web-shop order without an organisation (its buyer is told directly). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    lot: text('lot'),
    expiryOn: date('expiry_on', { mode: 'string' }),
    /** The recalled serial numbers on the line (all of its serials when lot or expiry matched). */
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
    units: integer('units').notNull(),
    /** When the line was found: at the opening, or by a correction that widened the recall (decision 080). */
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.shipmentId, t.position] }), index('recall_units_organisation_idx').on(t.organisationId, t.recallId), check('recall_units_units_ck', sql`${t.units} > 0`)],
);

/** A receiving organisation's notice: whom it told, and the organisation's answer. */
export const recallOrganisations = pgTable(
  'recall_organisations',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    unitsReceived: integer('units_received').notNull(),
    /** The addresses mailed (administrators and the buyers who ordered), lower case. */
    told: text('told').array().notNull().default(sql`'{}'::text[]`),
    toldAt: timestamp('told_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    unitsOnHand: integer('units_on_hand'),
    unitsUsed: integer('units_used'),
    unitsToReturn: integer('units_to_return'),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.organisationId] }), index('recall_organisations_open_idx').on(t.organisationId).where(sql`${t.answeredAt} is null`)],
);

/**
 * A web-shop customer's notice (decision 080): the units their orders without an organisation
 * received, the address told, and their own answer, keyed by the person (no organisation answers
 * for them).
 */
export const recallCustomers = pgTable(
  'recall_customers',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitsReceived: integer('units_received').notNull(),
    /** When they were mailed (at users.email: no copy of the address here, the retention job anonymises it there); null: their account was disabled. */
    toldAt: timestamp('told_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    unitsOnHand: integer('units_on_hand'),
    unitsUsed: integer('units_used'),
    unitsToReturn: integer('units_to_return'),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.userId] }), index('recall_customers_open_idx').on(t.userId).where(sql`${t.answeredAt} is null`)],
);
