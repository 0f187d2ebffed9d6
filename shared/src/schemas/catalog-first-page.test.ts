import { describe, expect, it } from 'vitest';
import { catalogApiQuery, catalogFacetsQuery, catalogQueryString, facetsQueryString, readCatalogParams, resolveShop, shopOfHost } from './catalog-first-page';

const queryOf = (search: string) => catalogApiQuery(readCatalogParams(new URLSearchParams(search)));

describe('the catalogue query of a URL', () => {
  it('sends nothing for a plain index, so the API uses its defaults', () => {
    expect(catalogQueryString(queryOf(''))).toBe('');
  });

  it('keeps the filters, sort, search and page, and drops what is malformed', () => {
    const query = queryOf('?brand=acme,Bad_Slug,b-2&kind=bundles&sort=price_desc&page=3&q=helm&shop=tactical&x=1');
    expect(query).toMatchObject({ brand: 'acme,b-2', kind: 'bundles', sort: 'price_desc', page: 3, q: 'helm' });
    expect(catalogQueryString(query)).toBe('brand=acme%2Cb-2&kind=bundles&page=3&q=helm&sort=price_desc');
  });

  it('ignores an unknown kind or sort and a page that is not a positive integer', () => {
    expect(catalogQueryString(queryOf('?kind=all&sort=cheapest&page=0'))).toBe('');
    expect(catalogQueryString(queryOf('?page=1.5'))).toBe('');
  });

  it('names the same query the same way whatever the order of the URL', () => {
    expect(catalogQueryString(queryOf('?sort=name_asc&brand=a'))).toBe(catalogQueryString(queryOf('?brand=a&sort=name_asc')));
  });

  it('asks the facets for the filters only', () => {
    expect(catalogFacetsQuery(queryOf('?brand=a&sort=name_asc&page=2'))).toEqual(expect.not.objectContaining({ page: 2 }));
    expect(catalogQueryString(catalogFacetsQuery(queryOf('?brand=a&sort=name_asc&page=2')))).toBe('brand=a');
    // From a block's query string, as the gateway and the catalog both read it.
    expect(facetsQueryString('kind=bundles&page=3&q=helm&sort=price_desc')).toBe('kind=bundles&q=helm');
  });
});

describe('the shop of a page', () => {
  it('is the contract range under /my-products and /quick-order', () => {
    expect(resolveShop('/en/my-products', 'tactical.example.com', null)).toBe('portal');
    expect(resolveShop('/nl/quick-order', 'localhost', 'tactical')).toBe('portal');
  });

  it("is the host's public shop, else the shop parameter, else medical", () => {
    expect(shopOfHost('Tactical.example.com')).toBe('tactical');
    expect(resolveShop('/en/products', 'tactical.example.com', 'medical')).toBe('tactical');
    expect(resolveShop('/en/products', 'localhost', 'tactical')).toBe('tactical');
    expect(resolveShop('/en/products', 'localhost', 'other')).toBe('medical');
  });
});
