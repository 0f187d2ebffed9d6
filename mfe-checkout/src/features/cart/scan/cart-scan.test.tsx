// The cart page's scan field through what the buyer sees, against a real HTTP server (decision 082):
// a wedge scanner's Enter adds the product through the cart's own add and the cart shows it, a
// person's typing stays typing, unknown and recalled codes are said so in the buyer's language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '@portal/shared/schemas/checkout';
import type { CatalogProductSummary } from '@portal/shared/schemas/shop';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { cart, cartLine, EN, renderCheckoutPage } from '../../../test-support/checkout-page';
import OverviewPage from '../../../pages/overview';

const GTIN = '05400001000019';
const OUTSIDE_GTIN = '05400001000026';
const tourniquet: CatalogProductSummary = {
  id: '00000000-0000-4000-8000-000000000901',
  slug: 'tourniquet-sof-t',
  name: 'Tourniquet SOF-T',
  brand: 'North',
  article_code: 'TQ-1',
  image_url: null,
  price: { excl_vat: 1250, incl_vat: 1513, vat_rate: 21 },
  stock_state: 'in_stock',
  is_bundle: false,
  product_code: null,
  nsn: null,
  unit: 'piece',
  orderable: true,
  max_quantity: 50,
};
const gauze = cartLine({ name: 'Gauze', article_code: 'GZ-9' });
let current: Cart;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path, body, query }) => {
    if (path === '/cart' && method === 'GET') return { status: 200, body: current };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    if (path.startsWith('/catalog/gtin/') && method === 'GET') {
      const gtin = path.split('/').pop()!.padStart(14, '0');
      if (gtin === GTIN) return { status: 200, body: { gtin, status: 'found', product: tourniquet, recall: query.get('lot') === 'LOT9' ? { reference: 'RC-2026-7' } : null } };
      if (gtin === OUTSIDE_GTIN) return { status: 200, body: { gtin, status: 'not_within_contract', product: { ...tourniquet, name: 'Splint', price: null }, recall: null } };
      return { status: 200, body: { gtin, status: 'unknown', product: null, recall: null } };
    }
    if (path === '/cart/items' && method === 'POST') {
      const line = cartLine({ product_id: (body as { product_id: string }).product_id, name: tourniquet.name, unit_price: { ...tourniquet.price!, vat_rate: 21 } });
      current = cart([...current.lines, line]);
      return { status: 200, body: current };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  current = cart([gauze]);
  signInForTest();
});

const PATH = '/:lang/checkout/overview';
const outcome = () => screen.getByTestId('scan-outcome');

describe('Scanning into the cart', () => {
  it("adds a wedge scanner's scan at the contract price, and the cart shows the new line", async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    const field = await screen.findByRole('textbox', { name: 'Scanned code' });
    // A scanner sends the symbology identifier, AI (01) and the GTIN, then Enter. (A bare EAN-13 is
    // a scan when its keys come as a burst: the detector's own tests, on a clock they move.)
    await userEvent.type(field, ']d20105400001000019{Enter}');
    await waitFor(() => expect(outcome().textContent).toBe('Tourniquet SOF-T added to your cart at €12.50 excl. VAT, your contract price.'));
    expect(api.calls('/cart/items')[0]!.body).toEqual({ product_id: tourniquet.id, quantity: 1 });
    expect((field as HTMLInputElement).value).toBe('');
    // The cart refetched: the scanned product is a line of it now.
    await waitFor(() => expect(screen.getAllByTestId('cart-line').some((row) => row.textContent?.includes('Tourniquet SOF-T'))).toBe(true));
    // What the scan came to is a live region, and the field is labelled and described.
    expect(outcome().getAttribute('aria-live')).toBe('polite');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();

    // AI (01) and its 14 digits alone are a scan however slowly they came.
    await userEvent.setup({ delay: 70 }).type(field, '0105400001000019{Enter}');
    await waitFor(() => expect(api.calls('/cart/items')).toHaveLength(2));
  });

  it("keeps a person's typing as typing: Enter after a slowly typed code scans nothing", async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    const field = await screen.findByRole('textbox', { name: 'Scanned code' });
    const person = userEvent.setup({ delay: 70 });
    await person.type(field, '5400001000019{Enter}');
    expect((field as HTMLInputElement).value).toBe('5400001000019');
    expect(outcome().getAttribute('data-kind')).toBe('');
    expect(api.calls('/catalog/gtin/05400001000019')).toHaveLength(0);
    expect(api.calls('/cart/items')).toHaveLength(0);
  });

  it('says a GTIN nobody sells and one outside the contract so, in the buyer’s language, and adds neither', async () => {
    await renderCheckoutPage(<OverviewPage />, '/nl/checkout/overview', { path: PATH });
    const field = await screen.findByRole('textbox', { name: 'Gescande code' });
    await userEvent.type(field, ']C10104006381333931{Enter}');
    await waitFor(() => expect(outcome().textContent).toBe('GTIN 04006381333931 staat niet in onze catalogus.'));
    await userEvent.type(field, `]d201${OUTSIDE_GTIN}{Enter}`);
    await waitFor(() => expect(outcome().textContent).toBe(`Splint (GTIN ${OUTSIDE_GTIN}) maakt geen deel uit van uw contract.`));
    expect(api.calls('/cart/items')).toHaveLength(0);
  });

  it('says a scanned lot under recall so, and does not add it', async () => {
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    const field = await screen.findByRole('textbox', { name: 'Scanned code' });
    await userEvent.type(field, `]d201${GTIN}10LOT9{Enter}`);
    await waitFor(() => expect(outcome().textContent).toBe('Lot LOT9 of Tourniquet SOF-T is under recall (RC-2026-7). It was not added to your cart.'));
    expect(outcome().getAttribute('data-kind')).toBe('recalled');
    expect(api.calls('/catalog/gtin/05400001000019')[0]!.query.get('lot')).toBe('LOT9');
    expect(api.calls('/cart/items')).toHaveLength(0);
  });

  it('is not offered to a web-shop customer, whose cart is not priced by a contract', async () => {
    signInForTest({ org: undefined, shop: 'medical' });
    await renderCheckoutPage(<OverviewPage />, '/en/checkout/overview', { path: PATH });
    await screen.findAllByTestId('cart-line');
    expect(screen.queryByTestId('cart-scan')).toBeNull();
    expect(EN['checkout.scan.field']).toBeUndefined();
  });
});
