// Who sees which products at which price. The scope is decided once per request from the caller
// and the shop header (plugins/request-context.ts), and every catalogue query is built on it, so
// the organisation rule lives in one place: a buyer's range is their own contract's price list, and contract-only products of other
// organisations are invisible (not merely unpriced) to everyone else.
import { sql, type SQL } from 'drizzle-orm';
import type { ContentLocale, ShopScope } from '../../../plugins/request-context';

/** The scope of a catalogue query: the request context's shop scope (plugins/request-context.ts). */
export type CatalogScope = ShopScope;
export type CatalogLocale = ContentLocale;

/** The PostgreSQL text-search configuration of each content locale. */
export const TS_CONFIG: Record<CatalogLocale, string> = { en: 'english', nl: 'dutch', fr: 'french' };

/**
 * Columns every catalogue listing selects, with `p` = products, `t` = the locale's translation and
 * `cp` = the scope's contract price row (absent outside the portal).
 */
export const SUMMARY_COLUMNS = sql`p.id, p.slug, p.kind, p.article_code, p.product_code, p.nsn, p.brand_id, p.unit,
  p.active, p.stock_level, p.low_stock_threshold, p.backorder_allowed, p.price_on_request, p.vat_rate_bp, t.name`;

/** The price column of the scope (contract price in the portal, list price in a shop). */
export function priceColumn(scope: CatalogScope): SQL {
  return scope.shop === 'portal' ? sql`cp.price_cents` : sql`p.price_cents`;
}

/** FROM clause of an index query: the scope's range joined to the locale's names. */
export function rangeFrom(scope: CatalogScope): SQL {
  const names = sql` join product_translations t on t.product_id = p.id and t.locale = ${scope.locale}`;
  if (scope.shop === 'portal') {
    // No contract: an empty range (never someone else's).
    const contract = scope.contractId ?? NO_CONTRACT;
    return sql`contract_prices cp join products p on p.id = cp.product_id${names} where cp.contract_id = ${contract}`;
  }
  return sql`products p${names} where p.shop in (${scope.shop}, 'both') and not p.contract_only`;
}

/** Where the filters and facets of a FROM clause read: the product id and the four facet columns. */
export interface FacetColumns {
  id: SQL;
  brand: SQL;
  category: SQL;
  group: SQL;
  kind: SQL;
}

/** The facet columns of a table alias; `id` names its product id column. */
const facetColumns = (alias: 'p' | 'f', id: 'id' | 'product_id'): FacetColumns => ({
  id: sql.raw(`${alias}.${id}`),
  brand: sql.raw(`${alias}.brand_id`),
  category: sql.raw(`${alias}.category_id`),
  group: sql.raw(`${alias}.product_group_id`),
  kind: sql.raw(`${alias}.kind`),
});

/** The facet columns of `products p` (index pages, which join products anyway). */
export const PRODUCT_COLUMNS = facetColumns('p', 'id');

/**
 * The same, with the brand read from the translation `t` (its copy, migration 0044): for pages
 * sorted by name, so that a brand filter and the name order are one walk of
 * product_translations_brand_name_idx (decision 095). The planner cannot know that `t.brand_id`
 * equals `p.brand_id`, so the filter must name the column the index holds.
 */
export const NAME_ORDER_COLUMNS: FacetColumns = { ...PRODUCT_COLUMNS, brand: sql.raw('t.brand_id') };

/**
 * FROM clause for counting the scope's range (totals and facets), without names or prices. In the
 * portal it reads contract_prices alone, whose copies of the facet columns (migration 0006) spare a
 * join with every product: at 1M products that join was most of a facet request (decision 011).
 */
export function countFrom(scope: CatalogScope): { from: SQL; columns: FacetColumns } {
  if (scope.shop === 'portal') {
    const contract = scope.contractId ?? NO_CONTRACT;
    return { from: sql`contract_prices f where f.contract_id = ${contract}`, columns: facetColumns('f', 'product_id') };
  }
  return { from: sql`products f where f.shop in (${scope.shop}, 'both') and not f.contract_only`, columns: facetColumns('f', 'id') };
}

