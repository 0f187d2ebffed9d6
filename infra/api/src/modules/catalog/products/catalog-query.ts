// Turns the index query (filters, search, sort) into SQL conditions and an ORDER BY that the
// indexes of migration 0002 can serve: products_price_idx / contract_prices_contract_price_idx for
// price order, product_translations_name_idx for name order (with a brand filter,
// product_translations_brand_name_idx of migration 0044), the GIN indexes for search.
import { sql, type SQL } from 'drizzle-orm';
import type { CatalogKind, CatalogQuery, CatalogSort } from '@portal/shared/schemas';
import { NAME_ORDER_COLUMNS, PRODUCT_COLUMNS, TS_CONFIG, priceColumn, type CatalogScope, type FacetColumns } from './catalog-scope';
import type { Taxonomy } from './taxonomy';

/** A facet dimension, which is also a filter. */
export type FacetName = 'brand' | 'category' | 'sub_category' | 'group' | 'kind';

export interface Search {
  /** `word:* & word:*` for to_tsquery, or null when the text has no words. */
  tsquery: string | null;
  /** `%code%` for the trigram index, or null when the code is shorter than 3 characters. */
  codePattern: string | null;
}

export interface Filters {
  brand?: number[];
  /** Sub-category ids of the chosen families. */
  category?: number[];
  sub_category?: number[];
  group?: number[];
  kind?: Exclude<CatalogKind, 'all'>;
  search?: Search;
  /** The products the search matched (looked up first: see matchingIds). */
  searchIds?: string[];
}

/** Most products one search may match; a broader search should be refined. */
export const SEARCH_MATCH_LIMIT = 2000;

/** Lower-case letters and digits only: how codes are compared (`6545-01…` = `654501…`). */
export const normaliseCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export function parseSearch(q: string): Search | null {
  const words = q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  const code = normaliseCode(q);
  if (!words.length && code.length < 3) return null;
  return {
    // Only letters and digits reach to_tsquery, so the text cannot inject tsquery syntax.
    tsquery: words.length ? words.map((w) => `${w}:*`).join(' & ') : null,
    codePattern: code.length >= 3 ? `%${code}%` : null,
  };
}

/** Slugs to ids; an unknown slug matches nothing rather than being ignored. */
function ids<T extends { id: number; slug: string }>(all: T[], slugs: string[] | undefined, pick: (e: T) => boolean = () => true) {
  if (!slugs) return undefined;
  const wanted = new Set(slugs);
  return all.filter((e) => wanted.has(e.slug) && pick(e)).map((e) => e.id);
}

export function toFilters(query: CatalogQuery, taxonomy: Taxonomy): Filters {
  const families = ids(taxonomy.categories, query.category, (c) => c.parentId === null);
  const filters: Filters = {
    brand: ids(taxonomy.brands, query.brand),
    category: families && taxonomy.categories.filter((c) => c.parentId !== null && families.includes(c.parentId)).map((c) => c.id),
    sub_category: ids(taxonomy.categories, query.sub_category, (c) => c.parentId !== null),
    group: ids(taxonomy.groups, query.group),
  };
  if (query.kind && query.kind !== 'all') filters.kind = query.kind;
  if (query.q) {
    const search = parseSearch(query.q);
    // Text without any letter, digit or code matches nothing.
    filters.search = search ?? { tsquery: null, codePattern: null };
  }
  return filters;
}

/**
 * `column = any(array)`: one parameter whatever the number of values, so the statement's text (and
 * its prepared plan, db/prepared-rows.ts) is the same for two brands or five, or 20 search matches or 2 000.
 */
const inList = (column: SQL, values: number[]) => {
  if (!values.length) return sql`false`;
  // One value stays an equality: `= any('{1}')` would not walk an index on (column, price) in order.
  if (values.length === 1) return sql`${column} = ${values[0]}`;
  return sql`${column} = any(${sql.param(values)}::int[])`;
};

/**
 * The ids a search matches, looked up on their own first: the GIN indexes answer this in a few ms,
 * and the page query then joins an exact list of ids. Folded into one statement, the planner
 * misjudges prefix matches (`handschoen:*`) by orders of magnitude and hashes the whole catalogue.
 */
