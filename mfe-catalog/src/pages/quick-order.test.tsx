// Quick order through what the buyer sees, against a real HTTP server. The cart count beside the
// page stands for another remote (the header, the checkout) showing the cart from the shared key.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { CartSchema } from '@portal/shared/schemas/shop';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderCatalogPage, summary } from '../test-support/catalog-page';
import QuickOrderPage from './quick-order';

const tourniquet = summary({ name: 'Tourniquet SOF-T', article_code: 'TQ-1' });
let cartCount = 0;
let bulk: 'ok' | 'fail' = 'ok';
let api: ApiServer;

function CartCount() {
  const cart = useQuery({ queryKey: queryKeys.cart.all, queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/cart', { schema: CartSchema, signal }) });
  return <p data-testid="cart-count">{cart.data ? `${cart.data.item_count} in cart` : '…'}</p>;
}

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === '/catalog/quick-order' && method === 'POST') {
      const lines = (body as { lines: { code: string; quantity: number }[] }).lines;
      return {
        status: 200,
        body: {
          lines: lines.map((l) =>
            l.code === 'TQ-1' ? { ...l, status: 'found', product: tourniquet } : { ...l, status: 'unknown', product: null },
          ),
        },
      };
    }
    if (path.startsWith('/catalog/gtin/') && method === 'GET') {
      const gtin = path.split('/').pop()!.padStart(14, '0');
      const known = gtin === '05400001000019';
      return { status: 200, body: { gtin, status: known ? 'found' : 'unknown', product: known ? tourniquet : null, recall: null } };
    }
    if (path === '/cart/items' && method === 'POST') {
      cartCount += (body as { quantity: number }).quantity;
      return { status: 200, body: { lines: [], item_count: cartCount, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null } };
    }
    if (path === '/cart/items/bulk' && method === 'POST') {
      if (bulk === 'fail') return { status: 409, contentType: 'application/problem+json', body: { title: 'Stock', status: 409, code: 'CART_ABOVE_STOCK' } };
      cartCount += (body as { lines: { quantity: number }[] }).lines.reduce((sum, l) => sum + l.quantity, 0);
      return { status: 200, body: { lines: [], item_count: cartCount, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null } };
    }
    if (path === '/cart') return { status: 200, body: { lines: [], item_count: cartCount, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  cartCount = 0;
  bulk = 'ok';
  signInForTest();
});

async function check(lines: string) {
  await userEvent.type(screen.getByRole('textbox', { name: EN['catalog.quickOrder.lines'] }), lines);
  await userEvent.click(screen.getByRole('button', { name: EN['catalog.quickOrder.check'] }));
  return screen.findByRole('table', { name: EN['catalog.quickOrder.result'] });
}

describe('Quick order', () => {
  it('resolves the lines, adds the found ones, and the cart shown elsewhere follows', async () => {
    await renderCatalogPage(
      <>
        <QuickOrderPage />
        <CartCount />
      </>,
      '/en/quick-order',
    );
    expect(await screen.findByText('0 in cart')).toBeTruthy();
    const table = await check('TQ-1 4{Enter}NOPE 2');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['found', 'unknown']);
    expect(within(rows[0]!).getByText('Tourniquet SOF-T')).toBeTruthy();
    expect(within(rows[1]!).getByText(EN['catalog.quickOrder.status.unknown']!)).toBeTruthy();
    expect(api.calls('/catalog/quick-order')[0]!.body).toEqual({ lines: [{ code: 'TQ-1', quantity: 4 }, { code: 'NOPE', quantity: 2 }] });

    await userEvent.click(screen.getByRole('button', { name: 'Add 1 valid line to cart' }));
    await waitFor(() => expect(api.calls('/cart/items/bulk')).toHaveLength(1));
    expect(api.calls('/cart/items/bulk')[0]!.body).toEqual({ lines: [{ product_id: tourniquet.id, quantity: 4 }] });
    // Invalidated through the shared key: the other view refetches the cart by itself.
    expect(await screen.findByText('4 in cart')).toBeTruthy();
    expect(api.calls('/cart')).toHaveLength(2);
    expect(screen.getAllByText('1 line added to your cart').some((e) => e.closest('[role="status"]'))).toBe(true);
  });

  it("takes a wedge scanner's Enter for a scan: the GTIN goes into the cart, the lines stay as the buyer typed them", async () => {
    await renderCatalogPage(
      <>
        <QuickOrderPage />
        <CartCount />
      </>,
      '/en/quick-order',
    );
    await screen.findByText('0 in cart');
    const lines = screen.getByRole('textbox', { name: EN['catalog.quickOrder.lines'] });
    await userEvent.type(lines, 'TQ-1 4{Enter}]d20105400001000019{Enter}');
    expect(await screen.findByText('Tourniquet SOF-T added to your cart at €12.50 excl. VAT, your contract price.')).toBeTruthy();
    expect(api.calls('/cart/items')[0]!.body).toEqual({ product_id: tourniquet.id, quantity: 1 });
    expect(await screen.findByText('1 in cart')).toBeTruthy();
    expect((lines as HTMLTextAreaElement).value).toBe('TQ-1 4\n');
    expect(api.calls('/catalog/quick-order')).toHaveLength(0);

    await userEvent.type(lines, ']C10104006381333931{Enter}');
    expect(await screen.findByText('GTIN 04006381333931 is not in our catalogue.')).toBeTruthy();
    expect(api.calls('/cart/items')).toHaveLength(1);
  });

  it('says so when the lines could not be added, and the cart stays as it was', async () => {
    bulk = 'fail';
    await renderCatalogPage(
      <>
        <QuickOrderPage />
        <CartCount />
      </>,
      '/en/quick-order',
    );
    await screen.findByText('0 in cart');
    await check('TQ-1 4');
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 valid line to cart' }));
    expect((await screen.findByText(EN['catalog.quickOrder.addFailed']!)).closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(api.calls('/cart/items/bulk')).toHaveLength(1));
    expect(api.calls('/cart')).toHaveLength(1);
  });
});
