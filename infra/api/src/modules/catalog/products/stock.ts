// Stock levels are the catalogue's (decision 039): every statement that takes or gives back stock
// is written here, and other modules use it through the StockPort the composition root hands them.
// Placement takes its stock inside its one statement (BENCHMARKS.md): `takeStep` and `lineFacts`
// are the fragments it places there; a payment's outcome and its retry call `giveBack` and `take`
// on their own transaction.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { StockLine, StockPort } from '../contract';
import type { Tx } from '../../../db/client';
import { products } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';

const levelRow = rowShape({ id: products.id, stock_level: products.stockLevel, active: products.active });
const takenRow = rowShape({ backordered: v.number() });

export const stock: StockPort = {
  takeStep: (from) => {
    const x = sql.raw(from);
    // The rows are locked in product-id order first (two placements never wait on each other
    // crosswise), then taken conditionally. What was not on hand is backordered (decision 034): the
    // locked row is the version the update re-reads, so its stock level is the one it takes from.
    return sql`stock_locked as materialized (
                 select p.id, p.stock_level from products p where p.id in (select id from ${x}) order by p.id for no key update
               ),
               taken as (
                 update products p set stock_level = case when p.backorder_allowed then greatest(p.stock_level - ${x}.quantity, 0) else p.stock_level - ${x}.quantity end, updated_at = now()
                 from ${x} join stock_locked k on k.id = ${x}.id
                 where p.id = ${x}.id and p.active and (p.backorder_allowed or p.stock_level >= ${x}.quantity)
                 returning p.id, ${x}.quantity - least(${x}.quantity, greatest(k.stock_level, 0)) as backordered
               )`;
  },

  lineFacts: (from, locale) =>
    sql`(select p.id, p.article_code, coalesce(nullif(pt.name, ''), p.slug) as description, p.nsn
         from products p left join product_translations pt on pt.product_id = p.id and pt.locale = ${locale}
         where p.id in (select id from ${sql.raw(from)}))`,

  async levels(tx: Tx, ids: string[]) {
    if (!ids.length) return new Map();
    const found = await typedRows(tx, levelRow, sql`select id, stock_level, active from products where id in ${ids}`);
    return new Map(found.map((r) => [r.id, { stockLevel: r.stock_level, active: r.active }]));
  },

  async take(tx: Tx, line: StockLine) {
    const q = line.quantity;
    // As placement takes it: a product on backorder may go beyond stock, never below zero; what
    // was not on hand is backordered.
    const [taken] = await typedRows(
      tx,
      takenRow,
      sql`with k as (select id, stock_level from products where id = ${line.product_id} for no key update),
          t as (
            update products p set stock_level = case when p.backorder_allowed then greatest(p.stock_level - ${q}, 0) else p.stock_level - ${q} end,
                                  updated_at = now()
            from k where p.id = k.id and (p.backorder_allowed or p.stock_level >= ${q})
            returning ${q}::int - least(${q}::int, greatest(k.stock_level, 0)) as backordered
          )
          select backordered from t`,
    );
    return taken ?? null;
  },

  async giveBack(tx: Tx, lines: StockLine[]) {
    for (const line of [...lines].sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0))) {
      await tx.execute(sql`update products set stock_level = stock_level + ${line.quantity}, updated_at = now() where id = ${line.product_id}`);
    }
  },
};
