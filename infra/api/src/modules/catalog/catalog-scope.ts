// Who sees which products at which price. The scope is decided once per request from the caller
// and the shop header, and every catalogue query is built on it, so the organisation rule lives in
// one place: a buyer's range is their own contract's price list, and contract-only products of other
// organisations are invisible (not merely unpriced) to everyone else.
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_ERRORS } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { rows, type Db } from '../../db/client';
import { AppError } from '../../errors';

export type CatalogShop = 'portal' | 'medical' | 'tactical';
export type CatalogLocale = 'en' | 'nl' | 'fr';

/** The contract range of a signed-in buyer, or one public web shop at list prices. */
export type CatalogScope =
  | { shop: 'portal'; contractId: string | null; locale: CatalogLocale }
  | { shop: 'medical' | 'tactical'; contractId: null; locale: CatalogLocale };

/** The PostgreSQL text-search configuration of each content locale. */
export const TS_CONFIG: Record<CatalogLocale, string> = { en: 'english', nl: 'dutch', fr: 'french' };

/** `nl-BE,nl;q=0.9` → `nl`; anything else (including the placeholder `xx`) reads English. */
export function localeFrom(acceptLanguage: string | undefined): CatalogLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'nl' || first === 'fr' ? first : 'en';
}

/** The shop named by `X-Shop-Type` (or a `shop` query parameter for plain links). */
export function shopFrom(value: unknown): CatalogShop {
  if (value === 'portal' || value === 'medical' || value === 'tactical') return value;
  throw new AppError(400, CATALOG_ERRORS.shopRequired, 'Send X-Shop-Type: portal, medical or tactical');
}

/** The caller's active contract, if any (the most recent one when several are active). */
async function activeContractId(db: Db, organisationId: string): Promise<string | null> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from contracts where organisation_id = ${organisationId} and status = 'active'
        and starts_on <= current_date and (ends_on is null or ends_on >= current_date)
        order by starts_on desc limit 1`,
  );
  return row?.id ?? null;
}

/** Decides the scope; the contract range needs a signed-in customer. */
export async function resolveScope(db: Db, caller: Caller, shop: CatalogShop, locale: CatalogLocale): Promise<CatalogScope> {
  if (shop !== 'portal') return { shop, contractId: null, locale };
  // Staff are signed in: a 401 would send them round the sign-in loop. They are refused instead.
  if (caller.kind === 'staff') {
    throw new AppError(403, CATALOG_ERRORS.customersOnly, 'The contract range is for customer accounts');
  }
  if (caller.kind !== 'customer') {
    throw new AppError(401, CATALOG_ERRORS.loginRequired, 'Sign in to see your contract range');
  }
  return { shop, contractId: caller.organisationId ? await activeContractId(db, caller.organisationId) : null, locale };
}

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

/** Whether the row is within the caller's contract, for rangeFrom (true in the portal) or anyProductFrom. */
export function inContractColumn(scope: CatalogScope, from: 'range' | 'any'): SQL {
  if (scope.shop !== 'portal') return sql`false`;
  return from === 'range' ? sql`true` : sql`(cp.product_id is not null)`;
}

/** Columns of a summary in a scope: the shared ones, the scope's price and contract membership. */
export const summarySelect = (scope: CatalogScope, from: 'range' | 'any' = 'any') =>
  sql`${SUMMARY_COLUMNS}, ${priceColumn(scope)} as price_cents, ${inContractColumn(scope, from)} as in_contract`;

const NO_CONTRACT = '00000000-0000-0000-0000-000000000000';

/**
 * FROM clause for products reached by id or slug (detail, related, bundles, quick order): in the
 * portal a product outside the contract is visible (as "not within contract") unless it is
 * contract-only; `in_contract` tells which.
 */
export function anyProductFrom(scope: CatalogScope): SQL {
  if (scope.shop === 'portal') {
    const contract = scope.contractId ?? NO_CONTRACT;
    return sql`products p join product_translations t on t.product_id = p.id and t.locale = ${scope.locale}
      left join contract_prices cp on cp.contract_id = ${contract} and cp.product_id = p.id
      where (cp.product_id is not null or not p.contract_only)`;
  }
  return sql`products p join product_translations t on t.product_id = p.id and t.locale = ${scope.locale}
    where p.shop in (${scope.shop}, 'both') and not p.contract_only`;
}
