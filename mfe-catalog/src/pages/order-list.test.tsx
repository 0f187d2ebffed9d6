// One order list through what the buyer sees, against a real HTTP server: a flagged line says why,
// ordering the whole list reports what could not go in, and the chosen lines are ordered alone.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderListDetail } from '@portal/shared/schemas/shop';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderCatalogPage } from '../test-support/catalog-page';
import OrderListPage from './order-list';

const LIST_ID = '00000000-0000-4000-8000-00000000a001';
const GAUZE = '00000000-0000-4000-8000-00000000b001';
const SPLINT = '00000000-0000-4000-8000-00000000b002';
const price = { excl_vat: 500, incl_vat: 605, vat_rate: 21 };
const list: OrderListDetail = {
  id: LIST_ID,
  name: 'Ward 3',
  shared: true,
  owner_name: 'Sophie Peeters',
  mine: false,
  can_manage: false,
  line_count: 2,
  updated_at: '2026-11-27T10:00:00.000Z',
  lines: [
    { product_id: GAUZE, slug: 'gauze', name: 'Gauze', article_code: 'GZ-1', quantity: 4, note: null, unit_price: price, stock: 'in_stock', max_quantity: 50, flag: null },
    { product_id: SPLINT, slug: null, name: 'Splint', article_code: 'SP-1', quantity: 2, note: null, unit_price: null, stock: null, max_quantity: 0, flag: 'not_in_contract' },
  ],
};
let ordered: unknown[] = [];
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === `/order-lists/${LIST_ID}` && method === 'GET') return { status: 200, body: list };
    if (path === `/order-lists/${LIST_ID}/order` && method === 'POST') {
      ordered.push(body);
      const ids = (body as { product_ids?: string[] }).product_ids;
      const gauze = !ids || ids.includes(GAUZE);
      const splint = !ids || ids.includes(SPLINT);
      return {
        status: 200,
        body: {
          added: gauze ? [{ product_id: GAUZE, quantity: 4 }] : [],
          not_added: splint ? [{ product_id: SPLINT, name: 'Splint', article_code: 'SP-1', reason: 'not_in_contract', requested: 2, added: 0 }] : [],
        },
      };
    }
    if (path === '/cart') return { status: 200, body: { lines: [], item_count: 4, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  ordered = [];
  signInForTest();
});

const render = () => renderCatalogPage(<OrderListPage />, `/en/order-lists/${LIST_ID}`, { path: '/:lang/order-lists/:id' });

describe('an order list', () => {
  it('flags a product that left the contract and keeps it on the list; another member cannot manage a shared list', async () => {
    await render();
    const lines = await screen.findByRole('table', { name: 'Products on Ward 3' });
    const splint = within(lines).getByText('Splint').closest('tr')!;
    expect(within(splint as HTMLElement).getByText(EN['catalog.lists.flag.not_in_contract']!)).toBeTruthy();
    expect(screen.getByText('Made by Sophie Peeters')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: EN['catalog.lists.field.shared'] })).toBeNull();
  });

  it('orders the whole list and says what could not be added, and why', async () => {
    await render();
    await userEvent.click(await screen.findByRole('button', { name: EN['catalog.lists.orderAll'] }));
    const result = await screen.findByTestId('order-list-result');
    expect(result.textContent).toContain('1 line added to your cart');
    expect(result.textContent).toContain('SP-1 Splint: no longer within your contract, not added');
    expect(ordered).toEqual([{}]);
  });

  it('orders only the chosen lines', async () => {
    await render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose Gauze' }));
    await userEvent.click(screen.getByRole('button', { name: 'Order the chosen line' }));
    const result = await screen.findByTestId('order-list-result');
    expect(result.textContent).toContain('1 line added to your cart');
    expect(ordered).toEqual([{ product_ids: [GAUZE] }]);
  });
});
