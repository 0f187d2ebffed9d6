// The public shop's index with its first page in the page (decision 030), through what the visitor
// sees, against a real HTTP server that records what the page still asks for.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_FIRST_PAGE_BLOCK_ID, type CatalogPage } from '@portal/shared/schemas/shop';
import { sessionStore } from '@portal/shared/session';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import nl from '../messages/nl.json';
import { EN, NO_FACETS, renderCatalogPage, summary } from '../test-support/catalog-page';
import ProductsPage from './products';

const vest = summary({ name: 'Plate carrier vest' });
const helmet = summary({ name: 'Ballistic helmet' });
const later = summary({ name: 'Page two radio' });
const pageOf = (items: CatalogPage['items'], page: number): CatalogPage => ({ items, page, page_size: 24, total: 30, total_capped: false, shop: 'tactical' });
const FACETS = { ...NO_FACETS, brand: [{ slug: 'north', name: 'North', count: 30 }] };
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ path, query }) => {
    if (path === '/catalog/products') return { status: 200, body: pageOf(query.get('page') === '2' ? [later] : [vest, helmet], Number(query.get('page') ?? 1)) };
    if (path === '/catalog/facets') return { status: 200, body: FACETS };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.reset());
afterEach(() => document.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID)?.remove());

/** The block the gateway writes for a visitor's shop index (infra/gateway/src/catalog-first-page.ts). */
function writeBlock(block: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = CATALOG_FIRST_PAGE_BLOCK_ID;
  element.textContent = JSON.stringify({ shop: 'tactical', locale: 'en', query: '', products: pageOf([vest, helmet], 1), facets: FACETS, ...block });
  document.head.append(element);
}

describe('The public shop with its first page in the page', () => {
  it('shows the grid and the filters from the page without asking the API, and fetches the next page', async () => {
    writeBlock({});
    await renderCatalogPage(<ProductsPage />, '/en/products?shop=tactical');
    expect(await screen.findByRole('link', { name: 'Plate carrier vest' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /North/ })).toBeTruthy();
    // The paging's entry loads after the grid; it is there once loaded.
    const next = await screen.findByRole('button', { name: EN['catalog.pagination.next'] }, { timeout: 5000 });
    expect(api.calls('/catalog/products')).toHaveLength(0);
    expect(api.calls('/catalog/facets')).toHaveLength(0);
    expect(document.getElementById(CATALOG_FIRST_PAGE_BLOCK_ID)).toBeNull();

    await userEvent.click(next);
    expect(await screen.findByRole('link', { name: 'Page two radio' })).toBeTruthy();
    const [request] = api.calls('/catalog/products');
    expect(request!.query.get('page')).toBe('2');
    expect(request!.headers).toMatchObject({ 'x-shop-type': 'tactical', 'accept-language': 'en-US' });
  });

  it("fetches when the page's block is for another query", async () => {
    writeBlock({ query: 'brand=north', products: pageOf([helmet], 1) });
    await renderCatalogPage(<ProductsPage />, '/en/products?shop=tactical');
    const list = await screen.findByTestId('product-list');
    expect(await within(list).findByRole('link', { name: 'Plate carrier vest' })).toBeTruthy();
    expect(api.calls('/catalog/products')).toHaveLength(1);
    expect(api.calls('/catalog/facets')).toHaveLength(1);
  });

  it('tells a signed-in buyer what the shop is to them, not to sign in (issue 44.11)', async () => {
    signInForTest();
    try {
      await renderCatalogPage(<ProductsPage />, '/nl/products?shop=tactical');
      await screen.findByTestId('product-list');
      expect(document.body.textContent).not.toContain('Meld u aan om te bestellen');
      expect(screen.getByText((nl as Record<string, string>)['catalog.products.intro.contract']!)).toBeTruthy();
    } finally {
      sessionStore.getState().signOut();
    }
  });

  it('writes the article code with the French colon spacing, like every other French label', async () => {
    await renderCatalogPage(<ProductsPage />, '/fr/products?shop=tactical');
    expect(await screen.findByText(`Code article\u00a0: ${vest.article_code}`, { exact: false, normalizer: (text) => text })).toBeTruthy();
  });

  it('folds the filters behind a button that says how many are chosen (a phone shows products first)', async () => {
    await renderCatalogPage(<ProductsPage />, '/en/products?shop=tactical&brand=north');
    const button = await screen.findByRole('button', { name: 'Filters (1)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const filters = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(filters).getByRole('region', { name: EN['catalog.filters.title'] })).toBeTruthy();
    expect(filters.dataset.open).toBeUndefined();
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(filters.dataset.open).toBe('true');
  });
});
