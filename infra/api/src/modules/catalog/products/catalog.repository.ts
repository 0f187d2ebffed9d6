// The catalogue: index pages, facet counts, product detail, quick-order resolution and the dashboard
// widgets, always within a CatalogScope (catalog-scope.ts), which is where organisation scoping is
// enforced (the widgets' order history is also limited to the caller's organisation, caller.ts).
import { sql, type SQL } from 'drizzle-orm';
import {
  CATALOG_COUNT_LIMIT,
  CATALOG_PAGE_SIZE,
  type CatalogFacets,
  type CatalogPage,
  type CatalogProduct,
  type CatalogProductSummary,
  type CatalogQuery,
  type FacetValue,
  gtin14,
  gtinForms,
  type GtinLookup,
  type QuickOrderLine,
  type QuickOrderResult,
} from '@portal/shared/schemas';
import * as v from 'valibot';
import type { Db } from '../../../db/client';
import { products } from '../tables';
import { preparedRows } from '../../../db/prepared-rows';
import { rowShape, typedRows } from '../../../db/typed-rows';
import type { I18nText } from '../tables';
import { lineStatus, summaryRow, toImage, toSummary, type SummaryRow } from './catalog-product';
import { conditions, matchingIdsQuery, normaliseCode, orderBy, pageColumns, toFilters, type Filters } from './catalog-query';
import { anyProductFrom, countFrom, precomputedCountFrom, rangeFrom, summarySelect, type CatalogScope } from './catalog-scope';
import type { CatalogCache } from './catalog-cache';
import { countFacets, type FacetCount } from './facet-counts';
import { createCatalogWidgets } from './catalog-widgets';
import { detailQuery, detailWithListsRow, listsOf } from './detail-query';
import { describeProduct, productsShownIn } from './product-detail';
import { createTaxonomyCache, type Taxonomy } from './taxonomy';

// Row shapes of the catalogue's hand-written SQL (its hot paths: index, search, facets, detail; decision 040).
const idRow = rowShape({ id: products.id });
const countRow = rowShape({ n: v.pipe(v.number(), v.integer()) });
const quickOrderRow = rowShape({ ...summaryRow, codes: products.searchCodes });

/** Index pages up to this one run as prepared statements (a text per page and page size). */
const PREPARED_PAGES = 10;

/** Reads straight through: no cache (tests of the queries themselves, tools). */
const NO_CACHE: Pick<CatalogCache, 'get'> = { get: (_kind, _scope, _query, load) => load() };

