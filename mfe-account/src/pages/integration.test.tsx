// The supplier staff's integration page: the clients with their scopes and state, a refusal in words
// for a customer, and the page's sections under its one title.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { API_ERRORS } from '@portal/shared/schemas/account';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import IntegrationPage from './integration';

let answer: () => TestResponse;
let peppolOrders: unknown[] = [];
let api: ApiServer;
const erp = {
  id: '5b0c6a52-3f1e-4c55-9d8e-0a7d7c9b1e01',
  name: 'Demo ERP',
  scopes: ['catalog:write', 'stock:write'],
  created_at: '2026-11-20T08:00:00.000Z',
  last_rotated_at: '2026-11-25T09:30:00.000Z',
  revoked_at: null,
};
const old = { ...erp, id: '5b0c6a52-3f1e-4c55-9d8e-0a7d7c9b1e02', name: 'Old WMS', scopes: ['shipments:write'], revoked_at: '2026-11-26T10:00:00.000Z' };

beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path === '/staff/integration/clients') return answer();
    if (path === '/staff/procurement/peppol-orders') return { status: 200, body: { items: peppolOrders } };
    if (path === '/staff/integration/deliveries' || path === '/staff/integration/imports') return { status: 200, body: { items: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  peppolOrders = [];
  signInForTest();
});

describe('Integration page', () => {
  it('lists the clients with their scopes, dates and whether they are revoked, in a section of its own', async () => {
    answer = () => ({ status: 200, body: { items: [erp, old] } });
    await renderAccountPage(<IntegrationPage />, '/en/user/integration');
    const section = await screen.findByRole('region', { name: EN['account.integration.clients.title'] });
    const table = await within(section).findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader').textContent).toContain('Demo ERP');
    expect(within(first!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['catalog:write', 'stock:write']);
    expect(within(first!).getByText(EN['account.integration.clients.active']!)).toBeTruthy();
    expect(within(second!).getByText(/^Revoked on /)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Integration' })).toBeTruthy();
  });

  it('places the imports, the webhook deliveries and the received Peppol orders sections below the clients', async () => {
    answer = () => ({ status: 200, body: { items: [erp] } });
    await renderAccountPage(<IntegrationPage />, '/en/user/integration');
    const deliveries = await screen.findByRole('region', { name: EN['account.integration.deliveries.title'] });
    expect(await within(deliveries).findByText(EN['account.integration.deliveries.empty']!)).toBeTruthy();
    expect(api.calls('/staff/integration/deliveries')).toHaveLength(1);
    const imports = screen.getByRole('region', { name: EN['account.integration.imports.title'] });
    expect(await within(imports).findByText(EN['account.integration.imports.empty']!)).toBeTruthy();
    const peppol = screen.getByRole('region', { name: EN['account.integration.peppolOrders.title'] });
    expect(await within(peppol).findByText(EN['account.integration.peppolOrders.empty']!)).toBeTruthy();
  });

  it('shows the received Peppol orders in their section once one was received (issue 44: the list used to answer 500 then)', async () => {
    answer = () => ({ status: 200, body: { items: [erp] } });
    peppolOrders = [
      {
        id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e11',
        buyer_order_id: 'PO-778',
        organisation_name: 'Zorggroep Scheldeland',
        order_id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e12',
        order_number: 'SO-2026-000321',
        response_code: 'AP',
        response_note: null,
        response_status: 'sent',
        received_at: '2026-12-07T00:48:26.166Z',
      },
    ];
    await renderAccountPage(<IntegrationPage />, '/en/user/integration');
    const peppol = await screen.findByRole('region', { name: EN['account.integration.peppolOrders.title'] });
    const [, row] = within(await within(peppol).findByRole('table')).getAllByRole('row');
    expect(row!.textContent).toContain('PO-778');
    expect(row!.textContent).toContain('SO-2026-000321');
    expect(row!.textContent).toContain(EN['account.integration.peppolOrders.code.AP']);
    expect(within(peppol).queryByText(EN['account.integration.peppolOrders.empty']!)).toBeNull();
  });

  it('links the clients section to the page where they are managed', async () => {
    answer = () => ({ status: 200, body: { items: [erp] } });
    await renderAccountPage(<IntegrationPage />, '/en/user/integration');
    const section = await screen.findByRole('region', { name: EN['account.integration.clients.title'] });
    expect(within(section).getByRole('link', { name: EN['account.integration.manage.link'] }).getAttribute('href')).toBe('/en/user/integration/clients');
  });

  it('says there are no clients yet', async () => {
    answer = () => ({ status: 200, body: { items: [] } });
    await renderAccountPage(<IntegrationPage />, '/nl/user/integration');
    expect(await screen.findByText(NL['account.integration.clients.empty']!)).toBeTruthy();
  });

  it("tells a customer that the page is for the supplier's staff", async () => {
    answer = () => ({ status: 403, contentType: 'application/problem+json', body: { title: 'Forbidden', status: 403, code: API_ERRORS.STAFF_ONLY } });
    await renderAccountPage(<IntegrationPage />, '/en/user/integration');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(EN['account.integration.staffOnly.title']!)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
