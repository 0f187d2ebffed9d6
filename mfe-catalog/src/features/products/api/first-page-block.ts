// The public shop's first page as the gateway wrote it into the page (docs/decisions/030): the
// answers of GET /catalog/products and /catalog/facets for the page's URL, asked anonymously. Each is
// taken once, and only by a query for the same shop, locale and filters; a page without the block (a
// signed-in caller's, a dev server's, a later page of the index) or a body that fails its schema
// means a fetch as before.
import * as v from 'valibot';
import {
  CATALOG_FIRST_PAGE_BLOCK_ID,
  catalogQueryString,
  facetsQueryString,
  type CatalogApiQuery,
  type CatalogFirstPageBlock,
} from '@portal/shared/schemas/shop';

type Part = 'products' | 'facets';

/** What a query asks for: the part, its shop and locale, and its query as the block names it. */
export interface FirstPageRequest {
  shop: string;
  locale: string;
  /** The products query, or for the facets their filters. */
  query: CatalogApiQuery;
}

const isBlock = (value: unknown): value is CatalogFirstPageBlock =>
  typeof value === 'object' && value !== null && typeof (value as CatalogFirstPageBlock).shop === 'string' &&
  typeof (value as CatalogFirstPageBlock).locale === 'string' && typeof (value as CatalogFirstPageBlock).query === 'string';

/** The query string each part of a block answers (the facets: the block's filters). */
function partQuery(block: CatalogFirstPageBlock, part: Part): string {
  if (part === 'products') return block.query;
  return facetsQueryString(block.query);
}

/** A reader of one document's block: the block leaves the page at the first look, each part is given once. */
export function createFirstPageSource(doc: Document) {
  let block: CatalogFirstPageBlock | undefined;
  let read = false;
  const taken = new Set<Part>();

  function load(): CatalogFirstPageBlock | undefined {
    if (read) return block;
    read = true;
    const element = doc.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID);
    if (!element) return undefined;
    element.remove();
    try {
      const value = JSON.parse(element.textContent ?? '') as unknown;
      block = isBlock(value) ? value : undefined;
    } catch {
      block = undefined;
    }
    return block;
  }

  /** The part's body, valid against `schema`, when the block answers this request and it was not taken yet. */
  return function take<T extends v.GenericSchema>(part: Part, schema: T, request: FirstPageRequest): v.InferOutput<T> | undefined {
    const found = load();
    if (!found || taken.has(part)) return undefined;
    if (found.shop !== request.shop || found.locale !== request.locale || partQuery(found, part) !== catalogQueryString(request.query)) return undefined;
    taken.add(part);
    const parsed = v.safeParse(schema, found[part]);
    return parsed.success ? parsed.output : undefined;
  };
}

let pageSource: ReturnType<typeof createFirstPageSource> | undefined;

/** The page's block, read from `document` (and removed from it) the first time a query looks. */
export const takeFirstPage: ReturnType<typeof createFirstPageSource> = (part, schema, request) => {
  if (typeof document === 'undefined') return undefined;
  // A block still in the document is a new one (the page's at start, or a test's): read it afresh.
  if (!pageSource || document.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID)) pageSource = createFirstPageSource(document);
  return pageSource(part, schema, request);
};
