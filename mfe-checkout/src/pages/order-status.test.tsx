// The confirmation through what the buyer sees, against a real HTTP server: the order, its status
// following the payment, paying again, and the order form.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@portal/shared/schemas/checkout';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, order, renderCheckoutPage } from '../test-support/checkout-page';
import OrderStatusPage from './order-status';

let statuses: Order['status'][] = [];
let current: Order;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === `/orders/${current.id}` && method === 'GET') {
      const status = statuses.length > 1 ? statuses.shift()! : (statuses[0] ?? current.status);
      return { status: 200, body: { ...current, status } };
    }
    if (path === `/orders/${current.id}/order-form.pdf`) return { status: 200, body: '%PDF-1.7 order', contentType: 'application/pdf' };
    if (path === '/orders/missing') return { status: 404, contentType: 'application/problem+json', body: { title: 'Not found', status: 404, code: 'ORDER_NOT_FOUND' } };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  statuses = [];
  current = order();
  current = { ...current, order_form_url: `/api/v1/orders/${current.id}/order-form.pdf` };
  signInForTest();
});

const PATH = '/:lang/checkout/order/:orderId';

describe('Order confirmation', () => {
  it('shows the order number, status, lines, addresses, totals and downloads the order form', async () => {
    await renderCheckoutPage(<OrderStatusPage />, `/en/checkout/order/${current.id}`, { path: PATH });
    expect((await screen.findByTestId('order-number')).textContent).toBe('2026-000123');
    expect(screen.getByTestId('order-thanks').textContent).toContain(EN['checkout.order.thanks']);
    expect(screen.getByTestId('order-status').getAttribute('data-status')).toBe('ordered');
    expect(screen.getByTestId('order-lines').textContent).toContain('Tourniquet SOF-T');
    expect(screen.getByTestId('order-lines').textContent).toContain('NSN 6515-01-521-7976');
    expect(screen.getByRole('region', { name: EN['checkout.order.delivery'] }).textContent).toContain('Warehouse');
    expect(screen.getByTestId('totals').querySelector('[data-total="inclVat"]')!.textContent).toContain('€121.00');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.order.download'] }));
    await waitFor(() => expect(api.calls(`/orders/${current.id}/order-form.pdf`)).toHaveLength(1));
    expect(api.calls(`/orders/${current.id}/order-form.pdf`)[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('names the cost centre the order was charged to (issue 44.13)', async () => {
    current = { ...current, cost_centre: { code: 'ER', name: 'Emergency' } };
    await renderCheckoutPage(<OrderStatusPage />, `/nl/checkout/order/${current.id}`, { path: PATH });
    const field = await screen.findByTestId('order-cost-centre');
    expect(field.textContent).toContain('Kostenplaats');
    expect(field.textContent).toContain('ER — Emergency');
  });

  it("ends the totals with the amount a web-shop customer pays, including VAT, in bold; a contract buyer's with the toggle's", async () => {
    signInForTest({ org: undefined, shop: 'medical' });
    const { unmount } = await renderCheckoutPage(<OrderStatusPage />, `/en/checkout/order/${current.id}`, { path: PATH });
    const last = async () => [...(await screen.findByTestId('totals')).querySelectorAll('tr')].at(-1)!;
    expect((await last()).dataset).toMatchObject({ total: 'inclVat', strong: 'true' });
    expect(screen.getByTestId('totals').querySelectorAll('[data-strong]')).toHaveLength(1);
    unmount();
    signInForTest();
    await renderCheckoutPage(<OrderStatusPage />, `/en/checkout/order/${current.id}`, { path: PATH });
    expect((await last()).dataset).toMatchObject({ total: 'exclVat', strong: 'true' });
  });

  it('follows a pending payment until it is paid', async () => {
    statuses = ['payment_pending', 'payment_pending', 'ordered'];
    await renderCheckoutPage(<OrderStatusPage />, `/en/checkout/order/${current.id}`, { path: PATH });
    expect((await screen.findByTestId('payment-state')).textContent).toContain(EN['checkout.order.paymentPending']);
    await waitFor(() => expect(screen.getByTestId('order-status').getAttribute('data-status')).toBe('ordered'), { timeout: 15_000 });
    expect(screen.getByTestId('order-thanks')).toBeTruthy();
  }, 30_000);

  it('offers to pay again after a failed payment', async () => {
    statuses = ['payment_failed'];
    await renderCheckoutPage(<OrderStatusPage />, `/en/checkout/order/${current.id}`, { path: PATH });
    expect((await screen.findByTestId('payment-state')).textContent).toContain(EN['checkout.order.paymentFailed']);
    expect(screen.getByRole('button', { name: EN['checkout.order.payAgain'] })).toBeTruthy();
  });

  it("says when the order is not the buyer's", async () => {
    await renderCheckoutPage(<OrderStatusPage />, '/en/checkout/order/missing', { path: PATH });
    expect(await screen.findByText(EN['checkout.order.notFound']!)).toBeTruthy();
  });
});
