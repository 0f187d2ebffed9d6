// The public shop's first page in the page (issue 18, docs/decisions/030): for a visitor without a
// session on a shop index (`/<locale>/products`), the answers of GET /catalog/products and
// GET /catalog/facets for the page's URL, asked anonymously as the catalog asks them (X-Shop-Type,
// Accept-Language of the path's locale), so that the grid renders with the heading instead of a
// round trip after it. A caller with a session gets no block: their answers can depend on who they
// are (a contract), and the page never guesses. Whatever cannot be had is left out: the catalog then
// fetches as before.
import { isLocale, LOCALE_TAGS, type Locale } from '@portal/shared/i18n';
import {
  CATALOG_FIRST_PAGE_BLOCK_ID,
  catalogApiQuery,
  catalogQueryString,
  facetsQueryString,
  readCatalogParams,
  resolveShop,
  type CatalogFirstPageBlock,
} from '@portal/shared/schemas';
import { apiJson } from './api-json';
import type { ApiGet } from './first-screen-data';
import { jsonDataBlock } from './json-in-html';

/** The page a block is asked for: its path, search string (`?…` or empty), host name and whether it carries a session. */
export interface ShopPageRequest {
  pathname: string;
  search: string;
  hostname: string;
  hasSession: boolean;
}

/** The shop, locale and products query of a public shop index without a session, or undefined for any other page. */
export function shopIndexOf({ pathname, search, hostname, hasSession }: ShopPageRequest): Omit<CatalogFirstPageBlock, 'products' | 'facets'> | undefined {
  const [, locale = '', mount, ...rest] = pathname.split('/');
  if (hasSession || mount !== 'products' || rest.some(Boolean) || !isLocale(locale)) return undefined;
  const params = new URLSearchParams(search);
  const shop = resolveShop(pathname, hostname, params.get('shop'));
  return { shop, locale, query: catalogQueryString(catalogApiQuery(readCatalogParams(params))) };
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** The block of a shop index page, or undefined (another page, a session, an answer that could not be had). */
export async function catalogFirstPageBlock(get: ApiGet, request: ShopPageRequest): Promise<string | undefined> {
  const index = shopIndexOf(request);
  if (!index) return undefined;
  const headers = { 'x-shop-type': index.shop, 'accept-language': LOCALE_TAGS[index.locale as Locale] };
  const [products, facets] = await Promise.all([
    apiJson(get, withQuery('/api/v1/catalog/products', index.query), headers),
    apiJson(get, withQuery('/api/v1/catalog/facets', facetsQueryString(index.query)), headers),
  ]);
  if (products === undefined || facets === undefined) return undefined;
  return jsonDataBlock(CATALOG_FIRST_PAGE_BLOCK_ID, { ...index, products, facets } satisfies CatalogFirstPageBlock);
}
