// Shared order lists (issue 33, decision 056): a buyer's named lists of products and quantities,
// private to their author or shared with the organisation. Owned by modules/order-lists. A list
// belongs to ONE organisation (the active one when it was made): a person in several
// organisations sees each organisation's lists only there.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/tables';
import { organisations, users } from '../accounts/tables';

export const orderLists = pgTable(
  'order_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Its author: the only one who sees it while private; with administrators, who renames, shares and deletes it. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Visible to (and its lines edited by) every member of the organisation. */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_lists_org_idx').on(t.organisationId, t.ownerUserId)],
);

/**
 * One product on a list. The product stays on the list when it leaves the contract range or the
 * stock: the list shows it flagged with why, and ordering reports it (never silently dropped).
 */
export const orderListLines = pgTable(
  'order_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => orderLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    /** The product's name and article code when it was added: a line whose product left the range still says what it was. */
    name: text('name').notNull(),
    articleCode: text('article_code').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.productId] }), check('order_list_lines_quantity_ck', sql`${t.quantity} > 0`)],
);
