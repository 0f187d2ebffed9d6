// The quotations list and its create dialog; a product page's "request a quote" link
// (/quotations?product=<id>) opens the dialog with that product.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderOrdersPage } from '../test-support/orders-page';
import QuotationsPage from './quotations';

const PRODUCT = '00000000-0000-4000-8000-0000000000a1';
const created = { id: '00000000-0000-4000-8000-0000000000q9', number: 'QT-2026-9', title: null, status: 'draft', created_at: '2026-11-24T08:00:00.000Z', sent_at: null, lines: [] };
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/quotations' && method === 'GET') return { status: 200, body: { items: [{ ...created, number: 'QT-2026-1', organisation_name: 'Zorggroep Scheldeland' }] } };
    if (path === '/quotations' && method === 'POST') return { status: 201, body: created };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe('Quotations', () => {
  it('lists the quotations and creates one from the cart', async () => {
    const { router } = await renderOrdersPage(<QuotationsPage />, '/en/quotations', { path: '/:lang/quotations' });
    expect(await screen.findByRole('link', { name: 'QT-2026-1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: EN['quotations.create.open'] }));
    const dialog = await screen.findByRole('dialog', { name: EN['quotations.create.title'] });
    await userEvent.click(within(dialog).getByRole('radio', { name: EN['quotations.create.fromCart'] }));
    await userEvent.click(within(dialog).getByRole('button', { name: EN['quotations.create.submit'] }));
    await waitFor(() => expect(api.calls('/quotations').find((c) => c.method === 'POST')?.body).toEqual({ title: '', from_cart: true, lines: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/en/quotations/${created.id}`));
  });

  it('tells a web-shop customer (no organisation) that quotations are for organisations, without a call that could sign them out (issue 32)', async () => {
    signInForTest({ org: null, role: 'buyer' });
    await renderOrdersPage(<QuotationsPage />, '/en/quotations', { path: '/:lang/quotations' });
    expect(await screen.findByText(EN['orders.quotations.webshop']!)).toBeTruthy();
    expect(screen.queryByRole('button', { name: EN['quotations.create.open'] })).toBeNull();
    expect(api.calls('/quotations')).toHaveLength(0);
  });

  it('opens the dialog with the product a product page asked a quote for', async () => {
    await renderOrdersPage(<QuotationsPage />, `/en/quotations?product=${PRODUCT}`, { path: '/:lang/quotations' });
    const dialog = await screen.findByRole('dialog', { name: EN['quotations.create.title'] });
    expect((within(dialog).getByRole('radio', { name: EN['quotations.create.product'] }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: EN['quotations.create.submit'] }));
    await waitFor(() => expect(api.calls('/quotations').find((c) => c.method === 'POST')?.body).toEqual({ title: '', from_cart: false, lines: [{ product_id: PRODUCT, quantity: 1 }] }));
  });
});
