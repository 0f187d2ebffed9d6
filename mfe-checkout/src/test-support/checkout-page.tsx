// The shared page harness with the checkout's messages and the page titles the shell brings, and
// builders of what the test API answers with.
import type { ReactElement } from 'react';
import type { Address, Cart, CartLine, Order } from '@portal/shared/schemas/checkout';
import { renderPage, type RenderPageOptions } from '@portal/shared/testing';
import en from '../messages/en.json';
import { loadMessages } from '../messages/load-messages';

export const SHELL_TITLES = {
  'title.checkout_overview': 'Checkout: overview',
  'title.checkout_extra_info': 'Checkout: extra information',
  'title.checkout_personal_info': 'Checkout: personal information',
  'title.order': 'Order',
};

/** Renders a checkout page at `url` with the remote's messages as its routes load them. */
export async function renderCheckoutPage(element: ReactElement, url: string, options: RenderPageOptions = {}) {
  const messages = { en: await loadMessages('en'), nl: await loadMessages('nl'), fr: await loadMessages('fr') };
  return renderPage(element, url, { messages, shellMessages: SHELL_TITLES, ...options });
}

/** The checkout's English texts, to find what the user reads. */
export const EN = en as Record<string, string>;

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const productId = id();
  return {
    product_id: productId,
    slug: `product-${n}`,
    name: `Product ${n}`,
    article_code: `ART-${n}`,
    quantity: 1,
    unit_price: { excl_vat: 1000, incl_vat: 1210, vat_rate: 21 },
    max_quantity: 50,
    nsn: null,
    stock: 'in_stock',
    line_total: { excl_vat: 1000, incl_vat: 1210, vat_rate: 21 },
    ...overrides,
  };
}

export function cart(lines: CartLine[], overrides: Partial<Cart> = {}): Cart {
  const excl = lines.reduce((sum, l) => sum + (l.line_total?.excl_vat ?? 0), 0);
  const incl = lines.reduce((sum, l) => sum + (l.line_total?.incl_vat ?? 0), 0);
  return {
    lines,
    item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
    total: { excl_vat: excl, incl_vat: incl },
    shipping_free_from_excl_vat: 50000,
    shipping_free_missing_excl_vat: Math.max(0, 50000 - excl),
    ...overrides,
  };
}

export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: id(),
    label: 'Head office',
    type: 'billing',
    street: 'Kerkstraat',
    nr: '1',
    postal_code: '2000',
    city: 'Antwerpen',
    country: 'BE',
    email: 'orders@example.be',
    phone: '+32470123456',
    is_default: false,
    ...overrides,
  } as Address;
}

export function order(overrides: Partial<Order> = {}): Order {
  const delivery = address({ type: 'shipping', label: 'Warehouse' });
  return {
    id: id(),
    number: '2026-000123',
    date: '2026-11-24T08:00:00.000Z',
    status: 'ordered',
    products: 1,
    ordered_by: 'Lucas Janssens',
    total_incl_vat: 12100,
    delivery: { address: delivery, tracking_url: null, delivered_at: null },
    invoice: { address: address(), invoice_number: null },
    external_order_number: 'PO-77',
    remarks: null,
    case_manager_message: null,
    order_form_url: '/api/v1/orders/x/order-form.pdf',
    awaiting_delivery_confirmation: false,
    lines: [
      {
        product_id: id(),
        name: 'Tourniquet SOF-T',
        brand: null,
        article_code: 'TQ-1',
        product_code: null,
        nsn: '6515-01-521-7976',
        colour: null,
        size: null,
        quantity: 10,
        unit_price: { excl_vat: 1000, incl_vat: 1210, vat_rate: 21 },
        total: { excl_vat: 10000, incl_vat: 12100, vat_rate: 21 },
      },
    ],
    totals: { excl_vat: 10000, vat: 2100, incl_vat: 12100, shipping_excl_vat: 0, discount_excl_vat: 0 },
    ...overrides,
  } as Order;
}
