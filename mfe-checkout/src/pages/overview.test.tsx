// The cart page through what the buyer sees, against a real HTTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import type { Cart } from '@portal/shared/schemas/checkout';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { cart, cartLine, EN, renderCheckoutPage } from '../test-support/checkout-page';
import { readDraft, writeDraft } from '../lib/checkout-draft';
import OverviewPage from './overview';

const tourniquet = cartLine({ image: { path: '/api/v1/images/abc123', alt: 'Tourniquet SOF-T', width: 1200, height: 900 }, name: 'Tourniquet SOF-T', article_code: 'TQ-1', nsn: '6515-01-521-7976', quantity: 2, max_quantity: 3, stock: 'low_stock', line_total: { excl_vat: 2000, incl_vat: 2420, vat_rate: 21 } });
const gauze = cartLine({ name: 'Gauze', article_code: 'GZ-9' });
let current: Cart;
let refuseQuantity = false;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === '/cart' && method === 'GET') return { status: 200, body: current };
    if (path.startsWith('/cart/items/') && method === 'PUT') {
      if (refuseQuantity) {
        return {
          status: 409,
          contentType: 'application/problem+json',
          body: { title: 'Stock', status: 409, code: 'CART_QUANTITY_ABOVE_STOCK', errors: [{ path: 'quantity', message: 'quantity.maximumAllowed', values: { count: 3 } }] },
        };
      }
      const quantity = (body as { quantity: number }).quantity;
      current = cart(current.lines.map((l) => (path.endsWith(l.product_id) ? { ...l, quantity } : l)));
      return { status: 200, body: current };
    }
    if (path.startsWith('/cart/items/') && method === 'DELETE') {
      current = cart(current.lines.filter((l) => !path.endsWith(l.product_id)));
      return { status: 200, body: current };
    }
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    if (path === '/punchout/session' && method === 'GET') return { status: 200, body: { protocol: 'cxml', operation: 'create', return_host: 'ariba.buyer.example' } };
    if (path === '/punchout/transfer' && method === 'POST') return { status: 200, body: { transfer_url: '/api/punchout/transfer/once' } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  refuseQuantity = false;
  current = cart([tourniquet, gauze]);
  signInForTest();
});

const PATH = '/:lang/checkout/overview';
const lineOf = (name: string) => screen.getAllByTestId('cart-line').find((row) => row.textContent?.includes(name))!;

