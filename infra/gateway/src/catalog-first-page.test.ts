import { describe, expect, it } from 'vitest';
import { catalogFirstPageBlock, shopIndexOf, type ShopPageRequest } from './catalog-first-page';
import type { ApiGet } from './first-screen-data';

const page = (pathname: string, search = '', more: Partial<ShopPageRequest> = {}): ShopPageRequest => ({ pathname, search, hostname: 'localhost', hasSession: false, ...more });

/** The catalogue API as an anonymous caller sees it, recording what was asked with which headers. */
function catalogApi(answer: (url: string) => { statusCode: number; body: string } = (url) => ({ statusCode: 200, body: JSON.stringify({ url }) })) {
  const calls: { url: string; headers: Record<string, string> | undefined }[] = [];
  const get: ApiGet = async (url, headers) => {
    calls.push({ url, headers });
    return answer(url);
  };
  return { get, calls };
}

/** The one data block of `html`, parsed as the catalog parses it. */
function block(html: string | undefined): unknown {
  const match = /^<script type="application\/json" id="portal-catalog-first-page">([^<]*)<\/script>$/.exec(html ?? '');
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('the public shop index a page is', () => {
  it('is the shop index of a visitor without a session, with the query its URL asks for', () => {
    expect(shopIndexOf(page('/nl/products', '?sort=price_asc&brand=acme&page=2&utm_source=x'))).toEqual({ shop: 'medical', locale: 'nl', query: 'brand=acme&page=2&sort=price_asc' });
    expect(shopIndexOf(page('/en/products/', ''))).toEqual({ shop: 'medical', locale: 'en', query: '' });
  });

  it("takes the shop from the host, else from ?shop= (decision 007)", () => {
    expect(shopIndexOf(page('/en/products', '?shop=tactical'))?.shop).toBe('tactical');
    expect(shopIndexOf(page('/en/products', '?shop=tactical', { hostname: 'medical.example.com' }))?.shop).toBe('medical');
  });

  it('is no shop index with a session, on another page or without a known locale', () => {
    expect(shopIndexOf(page('/en/products', '', { hasSession: true }))).toBeUndefined();
    expect(shopIndexOf(page('/en/products/some-helmet'))).toBeUndefined();
    expect(shopIndexOf(page('/en/my-products'))).toBeUndefined();
    expect(shopIndexOf(page('/de/products'))).toBeUndefined();
    expect(shopIndexOf(page('/en'))).toBeUndefined();
  });
});

describe("the shop index's first page block", () => {
  it("asks the API for the page and its facets as the catalog does, in the path's language and shop", async () => {
    const { get, calls } = catalogApi();
    const html = await catalogFirstPageBlock(get, page('/fr/products', '?shop=tactical&page=3&sort=name_desc&category=vests'));
    expect(calls).toEqual([
      { url: '/api/v1/catalog/products?category=vests&page=3&sort=name_desc', headers: { 'x-shop-type': 'tactical', 'accept-language': 'fr-FR' } },
      { url: '/api/v1/catalog/facets?category=vests', headers: { 'x-shop-type': 'tactical', 'accept-language': 'fr-FR' } },
    ]);
    expect(block(html)).toEqual({
      shop: 'tactical',
      locale: 'fr',
      query: 'category=vests&page=3&sort=name_desc',
      products: { url: '/api/v1/catalog/products?category=vests&page=3&sort=name_desc' },
      facets: { url: '/api/v1/catalog/facets?category=vests' },
    });
  });

  it('escapes what could end the element, and the catalog reads it back unchanged', async () => {
    const name = '</script><!-- & \u2028';
    const { get } = catalogApi(() => ({ statusCode: 200, body: JSON.stringify({ items: [{ name }] }) }));
    const html = await catalogFirstPageBlock(get, page('/en/products'));
    expect(html!.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect((block(html) as { products: { items: { name: string }[] } }).products.items[0]!.name).toBe(name);
  });

  it('writes nothing when a part cannot be had, and asks nothing for a page that is no shop index', async () => {
    const failing = catalogApi((url) => (url.includes('facets') ? { statusCode: 500, body: '{}' } : { statusCode: 200, body: '{}' }));
    expect(await catalogFirstPageBlock(failing.get, page('/en/products'))).toBeUndefined();
    const throwing: ApiGet = async () => {
      throw new Error('database down');
    };
    expect(await catalogFirstPageBlock(throwing, page('/en/products'))).toBeUndefined();
    const other = catalogApi();
    expect(await catalogFirstPageBlock(other.get, page('/en/products', '', { hasSession: true }))).toBeUndefined();
    expect(other.calls).toEqual([]);
  });
});
