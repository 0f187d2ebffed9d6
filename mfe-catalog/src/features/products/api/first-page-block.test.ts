import { afterEach, describe, expect, it } from 'vitest';
import { CatalogFacetsSchema, CatalogPageSchema, CATALOG_FIRST_PAGE_BLOCK_ID } from '@portal/shared/schemas/shop';
import { createFirstPageSource } from './first-page-block';

const PAGE = { items: [], page: 2, page_size: 24, total: 30, total_capped: false, shop: 'tactical' };
const FACETS = { brand: [], category: [], sub_category: [], group: [], kind: { products: 0, bundles: 0 } };

/** A document whose page carries `block` as the gateway writes it (JSON in a data block). */
function pageWith(block: unknown): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = CATALOG_FIRST_PAGE_BLOCK_ID;
  element.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  doc.head.append(element);
  return doc;
}

const BLOCK = { shop: 'tactical', locale: 'nl', query: 'brand=acme&page=2&sort=name_asc', products: PAGE, facets: FACETS };
const request = { shop: 'tactical', locale: 'nl', query: { brand: 'acme', page: 2, sort: 'name_asc', q: undefined } };

afterEach(() => document.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID)?.remove());

describe("the shop's first page in the page", () => {
  it('gives each part once, to the query it was made for, and leaves the page', () => {
    const doc = pageWith(BLOCK);
    const take = createFirstPageSource(doc);
    expect(take('products', CatalogPageSchema, request)).toEqual(PAGE);
    expect(doc.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID)).toBeNull();
    expect(take('products', CatalogPageSchema, request)).toBeUndefined();
    // The facets are of the filters only: no page, no sort.
    expect(take('facets', CatalogFacetsSchema, { ...request, query: { brand: 'acme' } })).toEqual(FACETS);
    expect(take('facets', CatalogFacetsSchema, { ...request, query: { brand: 'acme' } })).toBeUndefined();
  });

  it('gives nothing to another shop, locale or query (they fetch)', () => {
    const take = createFirstPageSource(pageWith(BLOCK));
    expect(take('products', CatalogPageSchema, { ...request, shop: 'medical' })).toBeUndefined();
    expect(take('products', CatalogPageSchema, { ...request, locale: 'fr' })).toBeUndefined();
    expect(take('products', CatalogPageSchema, { ...request, query: { brand: 'acme' } })).toBeUndefined();
    expect(take('facets', CatalogFacetsSchema, { ...request, query: { brand: 'other' } })).toBeUndefined();
    // Not taken by the others: the right query still gets it.
    expect(take('products', CatalogPageSchema, request)).toEqual(PAGE);
  });

  it('gives nothing for a body that fails its schema, an unreadable block or none', () => {
    expect(createFirstPageSource(pageWith({ ...BLOCK, products: { items: 'no' } }))('products', CatalogPageSchema, request)).toBeUndefined();
    expect(createFirstPageSource(pageWith('{"shop":'))('products', CatalogPageSchema, request)).toBeUndefined();
    expect(createFirstPageSource(pageWith({ products: PAGE }))('products', CatalogPageSchema, request)).toBeUndefined();
    expect(createFirstPageSource(document.implementation.createHTMLDocument('none'))('products', CatalogPageSchema, request)).toBeUndefined();
  });
});