/**
 * FROM clause over the scope's precomputed facet counts (migration 0013, decision 042): one row per
 * facet combination with its count `f.n`, kept exact by triggers. Any filter but a search reads
 * these few thousand rows instead of the range; sum `f.n` where countFrom counts rows. There is no
 * product id, so a search (a list of ids) must count with countFrom.
 */
export function precomputedCountFrom(scope: CatalogScope): { from: SQL; columns: FacetColumns } {
  if (scope.shop === 'portal') {
    const contract = scope.contractId ?? NO_CONTRACT;
    return { from: sql`contract_facet_counts f where f.contract_id = ${contract}`, columns: facetColumns('f', 'product_id') };
  }
  return { from: sql`product_facet_counts f where f.shop in (${scope.shop}, 'both') and not f.contract_only`, columns: facetColumns('f', 'id') };
}

/** Whether the row is within the caller's contract, for rangeFrom (true in the portal) or anyProductFrom. */
export function inContractColumn(scope: CatalogScope, from: 'range' | 'any'): SQL {
  if (scope.shop !== 'portal') {
    // A contract customer in a public shop: whether their contract holds it (availability flags the rest).
    if (scope.buyerContractId === undefined) return sql`false`;
    return sql`exists (select 1 from contract_prices bc where bc.contract_id = ${scope.buyerContractId ?? NO_CONTRACT} and bc.product_id = p.id)`;
  }
  return from === 'range' ? sql`true` : sql`(cp.product_id is not null)`;
}

/**
 * The product's first image with its alt text in the locale (null without one). A select-list
 * subquery: PostgreSQL evaluates it after ORDER BY … LIMIT, so only for the rows of the page.
 */
export const firstImageColumn = (scope: CatalogScope) =>
  sql`(select json_build_object('hash', pi.image_hash, 'width', i.width, 'height', i.height, 'alt', pi.alt ->> ${scope.locale})
       from product_images pi join images i on i.hash = pi.image_hash where pi.product_id = p.id order by pi.position limit 1)`;

/** Columns of a summary in a scope: the shared ones, the scope's price and contract membership, the first image. */
export const summarySelect = (scope: CatalogScope, from: 'range' | 'any' = 'any') =>
  sql`${SUMMARY_COLUMNS}, ${priceColumn(scope)} as price_cents, ${inContractColumn(scope, from)} as in_contract, ${firstImageColumn(scope)} as image`;

const NO_CONTRACT = '00000000-0000-0000-0000-000000000000';

/**
 * `cp`, the contract's price row of `products p` (absent where the contract does not hold it): how a
 * product reached by id, slug or code gets its contract price, here and in the procurement orders'
 * item matching (item-matching.ts). `contract`: its id, or SQL that finds it.
 */
export const contractPriceJoin = (contract: SQL | string): SQL => sql`left join contract_prices cp on cp.contract_id = ${contract} and cp.product_id = p.id`;

/**
 * FROM clause for products reached by id or slug (detail, related, bundles, quick order): in the
 * portal a product outside the contract is visible (as "not within contract") unless it is
 * contract-only; `in_contract` tells which.
 */
export function anyProductFrom(scope: CatalogScope): SQL {
  if (scope.shop === 'portal') {
    const contract = scope.contractId ?? NO_CONTRACT;
    return sql`products p join product_translations t on t.product_id = p.id and t.locale = ${scope.locale}
      ${contractPriceJoin(contract)}
      where (cp.product_id is not null or not p.contract_only)`;
  }
  return sql`products p join product_translations t on t.product_id = p.id and t.locale = ${scope.locale}
    where p.shop in (${scope.shop}, 'both') and not p.contract_only`;
}
