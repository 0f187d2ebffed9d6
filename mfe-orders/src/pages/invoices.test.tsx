// Invoices through what the buyer and the case manager see, against a real HTTP server answering
// with the shared invoice schemas: the list with its filters in the URL, the documents downloaded
// with the session, an invoice's page (how to pay it, its VAT, its credit notes), the staff's
// "payment received" and "retry delivery" after a confirmation, and an order's invoices on the order.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '@portal/shared/schemas/orders';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { invoiceDetail, invoiceSummary, ORDER } from '../test-support/invoices';
import { EN, FR, listItem, NL, orderDetail, renderOrdersPage } from '../test-support/orders-page';
import InvoiceDetailPage from './invoice-detail';
import InvoicesPage from './invoices';
import MyOrdersPage from './my-orders';
import OrderDetailPage from './order-detail';

const open = invoiceSummary({ status: 'open' });
const overdue = invoiceSummary({ status: 'overdue', due_date: '2026-11-01', delivery_status: 'failed' });
const paid = invoiceSummary({ status: 'paid', amount_due: 0 });
const credit = invoiceSummary({ kind: 'credit_note', status: 'credited', due_date: null, amount_due: 0, total_excl_vat: -2500, total_incl_vat: -2500 });
const order = listItem({ id: ORDER.id, number: ORDER.number, status: 'in_shipping' });
let all: InvoiceSummary[] = [];
let api: ApiServer;

const PATHS = { list: '/:lang/invoices', detail: '/:lang/invoices/:id' };

