// A medical device's facts on its product page (issue 42, decision 070), in the reader's language,
// against a real HTTP server: UDI-DI, MDR class, implantable and single use; nothing for a product
// that is not a medical device.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { detail, EN, NL, renderCatalogPage } from '../test-support/catalog-page';
import ProductDetailPage from './product-detail';

const implant = {
  ...detail({ slug: 'collagen-haemostat', name: 'Absorbable collagen haemostat', article_code: 'HM-CHI-5', stock_state: 'in_stock', max_quantity: 5 }),
  medical_device: { udi_di: '15412345009006', mdr_class: 'III', implantable: true, single_use: true },
};
const plain = { ...detail({ slug: 'tent', name: 'Tent', article_code: 'TN-1', stock_state: 'in_stock', max_quantity: 5 }), medical_device: null };
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path === '/catalog/products/collagen-haemostat') return { status: 200, body: implant };
    if (path === '/catalog/products/tent') return { status: 200, body: plain };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    if (path === '/order-lists') return { status: 200, body: { items: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

const PATH = '/:lang/my-products/:slug';
const facts = (region: HTMLElement) => within(region).getAllByRole('row').map((r) => r.textContent);

describe("a medical device's product page", () => {
  it('shows the UDI-DI, the class and the flags in English', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/collagen-haemostat', { path: PATH });
    const region = await screen.findByRole('region', { name: EN['catalog.device.title'] });
    expect(facts(region)).toEqual([
      `${EN['catalog.device.udiDi']}15412345009006`,
      `${EN['catalog.device.class']}Class III`,
      `${EN['catalog.device.implantable']}${EN['catalog.device.yes']}`,
      `${EN['catalog.device.singleUse']}${EN['catalog.device.yes']}`,
    ]);
  });

  it('says them in Dutch for a Dutch reader', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/nl/my-products/collagen-haemostat', { path: PATH });
    const region = await screen.findByRole('region', { name: NL['catalog.device.title'] });
    expect(facts(region)[1]).toBe(`${NL['catalog.device.class']}Klasse III`);
  });

  it('shows no device facts for a product that is not a medical device', async () => {
    await renderCatalogPage(<ProductDetailPage />, '/en/my-products/tent', { path: PATH });
    await screen.findByRole('heading', { level: 1, name: 'Tent' });
    expect(screen.queryByTestId('medical-device')).toBeNull();
  });
});
