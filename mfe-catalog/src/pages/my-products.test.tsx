// The products index of the contract range, through what the buyer sees, against a real HTTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import type { TestResponse } from '@portal/shared/testing';
import { EN, NO_FACETS, renderCatalogPage, summary } from '../test-support/catalog-page';
import MyProductsPage from './my-products';

const MASK_IMAGE = { path: `/api/v1/images/${'a'.repeat(64)}`, alt: 'Tourniquet SOF-T, vooraanzicht', width: 1280, height: 960 };
const mask = summary({ name: 'Tourniquet SOF-T', stock_state: 'low_stock', max_quantity: 3, image: MASK_IMAGE });
const gauze = summary({ name: 'Hemostatic gauze' });
let answer: (query: URLSearchParams) => TestResponse;
let api: ApiServer;
/** The buyer's saved VAT preference (decision 013); most tests compare prices excluding VAT. */
let pricesInclVat = false;

beforeAll(async () => {
  api = await startApiServer(({ path, query }) => {
    if (path === '/catalog/products') return answer(query);
    if (path === '/catalog/facets') return { status: 200, body: NO_FACETS };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: pricesInclVat } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  pricesInclVat = false;
  window.localStorage.clear();
  signInForTest();
  answer = (query) => ({
    status: 200,
    body: { items: query.get('q') === 'gauze' ? [gauze] : [mask, gauze], page: 1, page_size: 24, total: query.get('q') === 'gauze' ? 1 : 2, total_capped: false, shop: 'portal' },
  });
});

describe('My products', () => {
  it('lists the contract range with stock states, asking the API for the portal in the page language', async () => {
    await renderCatalogPage(<MyProductsPage />, '/nl/my-products');
    expect(await screen.findByRole('link', { name: 'Tourniquet SOF-T' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My products' })).toBeTruthy();
    const card = screen.getByRole('link', { name: 'Tourniquet SOF-T' }).closest('article, [data-product-card], .mantine-Card-root') as HTMLElement;
    expect(within(card ?? document.body).getByText('Beperkte voorraad')).toBeTruthy();
    const [request] = api.calls('/catalog/products');
    expect(request!.headers).toMatchObject({ 'x-shop-type': 'portal', 'accept-language': 'nl-BE' });
    expect(request!.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows the amount including VAT under the "incl. VAT" label when the buyer prefers it, and excluding VAT under "excl. VAT" (issue 40)', async () => {
    pricesInclVat = true;
    answer = () => ({ status: 200, body: { items: [summary({ name: 'Splint', price: { excl_vat: 199, incl_vat: 241, vat_rate: 21 } })], page: 1, page_size: 24, total: 1, total_capped: false, shop: 'portal' } });
    await renderCatalogPage(<MyProductsPage />, '/en/my-products');
    const card = (await screen.findByRole('link', { name: 'Splint' })).closest('article, [data-product-card], .mantine-Card-root') as HTMLElement;
    await waitFor(() => expect(within(card).getByTestId('price').textContent).toBe('€2.41 incl. VAT'));
    await userEvent.click(screen.getByRole('switch', { name: EN['catalog.vat.toggle'] }));
    await waitFor(() => expect(within(card).getByTestId('price').textContent).toBe('€1.99 excl. VAT'));
  });

  it('shows each card\'s picture with its alt text, or a placeholder with an empty alt', async () => {
    await renderCatalogPage(<MyProductsPage />, '/nl/my-products');
    await screen.findByRole('link', { name: 'Tourniquet SOF-T' });
    const [first, second] = screen.getAllByTestId('product-card');
    const picture = within(first!).getByRole('img', { name: 'Tourniquet SOF-T, vooraanzicht' });
    expect(picture.getAttribute('srcset')).toContain(`${MASK_IMAGE.path}/320.jpeg 320w`);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['1280', '960']);
    expect(first!.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain(`${MASK_IMAGE.path}/640.webp 640w`);
    expect(second!.querySelector('img[data-placeholder]')!.getAttribute('alt')).toBe('');
  });

  it('searches, and says so when nothing matches, with a way back', async () => {
    await renderCatalogPage(<MyProductsPage />, '/en/my-products');
    await screen.findByRole('link', { name: 'Tourniquet SOF-T' });
    await userEvent.type(screen.getByRole('searchbox', { name: EN['catalog.search.label'] }), 'gauze{Enter}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tourniquet SOF-T' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Hemostatic gauze' })).toBeTruthy();
    expect(api.calls('/catalog/products').at(-1)!.query.get('q')).toBe('gauze');

    answer = () => ({ status: 200, body: { items: [], page: 1, page_size: 24, total: 0, total_capped: false, shop: 'portal' } });
    await userEvent.clear(screen.getByRole('searchbox', { name: EN['catalog.search.label'] }));
    await userEvent.type(screen.getByRole('searchbox', { name: EN['catalog.search.label'] }), 'nothing{Enter}');
    expect(await screen.findByText(EN['catalog.empty.title']!)).toBeTruthy();
    expect(screen.getByText(EN['catalog.empty.filtered']!)).toBeTruthy();
    expect(screen.getByRole('button', { name: EN['catalog.filters.clear'] })).toBeTruthy();
  });

  it('shows an error with a retry that loads the range', async () => {
    answer = () => ({ status: 400, contentType: 'application/problem+json', body: { title: 'Bad', status: 400, code: 'TEST' } });
    await renderCatalogPage(<MyProductsPage />, '/en/my-products');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EN['catalog.error']);
    answer = () => ({ status: 200, body: { items: [gauze], page: 1, page_size: 24, total: 1, total_capped: false, shop: 'portal' } });
    await userEvent.click(within(alert).getByRole('button', { name: EN['catalog.retry'] }));
    expect(await screen.findByRole('link', { name: 'Hemostatic gauze' })).toBeTruthy();
  });
});
