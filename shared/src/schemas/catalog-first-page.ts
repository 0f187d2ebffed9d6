// The public shop's first page in the page (issue 18, docs/decisions/030): which shop a page shows,
// the catalogue query its URL asks for, and the data block the gateway writes with the answers of
// GET /catalog/products and GET /catalog/facets for that query, so that the shop's grid renders with
// its heading instead of one round trip after it. The gateway and mfe-catalog read the URL with the
// same functions here, so the block is for exactly the query the page then asks for.
import { CATALOG_KINDS, CATALOG_SORTS, type CatalogKind, type CatalogSort } from './catalog';
import type { PublicShop, ShopType } from './shops';

/** The public shop a host name is dedicated to, if any (`tactical.example.com` → tactical; docs/decisions/007). */
export function shopOfHost(hostname: string): PublicShop | null {
  const label = hostname.split('.')[0]?.toLowerCase();
  return label === 'medical' || label === 'tactical' ? label : null;
}

/** The shop of a page: `portal` for the contract range, else the host's public shop or the `shop` search parameter. */
export function resolveShop(pathname: string, hostname: string, shopParam: string | null): ShopType {
  if (pathname.split('/')[2] === 'my-products' || pathname.split('/')[2] === 'quick-order') return 'portal';
  const host = shopOfHost(hostname);
  if (host) return host;
  return shopParam === 'tactical' ? 'tactical' : 'medical';
}

/** The index's list filters; their URL and API keys are the same, lists are comma-separated slugs. */
export const CATALOG_LIST_KEYS = ['brand', 'category', 'sub_category', 'group'] as const;
export type CatalogListKey = (typeof CATALOG_LIST_KEYS)[number];

/** What the reader chose on the index, as its URL says (filters, sort, search, page). */
export interface CatalogParams {
  q: string;
  lists: Record<CatalogListKey, string[]>;
  kind: CatalogKind;
  sort: CatalogSort | null;
  page: number;
}

/** The index state of a URL's search parameters; anything unknown or malformed is left out. */
export function readCatalogParams(params: URLSearchParams): CatalogParams {
  const list = (key: CatalogListKey) => (params.get(key) ?? '').split(',').filter((s) => /^[a-z0-9-]+$/.test(s));
  const kind = params.get('kind');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    lists: { brand: list('brand'), category: list('category'), sub_category: list('sub_category'), group: list('group') },
    kind: (CATALOG_KINDS as readonly string[]).includes(kind ?? '') ? (kind as CatalogKind) : 'all',
    sort: (CATALOG_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CatalogSort) : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** A catalogue API query: key → value, undefined for a key not sent. */
export type CatalogApiQuery = Record<string, string | number | undefined>;

/** The GET /catalog/products query of an index state (the page size is the API's default). */
export function catalogApiQuery(p: CatalogParams): CatalogApiQuery {
  return {
    q: p.q || undefined,
    brand: p.lists.brand.join(',') || undefined,
    category: p.lists.category.join(',') || undefined,
    sub_category: p.lists.sub_category.join(',') || undefined,
    group: p.lists.group.join(',') || undefined,
    kind: p.kind === 'all' ? undefined : p.kind,
    sort: p.sort ?? undefined,
    page: p.page > 1 ? p.page : undefined,
  };
}

/** The GET /catalog/facets query of a products query: the filters, without paging and sort. */
export function catalogFacetsQuery(query: CatalogApiQuery): CatalogApiQuery {
  const { page: _page, sort: _sort, ...filters } = query;
  return filters;
}

/** The facets' query string of a products query string (a block's `query`): its filters. */
export function facetsQueryString(productsQuery: string): string {
  return catalogQueryString(catalogFacetsQuery(Object.fromEntries(new URLSearchParams(productsQuery))));
}

/** A query as a search string, keys in order and unset keys left out: how the block names its query. */
export function catalogQueryString(query: CatalogApiQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

/** Id of the data block with the public shop's first page: a {@link CatalogFirstPageBlock}. */
export const CATALOG_FIRST_PAGE_BLOCK_ID = 'portal-catalog-first-page';

/**
 * The public shop's first page as the gateway asked the API for it, anonymously: for one shop,
 * locale and products query ({@link catalogQueryString}), the bodies of GET /catalog/products and of
 * GET /catalog/facets with the same filters. The catalog takes each body once, and only for the same
 * shop, locale and query; anything else is fetched.
 */
export interface CatalogFirstPageBlock {
  shop: ShopType;
  locale: string;
  query: string;
  products: unknown;
  facets: unknown;
}
