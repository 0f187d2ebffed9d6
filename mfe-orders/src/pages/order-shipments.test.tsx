// The buyer's order page shows what the warehouse shipped (decision 050): each parcel with its
// date, carrier, tracking link (a new tab) and expected delivery, and its lines with lot, expiry
// date and serial numbers; the warehouse's timeline step is said in the reader's language.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, listItem, NL, orderDetail, renderOrdersPage } from '../test-support/orders-page';
import OrderDetailPage from './order-detail';

const order = listItem({ status: 'to_be_shipped' });
const plain = listItem({ status: 'processing' });
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path === `/my-orders/${order.number}`) {
      return {
        status: 200,
        body: orderDetail(order, {
          history: [
            { status: 'ordered', at: '2026-11-02T09:30:00.000Z', by: 'Lucas Janssens', note: 'placed' },
            { status: 'to_be_shipped', at: '2026-11-27T09:30:00.000Z', by: 'Warehouse Antwerp', note: 'partly_shipped' },
          ],
          shipments: [
            {
              shipment_id: 'WH-1',
              carrier: 'bpost',
              tracking_reference: '3S123',
              tracking_url: 'https://track.example/3S123',
              shipped_on: '2026-11-27',
              expected_delivery_on: '2026-11-30',
              lines: [{ order_line_id: 'l1', article_code: 'TQ-1', description: 'Tourniquet SOF-T', quantity: 2, lot: 'L2403', expiry_on: '2028-03-31', serial_numbers: ['SN-1', 'SN-2'] }],
            },
            {
              shipment_id: 'WH-2',
              carrier: 'PostNL',
              tracking_reference: 'PN-9',
              tracking_url: null,
              shipped_on: '2026-11-28',
              expected_delivery_on: '2026-12-01',
              lines: [{ order_line_id: 'l1', article_code: 'TQ-1', description: 'Tourniquet SOF-T', quantity: 1, lot: null, expiry_on: null, serial_numbers: [] }],
            },
          ],
        }),
      };
    }
    if (path === `/my-orders/${plain.number}`) return { status: 200, body: orderDetail(plain) };
    if (path === `/my-orders/${order.number}/shipments/WH-1/delivery-note.pdf`) return { status: 200, body: '%PDF-1.7 note', contentType: 'application/pdf' };
    if (path.endsWith('/messages')) return { status: 200, body: { items: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe("the order's shipments", () => {
  it('shows each parcel with its tracking link, lot, expiry and serial numbers', async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${order.number}`, { path: '/:lang/my-orders/:slug' });
    const section = await screen.findByRole('region', { name: EN['orders.shipments.title'] });
    const parcels = within(section).getAllByTestId('order-shipment');
    expect(parcels).toHaveLength(2);
    const link = within(parcels[0]!).getByRole('link', { name: /Track parcel 3S123/ });
    expect(link.getAttribute('href')).toBe('https://track.example/3S123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(parcels[0]!).getByRole('heading', { name: /bpost/ })).toBeTruthy();
    const row = within(parcels[0]!).getByRole('row', { name: /TQ-1/ });
    expect(within(row).getByText('L2403')).toBeTruthy();
    expect(within(row).getByText('SN-1, SN-2')).toBeTruthy();
    expect(within(row).getByText(/2028/)).toBeTruthy();
    // Without a tracking page the reference is said, not linked.
    expect(within(parcels[1]!).queryByRole('link')).toBeNull();
    expect(within(parcels[1]!).getByText(/PN-9/)).toBeTruthy();
  });

  it("says the warehouse's timeline step in the reader's language", async () => {
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${order.number}`, { path: '/:lang/my-orders/:slug' });
    const timeline = await screen.findByTestId('order-timeline');
    expect(within(timeline).getByText(NL['orders.timeline.note.partlyShipped']!)).toBeTruthy();
    expect(within(timeline).queryByText('partly_shipped')).toBeNull();
    expect(within(timeline).getByText(/Warehouse Antwerp/)).toBeTruthy();
  });

  it('shows no shipments section before anything shipped', async () => {
    await renderOrdersPage(<OrderDetailPage />, `/en/my-orders/${plain.number}`, { path: '/:lang/my-orders/:slug' });
    await screen.findByTestId('order-detail');
    expect(screen.queryByRole('region', { name: EN['orders.shipments.title'] })).toBeNull();
  });

  it("downloads each shipment's delivery note with the session and the page's language; a failed one says so (decision 070)", async () => {
    await renderOrdersPage(<OrderDetailPage />, `/nl/my-orders/${order.number}`, { path: '/:lang/my-orders/:slug' });
    const parcels = await screen.findAllByTestId('order-shipment');
    await userEvent.click(within(parcels[0]!).getByRole('button', { name: NL['orders.shipments.deliveryNoteOf']!.replace('{shipment}', 'WH-1') }));
    const path = `/my-orders/${order.number}/shipments/WH-1/delivery-note.pdf`;
    await waitFor(() => expect(api.calls(path)).toHaveLength(1));
    expect(api.calls(path)[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(api.calls(path)[0]!.headers['accept-language']).toMatch(/^nl/);
    expect(within(parcels[0]!).queryByRole('alert')).toBeNull();
    // The second shipment's note is not there: the page says the download failed.
    await userEvent.click(within(parcels[1]!).getByRole('button', { name: NL['orders.shipments.deliveryNoteOf']!.replace('{shipment}', 'WH-2') }));
    expect((await within(parcels[1]!).findByRole('alert')).textContent).toBe(NL['orders.shipments.deliveryNoteFailed']);
  });
});
