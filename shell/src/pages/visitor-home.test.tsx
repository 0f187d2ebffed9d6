// @vitest-environment happy-dom
// The visitor's home page shows what each public shop offers, read from the catalogue.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderPage, startApiServer, type ApiServer } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import VisitorHomePage from './visitor-home';

const facets = (names: string[]) => ({
  brand: [],
  category: names.map((name, i) => ({ slug: name.toLowerCase().replace(/\W+/g, '-'), name, count: 10 - i })),
  sub_category: [],
  group: [],
  kind: { products: 10, bundles: 0 },
});
const product = (n: number, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `p-${n}`,
  name,
  brand: null,
  article_code: `A-${n}`,
  image_url: null,
  price: { excl_vat: 1000, incl_vat: 1210, vat_rate: 21 },
  stock_state: 'in_stock',
  is_bundle: false,
  product_code: null,
  nsn: null,
  unit: 'piece',
  orderable: true,
  max_quantity: 5,
});
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer(({ path, headers }) => {
    const shop = headers['x-shop-type'];
    if (path === '/catalog/facets') return { status: 200, body: facets(shop === 'medical' ? ['Tourniquets', 'Bandages', 'Airway'] : ['Helmets', 'Lights']) };
    if (path === '/catalog/products') {
      const items = shop === 'medical' ? [product(1, 'CAT tourniquet'), product(2, 'Israeli bandage')] : [product(3, 'Ballistic helmet')];
      return { status: 200, body: { items, page: 1, page_size: 3, total: shop === 'medical' ? 120 : 80, total_capped: false, shop } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
afterEach(cleanup);

describe('The visitor home page', () => {
  it("shows each shop's families as links into the shop, and some of its products", async () => {
    renderPage(<VisitorHomePage />, '/nl/', { path: '/:lang/', messages: { en, nl, fr } });
    const medical = await screen.findByTestId('highlights-medical');
    const families = within(medical).getByRole('navigation', { name: 'Medische webshop: productfamilies' });
    expect(within(families).getAllByRole('link').map((a) => a.textContent)).toEqual(['Tourniquets', 'Bandages', 'Airway']);
    expect(within(families).getByRole('link', { name: 'Bandages' }).getAttribute('href')).toBe('/nl/products?shop=medical&category=bandages');
    expect((await within(medical).findByRole('link', { name: /Israeli bandage/ })).getAttribute('href')).toBe('/nl/products/p-2?shop=medical');
    expect(within(medical).getByText('120 producten in deze shop')).toBeTruthy();
    const tactical = await screen.findByTestId('highlights-tactical');
    expect(await within(tactical).findByRole('link', { name: /Ballistic helmet/ })).toBeTruthy();
    expect(api.calls('/catalog/products').map((c) => c.query.get('page_size'))).toEqual(['3', '3']);
  });
});
