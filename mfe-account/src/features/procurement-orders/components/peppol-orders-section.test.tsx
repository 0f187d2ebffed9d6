// The staff section on received Peppol orders: each with its organisation, the order it became and
// the Order Response's code, reason and transmission, in the page's language.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, NL, renderAccountPage } from '../../../test-support/account-page';
import { PeppolOrdersSection } from './peppol-orders-section';

const accepted = {
  id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e11',
  buyer_order_id: 'PO-778',
  organisation_name: 'Zorggroep Scheldeland',
  order_id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e12',
  order_number: 'SO-2026-000321',
  response_code: 'CA',
  response_note: 'Accepted with changes: line 2: unknown item',
  response_status: 'sent',
  received_at: '2026-11-27T09:00:00.000Z',
};
const rejected = { ...accepted, id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e13', buyer_order_id: 'X-1', organisation_name: null, order_id: null, order_number: null, response_code: 'RE', response_note: 'Not a customer', response_status: 'failed' };

let api: ApiServer;
let items: unknown[] = [];
beforeAll(async () => {
  api = await startApiServer(({ method, path }) => (method === 'GET' && path === '/staff/procurement/peppol-orders' ? { status: 200, body: { items } } : undefined));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  items = [accepted, rejected];
  signInForTest();
});

describe('PeppolOrdersSection', () => {
  it('lists the received orders with the order they became and their Order Response', async () => {
    await renderAccountPage(<PeppolOrdersSection />, '/en/user/integration');
    const section = await screen.findByRole('region', { name: EN['account.integration.peppolOrders.title'] });
    const [, first, second] = within(await within(section).findByRole('table')).getAllByRole('row');
    expect(first!.textContent).toContain('Zorggroep Scheldeland');
    expect(first!.textContent).toContain('SO-2026-000321');
    expect(first!.textContent).toContain(EN['account.integration.peppolOrders.code.CA']);
    expect(first!.textContent).toContain('line 2: unknown item');
    expect(first!.textContent).toContain(EN['account.integration.peppolOrders.status.sent']);
    expect(second!.textContent).toContain(EN['account.integration.peppolOrders.unknownOrganisation']);
    expect(second!.textContent).toContain(EN['account.integration.peppolOrders.noOrder']);
    expect(second!.textContent).toContain(EN['account.integration.peppolOrders.code.RE']);
    expect(second!.textContent).toContain(EN['account.integration.peppolOrders.status.failed']);
  });

  it('says so when nothing was received, in Dutch', async () => {
    items = [];
    await renderAccountPage(<PeppolOrdersSection />, '/nl/user/integration');
    expect(await screen.findByText(NL['account.integration.peppolOrders.empty']!)).toBeTruthy();
  });
});
