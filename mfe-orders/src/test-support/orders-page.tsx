// The shared page harness with this remote's messages and the shell's titles, and builders of the
// orders the test API answers with.
import type { ReactElement } from 'react';
import type { OrderDetail, OrderListItem } from '@portal/shared/schemas/orders';
import { renderPage, type RenderPageOptions } from '@portal/shared/testing';
import en from '../messages/en.json';
import nl from '../messages/nl.json';
import fr from '../messages/fr.json';
import { loadMessages } from '../messages/load-messages';

const SHELL_TITLES = { 'title.my_orders': 'My orders', 'title.order': 'Order', 'title.quotations': 'Quotations', 'title.quotation': 'Quotation', 'title.invoices': 'Invoices', 'title.invoice': 'Invoice', 'title.approvals': 'Orders waiting for approval', 'title.approval': 'Order waiting for approval', 'title.failed_deliveries': 'Failed deliveries' };

export async function renderOrdersPage(element: ReactElement, url: string, options: RenderPageOptions = {}) {
  const messages = { en: await loadMessages('en'), nl: await loadMessages('nl'), fr: await loadMessages('fr') };
  return renderPage(element, url, { messages, shellMessages: SHELL_TITLES, ...options });
}

export const EN = en as Record<string, string>;
/** The remote's Dutch texts. */
export const NL = nl as Record<string, string>;
/** The remote's French texts. */
export const FR = fr as Record<string, string>;

let n = 0;
export function listItem(overrides: Partial<OrderListItem> = {}): OrderListItem {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `SO-2026-${String(10_000 + n).padStart(6, '0')}`,
    date: '2026-11-02T09:30:00.000Z',
    status: 'processing',
    products: 2,
    ordered_by: 'Lucas Janssens',
    total_incl_vat: 12_100,
    external_order_number: null,
    organisation_name: 'Zorggroep Scheldeland',
    unread_messages: 0,
    awaiting_delivery_confirmation: false,
    ...overrides,
  };
}

const ADDRESS = { label: 'Main', street: 'Kaai', nr: '1', box: null, postal_code: '2000', city: 'Antwerpen', country: 'BE', email: null, phone: null };

export function orderDetail(item: OrderListItem, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...item,
    organisation_id: '00000000-0000-4000-8000-0000000000aa',
    remarks: null,
    delivery_address: ADDRESS,
    invoice_address: ADDRESS,
    shipping_method: 'Standard delivery',
    tracking_reference: null,
    expected_delivery_on: null,
    delivery_confirmed_at: null,
    delivery_confirmed_by: null,
    submitter: { full_name: 'Demo Submitter', function: 'Purchaser' },
    lines: [
      { id: '00000000-0000-4000-8000-00000000l001', product_id: 'p1', slug: 'tq', article_code: 'TQ-1', description: 'Tourniquet SOF-T', nsn: null, quantity: 4, unit_price_excl_vat: 2500, vat_rate_bp: 2100, line_total_excl_vat: 10_000 },
    ],
    totals: { excl_vat: 10_000, vat: 2100, incl_vat: 12_100, shipping_excl_vat: 0, discount_excl_vat: 0 },
    history: [
      { status: 'ordered', at: '2026-11-02T09:30:00.000Z', by: 'Lucas Janssens', note: null },
      { status: 'processing', at: '2026-11-03T09:30:00.000Z', by: 'An Claes', note: null },
    ],
    next_statuses: [],
    can_confirm_delivery: false,
    can_report_problem: false,
    order_form_url: `/api/v1/orders/${item.id}/order-form.pdf`,
    ...overrides,
  };
}
