// What the checkout quotes: shipping methods and rates, discount codes (owner: checkout).
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { I18nText } from '../catalog/tables';
import { discountKind } from '../../db/enums';
import { organisations } from '../accounts/tables';

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
