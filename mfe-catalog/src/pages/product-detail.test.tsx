// The product detail of the contract range, through what the buyer sees, against a real HTTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '@portal/shared/query';
import { usePageTitleOverride } from '@portal/shared/routing';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { detail, EN, renderCatalogPage } from '../test-support/catalog-page';
import ProductDetailPage from './product-detail';

const product = detail({ slug: 'tourniquet-sof-t', name: 'Tourniquet SOF-T', article_code: 'TQ-1', stock_state: 'low_stock', max_quantity: 3 });
/** A product outside the buyer's contract, as the API answers it (no price, not orderable). */
const outside = detail({ slug: 'splint-outside', name: 'Splint', stock_state: 'not_within_contract', price: null, orderable: false, max_quantity: 0 });
const gauze = detail({ slug: 'gauze', name: 'Gauze', article_code: 'GZ-1', stock_state: 'in_stock', max_quantity: 50 });
const LIST = { id: '00000000-0000-4000-8000-00000000c0de', name: 'Ward 3', shared: false, owner_name: 'Lucas Janssens', mine: true, can_manage: true, line_count: 0, updated_at: '2026-11-27T10:00:00.000Z' };
const CART = { lines: [], item_count: 2, total: { excl_vat: 2500, incl_vat: 3025 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null };
let sheetStatus = 200;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/catalog/products/tourniquet-sof-t') return { status: 200, body: product };
    if (path === '/catalog/products/splint-outside') return { status: 200, body: outside };
    if (path === '/catalog/products/gauze') return { status: 200, body: gauze };
    if (path === '/order-lists' && method === 'GET') return { status: 200, body: { items: [LIST] } };
    if (path === `/order-lists/${LIST.id}/lines` && method === 'POST') return { status: 200, body: { ...LIST, lines: [] } };
    if (path === '/catalog/products/tourniquet-sof-t/technical-sheet') {
      return sheetStatus === 200
        ? { status: 200, body: '%PDF-1.7 sheet', contentType: 'application/pdf' }
        : { status: sheetStatus, contentType: 'application/problem+json', body: { title: 'Gone', status: sheetStatus, code: 'CATALOG_SHEET_NOT_FOUND' } };
    }
    if (path === '/cart/items' && method === 'POST') return { status: 200, body: CART };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  sheetStatus = 200;
  signInForTest();
});

const PATH = '/:lang/my-products/:slug';

/** What the shell's PageMeta reads to title the tab. */
function TitleProbe() {
  return <output data-testid="page-title">{usePageTitleOverride() ?? ''}</output>;
}