/** `cache`: the instance's catalogue cache (catalog-cache.ts); index pages, facets and details go through it. */
export function createCatalogRepository(db: Db, cache: Pick<CatalogCache, 'get'> = NO_CACHE) {
  const taxonomy = createTaxonomyCache(db);

  async function summariesWhere(scope: CatalogScope, tax: Taxonomy, where: SQL, order = sql`lower(t.name), p.id`, limit = 24) {
    const list = await typedRows(db, summaryRow, sql`select ${summarySelect(scope)} from ${anyProductFrom(scope)} and ${where} order by ${order} limit ${limit}`);
    return list.map((r) => toSummary(r, scope, tax));
  }

  /** The filters of a query, with the search's matches looked up. */
  async function filtersOf(scope: CatalogScope, query: CatalogQuery, tax: Taxonomy): Promise<Filters> {
    const filters = toFilters(query, tax);
    const ids = filters.search && matchingIdsQuery(filters.search, scope);
    // Not prepared: a generic plan of a LIKE on a parameter misjudges the trigram index (planning it is ~0.2 ms).
    if (ids) filters.searchIds = (await typedRows(db, idRow, ids)).map((r) => r.id);
    return filters;
  }

  async function readIndex(scope: CatalogScope, query: CatalogQuery): Promise<CatalogPage> {
    const tax = await taxonomy.get();
    const filters = await filtersOf(scope, query, tax);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? CATALOG_PAGE_SIZE;
    const sort = query.sort ?? (filters.search ? 'relevance' : 'name_asc');
    const where = conditions(filters, pageColumns(sort));
    // Without a search the total is a sum of precomputed counts (exact, decision 042); a search
    // counts its matches (at most 2 000).
    const counting = filters.search ? countFrom(scope) : precomputedCountFrom(scope);
    // LIMIT and OFFSET are written into the text (validated integers): with them as parameters the
    // generic plan assumes a tenth of the range is wanted, and PostgreSQL kept planning every
    // execution (~1 ms); written in, it takes the generic plan. Only the first pages are prepared, so
    // that the texts a connection keeps stay few.
    const window = sql.raw(`limit ${Math.trunc(pageSize)} offset ${Math.trunc((page - 1) * pageSize)}`);
    const pageQuery = sql`select ${summarySelect(scope, 'range')} from ${rangeFrom(scope)}${where}
            order by ${orderBy(sort, scope, filters.search)} ${window}`;
    const [list, counted] = await Promise.all([
      page <= PREPARED_PAGES ? preparedRows(db, summaryRow, pageQuery) : typedRows(db, summaryRow, pageQuery),
      preparedRows(
        db,
        countRow,
        filters.search
          ? sql`select count(*)::int as n from ${counting.from}${conditions(filters, counting.columns)}`
          : sql`select coalesce(sum(f.n), 0)::int as n from ${counting.from}${conditions(filters, counting.columns)}`,
      ),
    ]);
    const n = counted[0]?.n ?? 0;
    return {
      items: list.map((r) => toSummary(r, scope, tax)),
      page,
      page_size: pageSize,
      total: Math.min(n, CATALOG_COUNT_LIMIT),
      total_capped: n > CATALOG_COUNT_LIMIT,
      shop: scope.shop,
    };
  }

  async function readFacets(scope: CatalogScope, query: CatalogQuery): Promise<CatalogFacets> {
    const tax = await taxonomy.get();
    const filters = await filtersOf(scope, query, tax);
    const { brand: brands, category: families, sub_category: subs, group: groups, kind: kinds } = await countFacets(db, scope, filters);
    const locale = scope.locale;
    const values = <E extends { id: number; slug: string }>(all: E[], counts: Map<number, number>, selected: string[] | undefined, name: (e: E) => string) =>
      all
        .map((e): FacetValue => ({ slug: e.slug, name: name(e), count: counts.get(e.id) ?? 0 }))
        .filter((v) => v.count > 0 || selected?.includes(v.slug));
    const toMap = (list: FacetCount[]) => new Map(list.map((r) => [Number(r.key), r.n]));
    const familyCounts = new Map<number, number>();
    for (const r of families) {
      const parent = tax.categoryById.get(Number(r.key))?.parentId;
      if (parent) familyCounts.set(parent, (familyCounts.get(parent) ?? 0) + r.n);
    }
    const i18n = (e: { name: I18nText }) => e.name[locale];
    return {
      brand: values(tax.brands, toMap(brands), query.brand, (b) => b.name),
      category: values(tax.categories.filter((c) => c.parentId === null), familyCounts, query.category, i18n),
      sub_category: values(tax.categories.filter((c) => c.parentId !== null), toMap(subs), query.sub_category, i18n),
      group: values(tax.groups, toMap(groups), query.group, i18n),
      kind: {
        products: kinds.find((k) => k.key === 'product')?.n ?? 0,
        bundles: kinds.find((k) => k.key === 'bundle')?.n ?? 0,
      },
    };
  }

  async function readDetail(scope: CatalogScope, slug: string): Promise<CatalogProduct | null> {
    const tax = await taxonomy.get();
    const [row] = await preparedRows(db, detailWithListsRow, detailQuery(scope, slug));
    if (!row) return null;
    const lists = listsOf(row);
    return describeProduct(row, scope, tax, {
      bundles: lists.bundles,
      bundle_items: lists.bundle_items,
      related: lists.related.map((r) => toSummary(r, scope, tax)),
      recommended: lists.recommended.map((r) => toSummary(r, scope, tax)),
      images: lists.images.map(toImage),
    });
  }

  return {
    taxonomy,
    /** The signed-in dashboard's widgets (catalog-widgets.ts). */
    widgets: createCatalogWidgets(db, taxonomy),

    /** One page of the scope's range (the portal's index only lists the contract range). */
    index(scope: CatalogScope, query: CatalogQuery): Promise<CatalogPage> {
      return cache.get('index', scope, query, () => readIndex(scope, query), (page) => page.items.map((i) => i.id));
    },

    /** Facet counts, each with the other filters applied (disjunctive faceting). */
    facets(scope: CatalogScope, query: CatalogQuery): Promise<CatalogFacets> {
      return cache.get('facets', scope, query, () => readFacets(scope, query));
    },

    /** The product detail, or null when the scope may not see it. */
    detail(scope: CatalogScope, slug: string): Promise<CatalogProduct | null> {
      return cache.get('detail', scope, { slug }, () => readDetail(scope, slug), productsShownIn);
    },

    /** Products by id in the scope (cart lines). */
    async summariesByIds(scope: CatalogScope, ids: string[]): Promise<Map<string, CatalogProductSummary>> {
      if (!ids.length) return new Map();
      const tax = await taxonomy.get();
      const list = await summariesWhere(scope, tax, sql`p.id in ${ids}`, sql`p.id`, ids.length);
      return new Map(list.map((s) => [s.id, s]));
    },

    /**
     * Quick order: each line's code (article code, product code or NSN, dashes optional) against
     * the scope. A contract-only product of another organisation reads "unknown", never "not within
     * contract", so its existence does not leak.
     */
    async resolveQuickOrder(scope: CatalogScope, lines: QuickOrderLine[]): Promise<QuickOrderResult> {
      const tax = await taxonomy.get();
      const codes = [...new Set(lines.map((l) => normaliseCode(l.code)).filter((c) => c.length >= 3))];
      const found = codes.length
        ? await typedRows(
            db,
            quickOrderRow,
            sql`select ${summarySelect(scope)}, p.search_codes as codes from ${anyProductFrom(scope)}
                and (${sql.join(codes.map((c) => sql`p.search_codes like ${`%${c}%`}`), sql` or `)})`,
          )
        : [];
      const byCode = new Map<string, SummaryRow>();
      for (const r of found) for (const c of (r.codes ?? '').split(' ')) if (c) byCode.set(c, r);
      return {
        lines: lines.map((line) => {
          const row = byCode.get(normaliseCode(line.code));
          if (!row) return { code: line.code, quantity: line.quantity, status: 'unknown' as const, product: null };
          return { code: line.code, quantity: line.quantity, status: lineStatus(row, scope, line.quantity), product: toSummary(row, scope, tax) };
        }),
      };
    },

    /**
     * Scan to order (decision 075): the product a GTIN names, in the scope as quick order reads it
     * (anyProductFrom): outside the contract without a price, another organisation's contract-only
     * product "unknown". Answers for one unit; the recall is the caller's to ask (the lot's port).
     */
    async lookupGtin(scope: CatalogScope, gtin: string): Promise<Omit<GtinLookup, 'recall'>> {
      const tax = await taxonomy.get();
      const [row] = await typedRows(
        db,
        summaryRow,
        sql`select ${summarySelect(scope)} from ${anyProductFrom(scope)} and p.gtin in ${gtinForms(gtin)} order by p.active desc, p.id limit 1`,
      );
      if (!row) return { gtin: gtin14(gtin), status: 'unknown', product: null };
      const status = lineStatus(row, scope, 1);
      return { gtin: gtin14(gtin), status: status === 'above_stock' ? 'not_orderable' : status, product: toSummary(row, scope, tax) };
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
