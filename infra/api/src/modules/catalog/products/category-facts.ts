// The catalogue's categories as the approval rules read them (issue 33), through CategoryFactsPort:
// the rule form lists them, and an order's products are matched on their sub-category and family.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CategoryFactsPort } from '../contract';
import { rowShape, typedRows } from '../../../db/typed-rows';

const categoryRow = rowShape({ id: v.number(), name: v.string(), parent_id: v.nullable(v.number()) });
const productRow = rowShape({ id: v.string(), ids: v.array(v.number()) });

export const categoryFacts: CategoryFactsPort = {
  async list(db, locale) {
    const lang = ['en', 'nl', 'fr'].includes(locale) ? locale : 'en';
    const rows = await typedRows(
      db,
      categoryRow,
      sql`select c.id, coalesce(nullif(c.name->>${lang}, ''), c.name->>'en') as name, c.parent_id
          from categories c left join categories parent on parent.id = c.parent_id
          order by coalesce(parent.sort_order, c.sort_order), coalesce(parent.id, c.id), c.parent_id nulls first, c.sort_order, c.id`,
    );
    return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }));
  },
  async ofProducts(db, productIds) {
    if (!productIds.length) return new Map();
    const rows = await typedRows(
      db,
      productRow,
      sql`select p.id::text as id, array_remove(array[c.id, c.parent_id], null) as ids
          from products p left join categories c on c.id = p.category_id where p.id in ${productIds}`,
    );
    return new Map(rows.map((r) => [r.id, r.ids]));
  },
};