describe('Product detail', () => {
  it('adds the quantity chosen to an existing list, which the dialog offers first (issue 44.10)', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/gauze', { path: PATH });
    const ordering = await screen.findByRole('region', { name: EN['catalog.detail.order'] });
    const quantity = within(ordering).getByRole('textbox', { name: EN['catalog.cart.quantity'] });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10');
    await userEvent.click(within(ordering).getByRole('button', { name: EN['catalog.lists.add.product'] }));
    const dialog = await screen.findByRole('dialog');
    // The buyer's lists exist: one of them is the default, not "a new list".
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: EN['catalog.lists.add.existing'] })).toHaveProperty('checked', true));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Add/ }));
    await screen.findByTestId('add-to-list-done');
    expect(api.calls(`/order-lists/${LIST.id}/lines`)[0]!.body).toEqual({ lines: [{ product_id: gauze.id, quantity: 10 }] });
  });

  it("titles the page with the product's name, not the generic 'Product'", async () => {
    await renderCatalogPage(<><TitleProbe /><ProductDetailPage /></>, '/en/my-products/tourniquet-sof-t', { path: PATH });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Tourniquet SOF-T'));
  });

  it('shows the product, its stock state and its details', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/tourniquet-sof-t', { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tourniquet SOF-T' })).toBeTruthy();
    const ordering = screen.getByRole('region', { name: EN['catalog.detail.order'] });
    expect(within(ordering).getByText('Low stock')).toBeTruthy();
    expect(screen.getByRole('table', { name: EN['catalog.detail.fields'] }).textContent).toContain('TQ-1');
    expect(api.calls('/catalog/products/tourniquet-sof-t')[0]!.headers['x-shop-type']).toBe('portal');
  });

  it('flags a product outside the contract "Not within contract", not "Price on request", without Add to cart (issue 32)', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/splint-outside', { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Splint' })).toBeTruthy();
    const ordering = screen.getByRole('region', { name: EN['catalog.detail.order'] });
    expect(within(ordering).getAllByText(EN['catalog.stock.not_within_contract']!).length).toBeGreaterThan(0);
    expect(within(ordering).queryByText(EN['catalog.price.onRequest']!)).toBeNull();
    expect(within(ordering).queryByRole('button', { name: EN['catalog.cart.add'] })).toBeNull();
  });

  it('caps a quantity typed past the stock at the maximum and says so, instead of keeping 1 (issue 32)', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/tourniquet-sof-t', { path: PATH });
    await screen.findByRole('heading', { level: 1, name: 'Tourniquet SOF-T' });
    const field = screen.getByRole('textbox', { name: EN['catalog.cart.quantity'] }) as HTMLInputElement;
    await userEvent.clear(field);
    await userEvent.type(field, '9999');
    expect(field.value).toBe('3');
    expect(screen.getByRole('alert').textContent).toBe('You can add maximum 3');
    await userEvent.click(screen.getByRole('button', { name: EN['catalog.cart.add'] }));
    await waitFor(() => expect(api.calls('/cart/items')[0]?.body).toEqual({ product_id: product.id, quantity: 3 }));
  });

  it('adds to the cart, and the cart whoever shows it is refreshed', async () => {
    const { queryClient } = await renderCatalogPage(<ProductDetailPage />, '/en/my-products/tourniquet-sof-t', { path: PATH });
    queryClient.setQueryData(queryKeys.cart.all, { ...CART, item_count: 0 });
    await screen.findByRole('heading', { level: 1, name: 'Tourniquet SOF-T' });
    await userEvent.click(screen.getByRole('button', { name: EN['catalog.cart.add'] }));
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.cart.all)?.isInvalidated).toBe(true));
    expect(api.calls('/cart/items')[0]!.body).toEqual({ product_id: product.id, quantity: 1 });
  });

  it('downloads the technical sheet with the session token and the shop, and says when it cannot', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/tourniquet-sof-t', { path: PATH });
    const download = await screen.findByRole('button', { name: EN['catalog.detail.sheet'] });
    await userEvent.click(download);
    await waitFor(() => expect(api.calls('/catalog/products/tourniquet-sof-t/technical-sheet')).toHaveLength(1));
    const [request] = api.calls('/catalog/products/tourniquet-sof-t/technical-sheet');
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    expect(request!.headers).toMatchObject({ 'x-shop-type': 'portal', 'accept-language': 'en-US' });
    // Handed to the browser as a file: the button is ready again and nothing failed.
    await waitFor(() => expect((download as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(EN['catalog.detail.sheetFailed']!)).toBeNull();

    sheetStatus = 404;
    await userEvent.click(download);
    await waitFor(() => expect(api.calls('/catalog/products/tourniquet-sof-t/technical-sheet')).toHaveLength(2));
    const failed = await screen.findByText(EN['catalog.detail.sheetFailed']!);
    expect(failed.closest('[role="alert"]')).not.toBeNull();
  });

  it('says when the product is not there, with the way back', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/gone', { path: PATH });
    expect(await screen.findByText(EN['catalog.detail.notFound']!)).toBeTruthy();
    expect(screen.getByRole('link', { name: EN['catalog.detail.back'] }).getAttribute('href')).toBe('/en/my-products');
  });
});
