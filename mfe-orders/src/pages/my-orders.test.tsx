// My orders through what the buyer sees, against a real HTTP server: the list with its search in
// the URL, the detail beside it, messages, delivery confirmation and order again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, listItem, NL, orderDetail, renderOrdersPage } from '../test-support/orders-page';
import MyOrdersPage from './my-orders';
import OrderDetailPage from './order-detail';

const INTRA_COMMUNITY_NL = 'Intracommunautaire levering – artikel 138 Richtlijn 2006/112/EG';

const shipped = listItem({ status: 'in_shipping', external_order_number: 'PO-BE-1', unread_messages: 2, awaiting_delivery_confirmation: true });
const other = listItem({ status: 'delivered' });
/** A web-shop customer's order: no organisation, no case manager. */
const webshop = listItem({ status: 'ordered', organisation_name: null });
/** An order charged to one of the organisation's cost centres (issue 33). */
const charged = listItem({ status: 'ordered' });
/** An order the case manager moves on. */
const toMove = listItem({ status: 'processing' });
let confirmed = false;
let history: ReturnType<typeof orderDetail>['history'] | undefined;
let thread: { id: string; body: string; kind: 'message'; author_name: string; author_role: 'staff' | 'customer'; mine: boolean; created_at: string; read_at: null }[] = [];
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path, query, body }) => {
    if (path === '/orders' && method === 'GET') {
      const q = query.get('q') ?? '';
      const items = [shipped, other].filter((o) => !q || o.number.includes(q) || o.external_order_number === q);
      return { status: 200, body: { items, total: items.length, total_capped: false, page: 1, page_size: 20 } };
    }
    if (path === `/my-orders/${shipped.number}`) {
      return {
        status: 200,
        body: orderDetail(confirmed ? { ...shipped, status: 'delivered', awaiting_delivery_confirmation: false } : shipped, {
          ...(history ? { history } : {}),
          tracking_reference: '3SPORTAL1',
          expected_delivery_on: '2026-11-10',
          can_confirm_delivery: !confirmed,
          can_report_problem: true,
          delivery_confirmed_by: confirmed ? 'Lucas Janssens' : null,
          delivery_confirmed_at: confirmed ? '2026-11-24T08:00:00.000Z' : null,
        }),
      };
    }
    // The order's invoices (their own test is invoices.test.tsx): none yet.
    if (path === '/invoices' && method === 'GET') return { status: 200, body: { items: [], total: 0, page: 1, page_size: 20 } };
    if (path === `/my-orders/${charged.number}`) {
      // An intra-community supply (decision 058): no Belgian VAT, and the mention the invoice carries.
      const totals = { excl_vat: 10_000, vat: 0, incl_vat: 10_000, shipping_excl_vat: 0, discount_excl_vat: 0, vat_mentions: [INTRA_COMMUNITY_NL] };
      return { status: 200, body: orderDetail(charged, { cost_centre: { code: 'ICU-4410', name: 'Intensieve zorg' }, totals }) };
    }
    if (path === `/my-orders/${toMove.number}`) return { status: 200, body: orderDetail(toMove, { next_statuses: ['to_be_shipped'], source: 'peppol' }) };
    if (path === `/orders/${toMove.id}/status` && method === 'POST') return { status: 200, body: orderDetail({ ...toMove, status: 'to_be_shipped' }) };
    if (path === `/my-orders/${webshop.number}`) return { status: 200, body: orderDetail(webshop, { organisation_id: null }) };
    if (path === `/orders/${shipped.id}/confirm-delivery` && method === 'POST') {
      confirmed = true;
      return { status: 200, body: orderDetail(shipped) };
    }
    if (path === `/orders/${shipped.id}/messages` && method === 'GET') return { status: 200, body: { items: thread } };
    if (path === `/orders/${shipped.id}/messages` && method === 'POST') {
      const message = { id: `m${thread.length}`, body: (body as { body: string }).body, kind: 'message' as const, author_name: 'Lucas Janssens', author_role: 'customer' as const, mine: true, created_at: '2026-11-24T08:00:00.000Z', read_at: null };
      thread = [...thread, message];
      return { status: 201, body: message };
    }
    if (path === '/catalog/quick-order' && method === 'POST') {
      return {
        status: 200,
        body: {
          lines: [
            {
              code: 'TQ-1',
              quantity: 4,
              status: 'above_stock',
              product: { id: 'p1', slug: 'tq', name: 'Tourniquet SOF-T', brand: null, article_code: 'TQ-1', image_url: null, price: { excl_vat: 2700, incl_vat: 3267, vat_rate: 21 }, stock_state: 'low_stock', is_bundle: false, product_code: null, nsn: null, unit: 'piece', orderable: true, max_quantity: 3 },
            },
          ],
        },
      };
    }
    if (path === '/approval-requests/pending-count') return { status: 200, body: { count: 3 } };
    if (path === '/cart/items/bulk' && method === 'POST') return { status: 200, body: { lines: [], item_count: 3, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  confirmed = false;
  history = undefined;
  thread = [{ id: 'm0', body: 'Your parcel left our warehouse.', kind: 'message', author_name: 'An Claes', author_role: 'staff', mine: false, created_at: '2026-11-05T08:00:00.000Z', read_at: null }];
  signInForTest();
});

describe('My orders', () => {
  it('lists the orders with the unread count, and keeps the search in the URL', async () => {
    const { router } = await renderOrdersPage(<MyOrdersPage />, '/en/my-orders', { path: '/:lang/my-orders' });
    const table = await screen.findByRole('table', { name: EN['orders.list.caption'] });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('2 new messages')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: EN['orders.search.label'] }), 'PO-BE-1{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=PO-BE-1'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: EN['orders.list.caption'] })).getAllByRole('row')).toHaveLength(2));
    expect(api.calls('/orders').at(-1)!.query.get('q')).toBe('PO-BE-1');
  });

  it('shows an approver how many orders wait for their decision on the approvals link; a buyer is not asked', async () => {
    signInForTest({ role: 'approver' });
    const first = await renderOrdersPage(<MyOrdersPage />, '/nl/my-orders', { path: '/:lang/my-orders' });
    expect(await screen.findByRole('link', { name: 'Bestellingen die op goedkeuring wachten (3)' })).toBeTruthy();
    first.unmount();
    signInForTest({ role: 'buyer' });
    api.reset();
    await renderOrdersPage(<MyOrdersPage />, '/en/my-orders', { path: '/:lang/my-orders' });
    await screen.findByRole('table', { name: EN['orders.list.caption'] });
    expect(screen.getByTestId('approvals-link').textContent).toBe(EN['approvals.link']);
    expect(api.calls('/approval-requests/pending-count')).toHaveLength(0);
  });

  it('names the cost centre the order was charged to, as the order form and the invoice do; none for an order without one', async () => {
    const view = await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${charged.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByText(NL['orders.detail.costCentre']!)).toBeTruthy();
    expect(within(detail).getByText('ICU-4410 — Intensieve zorg')).toBeTruthy();
    view.unmount();
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    expect(within(await screen.findByTestId('order-detail')).queryByText(NL['orders.detail.costCentre']!)).toBeNull();
  });

  it('states the legal mention of an order without Belgian VAT under its totals, as its invoice will; none where VAT is charged (issue 40)', async () => {
    const view = await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${charged.number}`, { path: '/:lang/my-orders/:slug' });
    expect((await within(await screen.findByTestId('order-detail')).findByTestId('vat-mention')).textContent).toBe(INTRA_COMMUNITY_NL);
    view.unmount();
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    expect(within(await screen.findByTestId('order-detail')).queryByTestId('vat-mention')).toBeNull();
  });

  it("names each landmark apart: the lines' section leaves its name to the lines' scroll region (axe's landmark-unique, issue 44)", async () => {
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    await within(detail).findByRole('region', { name: NL['orders.detail.lines'] });
    // A region's name as a screen reader hears it: its label, or the text of what labels it.
    const nameOf = (el: Element) =>
      el.getAttribute('aria-label') ?? (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    const names = [...detail.querySelectorAll('section[aria-label], section[aria-labelledby], [role="region"]')].map(nameOf).filter(Boolean);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("says the placement step of the history in the reader's language, a person's note as written", async () => {
    history = [
      { status: 'ordered', at: '2026-11-02T09:30:00.000Z', by: 'Lucas Janssens', note: 'placed' },
      { status: 'processing', at: '2026-11-03T09:30:00.000Z', by: 'An Claes', note: 'Backorder geleverd' },
    ];
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    const timeline = await screen.findByTestId('order-timeline');
    expect(within(timeline).getByText(NL['orders.timeline.note.placed']!)).toBeTruthy();
    expect(within(timeline).queryByText('placed')).toBeNull();
    expect(within(timeline).getByText('Backorder geleverd')).toBeTruthy();
  });

  it('shows the order beside the list, and the buyer confirms delivery', async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByText('3SPORTAL1')).toBeTruthy();
    expect(within(detail).getByText('Tourniquet SOF-T')).toBeTruthy();
    expect(within(screen.getByTestId('order-timeline')).getByText(/An Claes/)).toBeTruthy();
    await userEvent.click(within(detail).getByRole('button', { name: EN['orders.delivery.confirm'] }));
    await waitFor(() => expect(api.calls(`/orders/${shipped.id}/confirm-delivery`)).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByTestId('order-detail')).queryByRole('button', { name: EN['orders.delivery.confirm'] })).toBeNull());
    expect(screen.getByText(/By Lucas Janssens on/)).toBeTruthy();
  });

  it("shows a web-shop customer's order without an organisation or a case manager's thread", async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${webshop.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).queryByText(EN['orders.detail.organisation']!)).toBeNull();
    expect(within(detail).queryByText(EN['orders.messages.title']!)).toBeNull();
    // Placed in the portal: no procurement source shown.
    expect(within(detail).queryByText(EN['orders.detail.source']!)).toBeNull();
    expect(api.calls(`/orders/${webshop.id}/messages`)).toHaveLength(0);
  });

  it('speaks to who opens it: a web-shop customer of their own orders, a case manager of the assigned organisations and the customer\'s order number (issue 32)', async () => {
    signInForTest({ org: null, role: 'buyer' });
    const first = await renderOrdersPage(<MyOrdersPage />, '/en/my-orders', { path: '/:lang/my-orders' });
    expect(await screen.findByText(EN['orders.myOrders.intro.webshop']!)).toBeTruthy();
    expect(screen.queryByText(EN['orders.myOrders.intro']!)).toBeNull();
    first.unmount();

    signInForTest({ org: null, role: 'case_manager' });
    const second = await renderOrdersPage(<MyOrdersPage />, '/en/my-orders', { path: '/:lang/my-orders' });
    expect(await screen.findByText(EN['orders.myOrders.intro.staff']!)).toBeTruthy();
    expect(screen.getByText(EN['orders.search.hint.staff']!)).toBeTruthy();
    expect(screen.queryByText(EN['orders.myOrders.intro']!)).toBeNull();
    second.unmount();

    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByText(EN['orders.detail.external.staff']!)).toBeTruthy();
    expect(within(detail).queryByText(EN['orders.detail.external']!)).toBeNull();
  });

  it("asks the case manager before moving an order's status, and moves it only when confirmed (issue 32)", async () => {
    signInForTest({ role: 'case_manager', org: null });
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${toMove.number}`, { path: '/:lang/my-orders/:slug' });
    const move = await screen.findByRole('button', { name: 'Move to: To be shipped' });
    // An order a procurement system sent over Peppol says so (decision 053).
    const detail = screen.getByTestId('order-detail');
    expect(within(detail).getByText(EN['orders.detail.source']!)).toBeTruthy();
    expect(within(detail).getByText(EN['orders.detail.source.peppol']!)).toBeTruthy();
    await userEvent.click(move);
    let dialog = await screen.findByRole('dialog', { name: `Move order ${toMove.number} to To be shipped?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/orders/${toMove.id}/status`)).toHaveLength(0);
    await userEvent.click(move);
    dialog = await screen.findByRole('dialog', { name: `Move order ${toMove.number} to To be shipped?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to: To be shipped' }));
    await waitFor(() => expect(api.calls(`/orders/${toMove.id}/status`)).toHaveLength(1));
    expect(api.calls(`/orders/${toMove.id}/status`)[0]!.body).toEqual({ status: 'to_be_shipped' });
  });

  it("reads the case manager's messages and replies", async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    await screen.findByTestId('order-detail');
    expect(await screen.findByText('Your parcel left our warehouse.', {}, { timeout: 10_000 })).toBeTruthy();
    const send = screen.getByRole('button', { name: EN['orders.messages.send'] });
    await userEvent.click(send);
    expect(api.calls(`/orders/${shipped.id}/messages`).filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: EN['orders.messages.reply'] }), 'Thank you!');
    await userEvent.click(send);
    await waitFor(() => expect(api.calls(`/orders/${shipped.id}/messages`).find((c) => c.method === 'POST')?.body).toEqual({ body: 'Thank you!' }), { timeout: 10_000 });
    // The thread is fetched again and shows the reply; the field is emptied.
    await waitFor(() => expect(screen.getAllByTestId('order-message').map((m) => m.textContent)).toEqual([expect.stringContaining('Your parcel'), expect.stringContaining('Thank you!')]), { timeout: 10_000 });
    expect((screen.getByRole('textbox', { name: EN['orders.messages.reply'] }) as HTMLTextAreaElement).value).toBe('');
  });

  it('orders again and says which lines changed price or were short of stock', async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${shipped.number}`, { path: '/:lang/my-orders/:slug' });
    const detail = await screen.findByTestId('order-detail');
    await userEvent.click(within(detail).getByRole('button', { name: EN['orders.again.button'] }));
    const result = await screen.findByTestId('order-again-result');
    expect(result.textContent).toContain('1 line added to the cart');
    expect(result.textContent).toContain('only 3 of 4 in stock');
    expect(result.textContent).toMatch(/price changed from €25\.00 to €27\.00/);
    expect(api.calls('/cart/items/bulk')[0]!.body).toEqual({ lines: [{ product_id: 'p1', quantity: 3 }] });
  });
});
