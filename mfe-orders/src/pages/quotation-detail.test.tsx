// A quotation through what the buyer sees: a draft is edited (a product added by article code) and
// sent, after which it is read-only with the lock said in words; an answered one can be accepted.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Quotation } from '@portal/shared/schemas/orders';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderOrdersPage } from '../test-support/orders-page';
import QuotationDetailPage from './quotation-detail';

const ID = '00000000-0000-4000-8000-0000000000q1';
let quotation: Quotation;
let api: ApiServer;
const base = (): Quotation => ({
  id: ID,
  number: 'QT-2026-1',
  title: 'Splints',
  status: 'draft',
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: null,
  valid_until: null,
  organisation_name: 'Zorggroep Scheldeland',
  editable: true,
  order_id: null,
  lines: [],
  history: [{ event: 'created', at: '2026-11-20T10:00:00.000Z', by: 'Lucas Janssens', note: null }],
});

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === `/quotations/${ID}` && method === 'GET') return { status: 200, body: quotation };
    if (path === `/quotations/${ID}` && method === 'PUT') {
      const input = body as { title: string; lines: { product_id: string; quantity: number }[] };
      quotation = { ...quotation, title: input.title, lines: input.lines.map((l) => ({ ...l, name: 'Vacuum splint', article_code: 'VS-1', unit_price_excl_vat: null })) };
      return { status: 200, body: quotation };
    }
    if (path === `/quotations/${ID}` && method === 'DELETE') return { status: 204 };
    if (path === `/quotations/${ID}/send`) {
      quotation = { ...quotation, status: 'sent', editable: false };
      return { status: 200, body: quotation };
    }
    if (path === `/quotations/${ID}/accept`) {
      quotation = { ...quotation, status: 'accepted' };
      return { status: 200, body: quotation };
    }
    if (path === '/catalog/quick-order') {
      const code = (body as { lines: { code: string }[] }).lines[0]!.code;
      const product = { id: 'p-vs', slug: 'vs', name: 'Vacuum splint', brand: null, article_code: 'VS-1', image_url: null, price: null, stock_state: 'price_on_request', is_bundle: false, product_code: null, nsn: null, unit: 'piece', orderable: false, max_quantity: 0 };
      return { status: 200, body: { lines: [{ code, quantity: 1, status: code === 'VS-1' ? 'not_orderable' : 'unknown', product: code === 'VS-1' ? product : null }] } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  quotation = base();
  signInForTest();
});

const PATH = '/:lang/quotations/:id';

describe('Quotation detail', () => {
  it('adds a product by article code, saves, sends, and is then locked', async () => {
    await renderOrdersPage(<QuotationDetailPage />, `/en/quotations/${ID}`, { path: PATH });
    const editor = await screen.findByTestId('quotation-editor');
    await userEvent.type(within(editor).getByRole('textbox', { name: EN['quotations.addCode'] }), 'NOPE');
    await userEvent.click(within(editor).getByRole('button', { name: EN['quotations.add'] }));
    expect(await within(editor).findByText(EN['quotations.error.product']!)).toBeTruthy();
    await userEvent.clear(within(editor).getByRole('textbox', { name: EN['quotations.addCode'] }));
    await userEvent.type(within(editor).getByRole('textbox', { name: EN['quotations.addCode'] }), 'VS-1');
    await userEvent.click(within(editor).getByRole('button', { name: EN['quotations.add'] }));
    expect(await within(editor).findByText('Vacuum splint')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: EN['quotations.save'] }));
    await waitFor(() => expect(api.calls(`/quotations/${ID}`).find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Splints', lines: [{ product_id: 'p-vs', quantity: 1 }] }));
    await userEvent.click(await screen.findByRole('button', { name: EN['quotations.send'] }));
    // Sending locks it: the portal asks first (issue 32).
    const dialog = await screen.findByRole('dialog', { name: 'Send quotation request QT-2026-1?' });
    expect(api.calls(`/quotations/${ID}/send`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: EN['quotations.confirm.send.action'] }));
    expect(await screen.findByTestId('quotation-locked')).toBeTruthy();
    expect(screen.getByTestId('quotation-locked').textContent).toBe(EN['quotations.locked']);
    expect(screen.queryByTestId('quotation-editor')).toBeNull();
    expect(screen.queryByRole('button', { name: EN['quotations.send'] })).toBeNull();
  });

  it('asks before deleting: the focus on Cancel, Escape and Cancel keep it, Delete deletes (issue 32)', async () => {
    await renderOrdersPage(<QuotationDetailPage />, `/en/quotations/${ID}`, { path: PATH, routes: [{ path: '/:lang/quotations', element: <p>the list</p> }] });
    const remove = await screen.findByRole('button', { name: EN['quotations.delete'] });
    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete quotation QT-2026-1?' });
    expect(within(dialog).getByText(EN['quotations.confirm.delete.message']!)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete quotation QT-2026-1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/quotations/${ID}`).filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete quotation QT-2026-1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['quotations.confirm.delete.action'] }));
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(api.calls(`/quotations/${ID}`).filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('accepts an answered quotation, showing the quoted prices', async () => {
    quotation = { ...base(), status: 'answered', editable: false, valid_until: '2099-12-31', lines: [{ product_id: 'p-vs', quantity: 3, name: 'Vacuum splint', article_code: 'VS-1', unit_price_excl_vat: 4250 }] };
    await renderOrdersPage(<QuotationDetailPage />, `/en/quotations/${ID}`, { path: PATH });
    const detail = await screen.findByTestId('quotation-detail');
    expect(detail.textContent).toContain('€42.50');
    await userEvent.click(within(detail).getByRole('button', { name: EN['quotations.accept'] }));
    await waitFor(() => expect(screen.getByTestId('quotation-detail').getAttribute('data-status')).toBe('accepted'));
    expect(screen.getByText(EN['quotations.acceptedNext']!)).toBeTruthy();
  });

  it('starts the checkout of an accepted quotation with its id', async () => {
    quotation = { ...base(), status: 'accepted', editable: false, valid_until: '2099-12-31', lines: [{ product_id: 'p-vs', quantity: 3, name: 'Vacuum splint', article_code: 'VS-1', unit_price_excl_vat: 4250 }] };
    await renderOrdersPage(<QuotationDetailPage />, `/en/quotations/${ID}`, { path: PATH });
    const order = await screen.findByRole('link', { name: EN['quotations.order'] });
    expect(order.getAttribute('href')).toBe(`/en/checkout/extra-info?quotation=${ID}`);
    expect(screen.queryByTestId('quotation-ordered')).toBeNull();
  });

  it('shows the order of an ordered quotation with a link, and no Order button', async () => {
    quotation = {
      ...base(),
      status: 'accepted',
      editable: false,
      order_id: '00000000-0000-4000-8000-00000000000a',
      history: [...base().history!, { event: 'ordered', at: '2026-11-22T10:00:00.000Z', by: 'Lucas Janssens', note: '2026-000123' }],
    };
    await renderOrdersPage(<QuotationDetailPage />, `/en/quotations/${ID}`, { path: PATH });
    const ordered = await screen.findByTestId('quotation-ordered');
    expect(ordered.textContent).toBe('Ordered as order 2026-000123.');
    expect(within(ordered).getByRole('link', { name: '2026-000123' }).getAttribute('href')).toBe('/en/my-orders/2026-000123');
    expect(screen.queryByRole('link', { name: EN['quotations.order'] })).toBeNull();
    expect(screen.getByText(EN['quotations.event.ordered']!)).toBeTruthy();
  });
});