describe('Cart', () => {
  it('shows each line with its codes, stock, prices and the totals, and what is missing for free shipping', async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    const row = lineOf('Tourniquet SOF-T');
    expect(row.textContent).toContain('Article TQ-1');
    expect(row.textContent).toContain('NSN 6515-01-521-7976');
    expect(within(row).getByText('Low stock')).toBeTruthy();
    expect(within(row).getByTestId('line-total').textContent).toBe('€20.00');
    // The product's picture (decorative: the row header names the product); a line without one shows the placeholder.
    expect(row.querySelector('picture img')!.getAttribute('srcset')).toContain('abc123');
    expect(lineOf('Gauze').querySelector('img[data-placeholder]')).toBeTruthy();
    expect(within(row).getByText('You can add maximum 3')).toBeTruthy();
    const totals = screen.getByTestId('totals');
    expect(totals.querySelector('[data-total="exclVat"]')!.textContent).toContain('€30.00');
    expect(totals.querySelector('[data-total="inclVat"]')!.textContent).toContain('€36.30');
    expect(screen.getByTestId('free-shipping').textContent).toContain('Free from €500.00');
    expect(screen.getByTestId('free-shipping').textContent).toContain('Add €470.00 (excl. VAT) more for free shipping.');
    expect(screen.getByRole('navigation', { name: EN['checkout.steps.label'] }).querySelector('[aria-current="step"]')!.textContent).toContain('Cart');
    // On a phone the table scrolls in its own named, focusable region; the page does not scroll sideways.
    const region = screen.getByRole('region', { name: EN['checkout.cart.linesLabel'] });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByTestId('cart-lines'))).toBe(true);
  });

  it('changes a quantity, up to the stock, and tells every remote the cart changed', async () => {
    const { queryClient } = await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    const changed = vi.fn();
    const off = bus.on('cart:changed', changed);
    const field = within(lineOf('Tourniquet SOF-T')).getByRole('textbox', { name: 'Quantity of Tourniquet SOF-T' });
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await waitFor(() => expect(api.calls().filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls().find((c) => c.method === 'PUT')!.body).toEqual({ quantity: 3 });
    await waitFor(() => expect(changed).toHaveBeenCalledWith({ lineCount: 2 }));
    expect(queryClient.getQueryData<Cart>(queryKeys.cart.all)!.lines[0]!.quantity).toBe(3);
    expect(within(lineOf('Tourniquet SOF-T')).getByText('Maximum number reached')).toBeTruthy();
    off();
  });

  it('shows the server refusal of a quantity with its count', async () => {
    refuseQuantity = true;
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    const field = within(lineOf('Gauze')).getByRole('textbox', { name: 'Quantity of Gauze' });
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    const alert = await within(lineOf('Gauze')).findByText('You can add maximum 3', {}, { timeout: 5000 });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('caps a quantity typed past the stock at the maximum and says so, instead of keeping 1 (issue 32)', async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    const field = within(lineOf('Tourniquet SOF-T')).getByRole('textbox', { name: 'Quantity of Tourniquet SOF-T' }) as HTMLInputElement;
    await userEvent.clear(field);
    await userEvent.type(field, '99999');
    expect(field.value).toBe('3');
    const alert = within(lineOf('Tourniquet SOF-T')).getByText('You can add maximum 3');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(api.calls().filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ quantity: 3 }));
  });

  it('removes a line', async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Gauze' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(api.calls().find((c) => c.method === 'DELETE')!.path).toBe(`/cart/items/${gauze.product_id}`);
  });

  it('says when the cart is empty', async () => {
    current = cart([], { shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null });
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    expect((await screen.findByTestId('cart-empty')).textContent).toContain(EN['checkout.cart.empty']);
    expect(screen.queryByRole('button', { name: EN['checkout.cart.proceed'] })).toBeNull();
  });

  it('goes on to the extra information when signed in, ordering the cart and no longer a quotation', async () => {
    writeDraft({ quotation_id: '00000000-0000-4000-8000-0000000000a1', shipping_method: 'bpost' });
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH, routes: [{ path: '/:lang/checkout/extra-info', element: <p>extra info</p> }] });
    await userEvent.click(await screen.findByRole('button', { name: EN['checkout.cart.proceed'] }));
    expect(await screen.findByText('extra info')).toBeTruthy();
    expect(readDraft().quotation_id).toBeUndefined();
    expect(readDraft().shipping_method).toBe('bpost');
  });

  it('marks a line that cannot be ordered at once and does not let the buyer go on until it is removed (issue 32)', async () => {
    const gone = cartLine({ name: 'Splint', article_code: 'SP-1', quantity: 5, max_quantity: 0, stock: 'not_available' });
    current = cart([tourniquet, gone]);
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH, routes: [{ path: '/:lang/checkout/extra-info', element: <p>extra info</p> }] });
    await screen.findAllByTestId('cart-line');
    expect(within(lineOf('Splint')).getByText(EN['checkout.cart.problem.notAvailable']!)).toBeTruthy();
    expect(within(lineOf('Tourniquet SOF-T')).queryByTestId('line-problem')).toBeNull();
    expect(within(screen.getByRole('alert', { name: EN['checkout.cart.problems.title'] })).getByText(EN['checkout.cart.problems.body']!)).toBeTruthy();
    const proceed = screen.getByRole('button', { name: EN['checkout.cart.proceed'] });
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Splint' }));
    await waitFor(() => expect((screen.getByRole('button', { name: EN['checkout.cart.proceed'] }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('cart-problems')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.cart.proceed'] }));
    expect(await screen.findByText('extra info')).toBeTruthy();
  });

  it('shows a visitor their cart of the public shop and asks them to sign in to order', async () => {
    signInForTest({ sub: 'anon:visitor-1', org: null, role: 'anonymous' });
    const requested = vi.fn();
    const off = bus.on('dialog:requested', requested);
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    expect(api.calls('/cart')[0]!.headers['x-shop-type']).toBe('medical');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.cart.proceed'] }));
    expect(requested).toHaveBeenCalledWith({ triggerId: 'checkout:login-required', dialog: 'login-required' });
    off();
  });

  it('replaces checkout by "Transfer cart" in punchout mode, which opens the transfer page', async () => {
    document.cookie = 'punchout=1; path=/';
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
      const transfer = await screen.findByRole('button', { name: EN['checkout.punchout.transfer'] });
      expect(screen.queryByRole('button', { name: EN['checkout.cart.proceed'] })).toBeNull();
      expect(screen.getByText(/ariba\.buyer\.example/)).toBeTruthy();
      await userEvent.click(transfer);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/punchout/transfer/once'));
      expect(api.calls('/punchout/transfer')).toHaveLength(1);
    } finally {
      assign.mockRestore();
      document.cookie = 'punchout=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });
});
