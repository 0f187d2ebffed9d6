// The signed-in dashboard's two catalogue widgets: what the organisation orders most, and what
// entered its contract lately. Both start from an index on the caller's own rows (orders_org_placed_idx,
// contract_prices_contract_added_idx), so their cost follows one organisation's history, not the table.
import { sql, type SQL } from 'drizzle-orm';
import { PLACED_ORDER_STATUSES, type FrequentlyOrdered, type NewInContract } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { orderScope } from '../../../common/scope';
import * as v from 'valibot';
import type { Db } from '../../../db/client';
import { orders } from '../links';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { summaryRow, toSummary } from './catalog-product';
import { anyProductFrom, rangeFrom, summarySelect, type CatalogScope } from './catalog-scope';
import type { TaxonomyCache } from './taxonomy';

/** How far back "new in your contract" looks. */
export const NEW_IN_CONTRACT_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * A timestamptz as ISO 8601 in UTC, formatted by the database: the answer's string, computed in SQL
 * (a computed field of the row shapes below, decision 040), so both drivers hand over the same text.
 */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoText = v.pipe(v.string(), v.isoTimestamp());

const count = v.pipe(v.number(), v.integer());
const frequentlyOrderedRow = rowShape({ ...summaryRow, times_ordered: count, total_quantity: count, last_ordered_at: isoText });
const newInContractRow = rowShape({ ...summaryRow, added_at: isoText });

/**
 * The caller's organisation's placed orders per product, joined to what the scope still shows (the
 * rule of detail(): in the contract, or not contract-only), most orders first, then quantity, then
 * most recent.
 */
export function frequentlyOrderedQuery(scope: CatalogScope, caller: Caller, limit: number): SQL {
  return sql`with ordered as (
      select order_lines.product_id, count(distinct orders.id)::int as times_ordered,
             sum(order_lines.quantity)::int as total_quantity, max(orders.placed_at) as last_ordered_at
      from orders join order_lines on order_lines.order_id = orders.id
      where ${orderScope(caller, { organisation: orders.organisationId, user: orders.userId })} and orders.status in ${[...PLACED_ORDER_STATUSES]}
        and order_lines.product_id is not null
      group by order_lines.product_id
    )
    select ${summarySelect(scope)}, f.times_ordered, f.total_quantity, ${iso(sql`f.last_ordered_at`)} as last_ordered_at
    from ordered f, ${anyProductFrom(scope)} and p.id = f.product_id
    order by f.times_ordered desc, f.total_quantity desc, f.last_ordered_at desc, p.id
    limit ${limit}`;
}

/** The lines of the scope's contract added at or after `since`, newest first (the index's order). */
export function newInContractQuery(scope: CatalogScope, since: Date, limit: number): SQL {
  return sql`select ${summarySelect(scope, 'range')}, ${iso(sql`cp.added_at`)} as added_at
    from ${rangeFrom(scope)} and cp.added_at >= ${since.toISOString()}::timestamptz
    order by cp.added_at desc, cp.product_id
    limit ${limit}`;
}

export function createCatalogWidgets(db: Db, taxonomy: TaxonomyCache) {
  return {
    async frequentlyOrdered(scope: CatalogScope, caller: Caller, limit: number): Promise<FrequentlyOrdered> {
      const [tax, list] = await Promise.all([
        taxonomy.get(),
        typedRows(db, frequentlyOrderedRow, frequentlyOrderedQuery(scope, caller, limit)),
      ]);
      return {
        items: list.map((r) => ({
          product: toSummary(r, scope, tax),
          times_ordered: r.times_ordered,
          total_quantity: r.total_quantity,
          last_ordered_at: r.last_ordered_at,
        })),
      };
    },

    /** The products that entered the scope's contract in the last 90 days; none without a contract. */
    async newInContract(scope: CatalogScope, limit: number): Promise<NewInContract> {
      const since = new Date(Date.now() - NEW_IN_CONTRACT_DAYS * DAY_MS);
      if (!scope.contractId) return { items: [], since: since.toISOString() };
      const [tax, list] = await Promise.all([taxonomy.get(), typedRows(db, newInContractRow, newInContractQuery(scope, since, limit))]);
      return { items: list.map((r) => ({ product: toSummary(r, scope, tax), added_at: r.added_at })), since: since.toISOString() };
    },
  };
}
export type CatalogWidgets = ReturnType<typeof createCatalogWidgets>;
