// The supplier staff's integration page: the clients with their scopes and state, a refusal in words
// for a customer, and the page's sections under its one title.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { API_ERRORS } from '@portal/shared/schemas/account';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import IntegrationPage from './integration';

let answer: () => TestResponse;
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
    if (path === '/staff/integration/deliveries' || path === '/staff/integration/imports' || path === '/staff/procurement/peppol-orders') return { status: 200, body: { items: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
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