export function matchingIdsQuery(search: Search, scope: CatalogScope): SQL | null {
  const branches: SQL[] = [];
  if (search.tsquery) {
    const config = sql.raw(`'${TS_CONFIG[scope.locale]}'::regconfig`);
    branches.push(
      sql`select product_id as id from product_translations where locale = ${scope.locale} and search @@ to_tsquery(${config}, ${search.tsquery})`,
    );
  }
  if (search.codePattern) branches.push(codeMatches(search.codePattern));
  if (!branches.length) return null;
  return sql`select id from (${sql.join(branches, sql` union `)}) hits limit ${SEARCH_MATCH_LIMIT}`;
}

/** Characters of a long code that the trigram index is asked for (see codeMatches). */
const CODE_TAIL = 8;

/**
 * Products whose codes contain the code. Codes share their first characters (a brand's prefix, an
 * NSN's supply class, `GEN-0…` in the generated catalogue), whose trigrams are in most rows: asking
 * the trigram index for them cost ~15 ms of its 17 ms at 1M products (BENCHMARKS.md, issue 31). So a
 * long code asks the index for its last CODE_TAIL characters only and checks the whole code on the
 * rows found: the same rows, since a row holding the code holds its tail. (The code is letters and
 * digits only, so neither pattern has a wildcard of its own.)
 */
function codeMatches(codePattern: string): SQL {
  const code = codePattern.slice(1, -1);
  if (code.length <= CODE_TAIL) return sql`select id from products where search_codes like ${codePattern}`;
  return sql`select id from products where search_codes like ${`%${code.slice(-CODE_TAIL)}%`} and strpos(search_codes, ${code}) > 0`;
}

/** The conditions of the filters on a FROM clause's columns, leaving out the one whose facet is being counted. */
export function conditions(filters: Filters, columns: FacetColumns = PRODUCT_COLUMNS, except?: FacetName): SQL {
  const parts: SQL[] = [];
  if (filters.brand && except !== 'brand') parts.push(inList(columns.brand, filters.brand));
  if (filters.category && except !== 'category') parts.push(inList(columns.category, filters.category));
  if (filters.sub_category && except !== 'sub_category') parts.push(inList(columns.category, filters.sub_category));
  if (filters.group && except !== 'group') parts.push(inList(columns.group, filters.group));
  if (filters.kind && except !== 'kind') parts.push(filters.kind === 'bundles' ? sql`${columns.kind} = 'bundle'` : sql`${columns.kind} = 'product'`);
  if (filters.search) parts.push(filters.searchIds?.length ? sql`${columns.id} = any(${sql.param(filters.searchIds)}::uuid[])` : sql`false`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The columns an index page's filters read: a name order reads the brand where its index holds it. */
export const pageColumns = (sort: CatalogSort): FacetColumns => (sort === 'name_asc' || sort === 'name_desc' ? NAME_ORDER_COLUMNS : PRODUCT_COLUMNS);

/**
 * ORDER BY for a sort. "Price on request" has no price and sorts as the most expensive (last going
 * up, first going down), so one ascending index serves both directions.
 */
export function orderBy(sort: CatalogSort, scope: CatalogScope, search: Search | undefined): SQL {
  const price = priceColumn(scope);
  const tie = scope.shop === 'portal' ? sql`cp.product_id` : sql`p.id`;
  switch (sort) {
    case 'price_asc':
      return sql`${price} asc nulls last, ${tie} asc`;
    case 'price_desc':
      return sql`${price} desc nulls first, ${tie} desc`;
    case 'name_desc':
      return sql`lower(t.name) desc, t.product_id desc`;
    case 'relevance': {
      if (!search) return sql`lower(t.name) asc, t.product_id asc`;
      const code = search.codePattern ? sql`(p.search_codes like ${search.codePattern}) desc, ` : sql``;
      const rank = search.tsquery
        ? sql`ts_rank(t.search, to_tsquery(${sql.raw(`'${TS_CONFIG[scope.locale]}'::regconfig`)}, ${search.tsquery})) desc, `
        : sql``;
      return sql`${code}${rank}lower(t.name) asc, t.product_id asc`;
    }
    default:
      return sql`lower(t.name) asc, t.product_id asc`;
  }
}