beforeAll(async () => {
  api = await startApiServer(({ method, path, query }) => {
    if (path === '/invoices' && method === 'GET') {
      const items = all.filter((i) => (!query.get('status') || i.status === query.get('status')) && (!query.get('order') || i.order.id === query.get('order')));
      return { status: 200, body: { items, total: items.length, page: 1, page_size: 20 } };
    }
    if (path === `/invoices/${open.id}/invoice.pdf`) return { status: 200, body: '%PDF-1.7 invoice', contentType: 'application/pdf' };
    if (path === `/invoices/${open.id}/ubl.xml`) return { status: 200, body: '<Invoice/>', contentType: 'application/xml' };
    if (path === `/invoices/${overdue.id}/payments` && method === 'POST') {
      all = all.map((i) => (i.id === overdue.id ? { ...i, status: 'paid', amount_due: 0 } : i));
      return { status: 200, body: invoiceDetail({ ...overdue, status: 'paid', amount_due: 0 }) };
    }
    if (path === `/invoices/${overdue.id}/delivery/retry` && method === 'POST') {
      all = all.map((i) => (i.id === overdue.id ? { ...i, delivery_status: 'queued' } : i));
      return { status: 200, body: { invoice_id: overdue.id, status: 'queued' } };
    }
    const detail = all.find((i) => path === `/invoices/${i.id}`);
    if (detail && method === 'GET') {
      if (detail.id === open.id) return { status: 200, body: invoiceDetail(detail, { credit_notes: [{ id: credit.id, number: credit.number, total_incl_vat: -2500 }] }) };
      if (detail.id === credit.id) return { status: 200, body: invoiceDetail(detail, { credits: { id: open.id, number: open.number }, payment_reference: null, iban: null }) };
      if (detail.id === paid.id && detail.delivery_status === 'failed') {
        return { status: 200, body: invoiceDetail(detail, { delivery_error: 'No Peppol participant id and no billing email: the document was sent to nobody', delivery_problem: 'no_recipient' }) };
      }
      return { status: 200, body: invoiceDetail(detail, { delivery_error: detail.delivery_status === 'failed' ? 'Access point refused: unknown participant' : null }) };
    }
    if (path.startsWith('/invoices/') && method === 'GET') return { status: 404, contentType: 'application/problem+json', body: { title: 'Not found', status: 404, code: 'INVOICE_NOT_FOUND' } };
    if (path === '/orders' && method === 'GET') return { status: 200, body: { items: [order], total: 1, total_capped: false, page: 1, page_size: 20 } };
    if (path === `/my-orders/${order.number}`) return { status: 200, body: orderDetail(order) };
    if (path === `/orders/${order.id}/messages`) return { status: 200, body: { items: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  all = [open, overdue, paid, credit];
  signInForTest();
});

const table = () => screen.findByRole('table', { name: EN['invoices.list.caption'] });
const row = (number: string) => document.querySelector<HTMLElement>(`tr[data-invoice="${number}"]`)!;

describe('Invoices', () => {
  it('lists the invoices and credit notes with their status, due date, amounts and order; a buyer sees no staff columns', async () => {
    await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    const list = await table();
    expect(within(list).getAllByRole('row')).toHaveLength(5);
    expect(within(row(overdue.number)).getByText(EN['invoices.status.overdue']!)).toBeTruthy();
    expect(row(overdue.number).querySelector('[data-invoice-status="overdue"]')).not.toBeNull();
    expect(within(row(credit.number)).getByText(EN['invoices.kind.credit_note']!)).toBeTruthy();
    expect(within(row(open.number)).getByTestId('amount-due').textContent).toBe('€100.00');
    expect(within(row(open.number)).getByRole('link', { name: ORDER.number }).getAttribute('href')).toBe(`/en/my-orders/${ORDER.number}`);
    expect(within(list).queryByRole('columnheader', { name: EN['invoices.col.organisation'] })).toBeNull();
    expect(within(list).queryByRole('columnheader', { name: EN['invoices.col.delivery'] })).toBeNull();
    expect(screen.queryByRole('button', { name: /Payment received/ })).toBeNull();
    // The wide table scrolls in its own named region, reachable by keyboard.
    const region = screen.getByRole('region', { name: EN['invoices.list.caption'] });
    expect(region.tabIndex).toBe(0);
    expect(screen.getByTestId('invoices-count').textContent).toBe('4 invoices and credit notes');
  });

  it('filters by status in the URL and the API query, and says when nothing matches', async () => {
    const { router } = await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    await table();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: EN['invoices.filter.status'] }), 'overdue');
    await waitFor(() => expect(router.state.location.search).toBe('?status=overdue'));
    await waitFor(() => expect(api.calls('/invoices').at(-1)!.query.get('status')).toBe('overdue'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: EN['invoices.list.caption'] })).getAllByRole('row')).toHaveLength(2));

    all = [];
    await userEvent.selectOptions(screen.getByRole('combobox', { name: EN['invoices.filter.status'] }), 'paid');
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe(EN['invoices.list.emptyFiltered']);
  });

  it('says there are no invoices yet, and drops an impossible date or a bad id from the address instead of failing', async () => {
    all = [];
    await renderOrdersPage(<InvoicesPage />, '/en/invoices?from=2026-02-31&order=abc&status=nope', { path: PATHS.list });
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe(EN['invoices.list.empty']);
    const query = api.calls('/invoices')[0]!.query;
    expect([...query.keys()]).toEqual([]);
  });

  it('shows the invoices of one order, and the way back to all of them', async () => {
    const { router } = await renderOrdersPage(<InvoicesPage />, `/en/invoices?order=${ORDER.id}`, { path: PATHS.list });
    await table();
    expect(api.calls('/invoices')[0]!.query.get('order')).toBe(ORDER.id);
    expect(screen.getByTestId('invoice-order-filter').textContent).toContain(`Invoices of order ${ORDER.number}`);
    await userEvent.click(screen.getByRole('button', { name: EN['invoices.filter.allOrders'] }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('downloads the PDF and the e-invoice XML with the session, named after the invoice', async () => {
    await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    await table();
    const mine = within(row(open.number));
    await userEvent.click(mine.getByRole('button', { name: `Download the PDF of invoice ${open.number}` }));
    await waitFor(() => expect(api.calls(`/invoices/${open.id}/invoice.pdf`)).toHaveLength(1));
    await userEvent.click(mine.getByRole('button', { name: `Download the e-invoice XML of invoice ${open.number}` }));
    await waitFor(() => expect(api.calls(`/invoices/${open.id}/ubl.xml`)).toHaveLength(1));
    const [xml] = api.calls(`/invoices/${open.id}/ubl.xml`);
    expect(xml!.headers.authorization).toMatch(/^Bearer /);
    expect(xml!.headers.accept).toContain('application/xml');
    await waitFor(() => expect((mine.getByTestId('invoice-download-xml') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('invoice-download-failed')).toBeNull();

    // A document the API cannot give is said so, in the row.
    await userEvent.click(within(row(paid.number)).getByRole('button', { name: `Download the PDF of invoice ${paid.number}` }));
    expect((await within(row(paid.number)).findByRole('alert')).textContent).toContain(EN['invoices.download.failed']);
  });

  it("opens an invoice: how to pay it, its lines at the document's precision, the VAT with its legal mention, its credit notes", async () => {
    await renderOrdersPage(<InvoiceDetailPage />, `/en/invoices/${open.id}?status=open`, { path: PATHS.detail });
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: `Invoice ${open.number}` })).toBeTruthy();
    expect(within(detail).getByTestId('invoice-iban').textContent).toBe('BE71 0961 2345 6769');
    expect(within(detail).getByTestId('invoice-reference').textContent).toBe('+++090/9337/55493+++');
    expect(within(detail).getByTestId('invoice-lines').textContent).toContain('€33.3333');
    const vat = within(detail).getByTestId('invoice-vat');
    expect(vat.textContent).toContain(EN['invoices.vat.category.AE']);
    expect(vat.textContent).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(within(detail).getByTestId('total-incl').textContent).toBe('€100.00');
    expect(within(within(detail).getByTestId('invoice-credit-notes')).getByRole('link', { name: credit.number }).getAttribute('href')).toBe(`/en/invoices/${credit.id}`);
    expect(within(detail).getByRole('button', { name: `Download the PDF of invoice ${open.number}` })).toBeTruthy();
    // Back to the list as it was filtered.
    expect(screen.getByRole('link', { name: EN['invoices.detail.back'] }).getAttribute('href')).toBe('/en/invoices?status=open');
    expect(within(detail).queryByTestId('invoice-payment-received')).toBeNull();
  });

  it('opens a credit note in Dutch with the invoice it corrects and nothing to pay', async () => {
    await renderOrdersPage(<InvoiceDetailPage />, `/nl/invoices/${credit.id}`, { path: PATHS.detail });
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: `Creditnota ${credit.number}` })).toBeTruthy();
    expect(within(detail).getByText(NL['invoices.status.credited']!)).toBeTruthy();
    expect(within(detail).getByRole('link', { name: open.number }).getAttribute('href')).toBe(`/nl/invoices/${open.id}`);
    expect(within(detail).queryByTestId('invoice-payment')).toBeNull();
  });

  it('says an unknown invoice is not found', async () => {
    await renderOrdersPage(<InvoiceDetailPage />, '/en/invoices/00000000-0000-4000-8000-00000000dead', { path: PATHS.detail });
    expect(await screen.findByText(EN['invoices.error.notFound']!)).toBeTruthy();
  });

  it('shows the case manager whose invoices they are and how far the e-invoice got, and records a payment only when confirmed', async () => {
    signInForTest({ role: 'case_manager', org: null });
    await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    const list = await table();
    expect(within(list).getByRole('columnheader', { name: EN['invoices.col.organisation'] })).toBeTruthy();
    expect(row(overdue.number).querySelector('[data-delivery-status="failed"]')).not.toBeNull();
    // Only open and overdue invoices can be paid: not the paid one, not the credit note.
    expect(within(row(paid.number)).queryByTestId('invoice-payment-received')).toBeNull();
    expect(within(row(credit.number)).queryByTestId('invoice-payment-received')).toBeNull();

    const pay = within(row(overdue.number)).getByRole('button', { name: `Payment received: invoice ${overdue.number}` });
    await userEvent.click(pay);
    let dialog = await screen.findByRole('dialog', { name: `Record the payment of invoice ${overdue.number}?` });
    expect(dialog.textContent).toContain('€100.00');
    await userEvent.click(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/invoices/${overdue.id}/payments`)).toHaveLength(0);

    await userEvent.click(pay);
    dialog = await screen.findByRole('dialog', { name: `Record the payment of invoice ${overdue.number}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['invoices.payment.received'] }));
    await waitFor(() => expect(api.calls(`/invoices/${overdue.id}/payments`)).toHaveLength(1));
    expect(api.calls(`/invoices/${overdue.id}/payments`)[0]!.body).toEqual({});
    // The list is read again and the invoice is paid.
    await waitFor(() => expect(row(overdue.number).querySelector('[data-invoice-status="paid"]')).not.toBeNull());
    expect(within(row(overdue.number)).queryByTestId('invoice-payment-received')).toBeNull();
  });

  it("shows the case manager why an e-invoice was not delivered, on the invoice's page", async () => {
    signInForTest({ role: 'case_manager', org: null });
    await renderOrdersPage(<InvoiceDetailPage />, `/en/invoices/${overdue.id}`, { path: PATHS.detail });
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-delivery-error').textContent).toContain('unknown participant');
    expect(within(detail).getByRole('button', { name: `Payment received: invoice ${overdue.number}` })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: `Retry delivery: invoice ${overdue.number}` })).toBeTruthy();
  });

  it.each(['nl', 'fr'] as const)('says in the reader\'s language (%s) that a document reached nobody (issue 44)', async (lang) => {
    all = [open, overdue, { ...paid, delivery_status: 'failed' }, credit];
    signInForTest({ role: 'case_manager', org: null });
    await renderOrdersPage(<InvoiceDetailPage />, `/${lang}/invoices/${paid.id}`, { path: PATHS.detail });
    const notice = await screen.findByTestId('invoice-delivery-error');
    expect(notice.textContent).toContain((lang === 'nl' ? NL : FR)['invoices.delivery.noRecipient']);
    expect(notice.textContent).not.toContain('billing email');
  });

  it('sends a failed e-invoice delivery again only when the case manager confirms it', async () => {
    signInForTest({ role: 'case_manager', org: null });
    await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    await table();
    // Only a failed delivery can be sent again.
    for (const other of [open, paid, credit]) expect(within(row(other.number)).queryByTestId('invoice-retry-delivery')).toBeNull();
    const retry = within(row(overdue.number)).getByRole('button', { name: `Retry delivery: invoice ${overdue.number}` });
    await userEvent.click(retry);
    let dialog = await screen.findByRole('dialog', { name: `Send invoice ${overdue.number} again?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/invoices/${overdue.id}/delivery/retry`)).toHaveLength(0);

    await userEvent.click(retry);
    dialog = await screen.findByRole('dialog', { name: `Send invoice ${overdue.number} again?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['invoices.delivery.retry'] }));
    await waitFor(() => expect(api.calls(`/invoices/${overdue.id}/delivery/retry`)).toHaveLength(1));
    // The list is read again: the delivery is queued and there is nothing to retry.
    await waitFor(() => expect(row(overdue.number).querySelector('[data-delivery-status="queued"]')).not.toBeNull());
    expect(within(row(overdue.number)).queryByTestId('invoice-retry-delivery')).toBeNull();
    // And says so: the button leaving was the only sign (issue 44.8).
    expect(await screen.findByText(`Invoice ${overdue.number} is being sent again.`)).toBeTruthy();
  });

  it('offers a buyer no delivery retry', async () => {
    await renderOrdersPage(<InvoicesPage />, '/en/invoices', { path: PATHS.list });
    await table();
    expect(screen.queryByTestId('invoice-retry-delivery')).toBeNull();
  });
});

describe('Invoices from My orders', () => {
  it('links My orders to the invoices', async () => {
    await renderOrdersPage(<MyOrdersPage />, '/en/my-orders', { path: '/:lang/my-orders' });
    expect((await screen.findByRole('link', { name: EN['orders.myOrders.invoices'] })).getAttribute('href')).toBe('/en/invoices');
  });

  it("shows an order's invoices on the order, and leads to them in Invoices", async () => {
    all = [open, credit, invoiceSummary({ order: { id: '00000000-0000-4000-8000-0000000000c2', number: 'SO-2026-OTHER', external_order_number: null } })];
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${order.number}`, { path: '/:lang/my-orders/:slug' });
    const section = await screen.findByTestId('order-invoices');
    await waitFor(() => expect(section.querySelectorAll('li')).toHaveLength(2));
    expect(api.calls('/invoices')[0]!.query.get('order')).toBe(ORDER.id);
    expect(within(section).getByRole('link', { name: `Invoice ${open.number}` }).getAttribute('href')).toBe(`/en/invoices/${open.id}`);
    expect(within(section).getByRole('link', { name: EN['invoices.order.all'] }).getAttribute('href')).toBe(`/en/invoices?order=${ORDER.id}`);
  });

  it('says an order that has not shipped has no invoice yet', async () => {
    all = [];
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${order.number}`, { path: '/:lang/my-orders/:slug' });
    const section = await screen.findByTestId('order-invoices');
    expect(await within(section).findByText(EN['invoices.order.none']!)).toBeTruthy();
    expect(within(section).queryByRole('link', { name: EN['invoices.order.all'] })).toBeNull();
  });
});
