// The staff's page to manage integration clients (issue 44): a sales consultant creates one with its
// scopes and sees its secret once, gives one a new secret with an overlap, and revokes one after
// confirming; a name in use is said on the name field; another staff role is told who manages them.
// The page is checked with axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { INTEGRATION_ERRORS } from '@portal/shared/schemas/account';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import IntegrationClientsPage from './integration-clients';

const erp = {
  id: '5b0c6a52-3f1e-4c55-9d8e-0a7d7c9b1e01',
  name: 'Demo ERP',
  scopes: ['catalog:write', 'stock:write'],
  created_at: '2026-11-20T08:00:00.000Z',
  last_rotated_at: '2026-11-25T09:30:00.000Z',
  revoked_at: null as string | null,
};
const SECRET = 'Zr8kq3v1G2mW9xT4pL7nB0cY5hJ6dF2sA1eQ8uR3oI4';

let api: ApiServer;
let items: (typeof erp)[] = [];
let onCreate: (body: unknown) => TestResponse;
beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (method === 'GET' && path === '/staff/integration/clients') return { status: 200, body: { items } };
    if (method === 'POST' && path === '/staff/integration/clients') return onCreate(body);
    if (method === 'POST' && path === `/staff/integration/clients/${erp.id}/rotate`) {
      const hours = (body as { overlap_hours: number }).overlap_hours;
      return { status: 200, body: { client: erp, client_secret: SECRET, old_secrets_valid_until: new Date(Date.now() + hours * 3_600_000).toISOString() } };
    }
    if (method === 'POST' && path === `/staff/integration/clients/${erp.id}/revoke`) {
      items = [{ ...erp, revoked_at: new Date().toISOString() }];
      return { status: 200, body: items[0] };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  items = [erp];
  onCreate = (body) => {
    const created = { ...erp, id: '5b0c6a52-3f1e-4c55-9d8e-0a7d7c9b1e09', ...(body as object) };
    items = [...items, created];
    return { status: 201, body: { client: created, client_secret: SECRET, old_secrets_valid_until: null } };
  };
  signInForTest({ role: 'sales_consultant' });
});

async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { rules: { region: { enabled: false } } });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('Integration clients page', () => {
  it('creates a client with the scopes ticked and shows its secret once, then lists it', async () => {
    const { container } = await renderAccountPage(<IntegrationClientsPage />, '/en/user/integration/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integration clients' })).toBeTruthy();
    await screen.findByRole('table');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(EN['account.integration.manage.name']!) }), 'Acme WMS');
    await userEvent.click(screen.getByRole('checkbox', { name: /shipments:write/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /orders:read/ }));
    await userEvent.click(screen.getByRole('button', { name: EN['account.integration.manage.create'] }));
    const notice = await screen.findByRole('heading', { name: 'The secret of Acme WMS' });
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.getByTestId('client-secret').textContent).toBe(SECRET);
    expect(api.calls('/staff/integration/clients').find((c) => c.method === 'POST')!.body).toEqual({ name: 'Acme WMS', scopes: ['shipments:write', 'orders:read'] });
    expect(await screen.findByRole('rowheader', { name: /Acme WMS/ })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: EN['account.integration.manage.secret.done'] }));
    expect(screen.queryByTestId('client-secret')).toBeNull();
  });

  it('says a name in use on the name field, and asks for a scope before sending', async () => {
    onCreate = () => ({
      status: 409,
      contentType: 'application/problem+json',
      body: { title: 'Conflict', status: 409, code: INTEGRATION_ERRORS.CLIENT_NAME_TAKEN, errors: [{ path: 'name', message: 'integration.clientNameTaken' }] },
    });
    await renderAccountPage(<IntegrationClientsPage />, '/en/user/integration/clients');
    const name = await screen.findByRole('textbox', { name: new RegExp(EN['account.integration.manage.name']!) });
    await userEvent.type(name, 'Demo ERP');
    await userEvent.click(screen.getByRole('button', { name: EN['account.integration.manage.create'] }));
    expect(api.calls('/staff/integration/clients').filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /orders:read/ }));
    await userEvent.click(screen.getByRole('button', { name: EN['account.integration.manage.create'] }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Another integration client has this name')).toBeTruthy();
  });

  it('gives a client a new secret with the overlap chosen and says until when the old one works', async () => {
    await renderAccountPage(<IntegrationClientsPage />, '/en/user/integration/clients');
    const row = (await screen.findByRole('rowheader', { name: /Demo ERP/ })).closest('tr')!;
    await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Previous secret of Demo ERP keeps working' }), '168');
    await userEvent.click(within(row).getByRole('button', { name: 'New secret for Demo ERP' }));
    expect(await screen.findByRole('heading', { name: 'The secret of Demo ERP' })).toBeTruthy();
    expect(api.calls(`/staff/integration/clients/${erp.id}/rotate`)[0]!.body).toEqual({ overlap_hours: 168 });
    expect(screen.getByText(/The previous secret keeps working until/)).toBeTruthy();
  });

  it('revokes a client after asking, and then offers it no action', async () => {
    await renderAccountPage(<IntegrationClientsPage />, '/en/user/integration/clients');
    const row = (await screen.findByRole('rowheader', { name: /Demo ERP/ })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Demo ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Demo ERP?' });
    expect(api.calls(`/staff/integration/clients/${erp.id}/revoke`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.integration.manage.revoke.confirm'] }));
    expect(await screen.findByText('Demo ERP is revoked: its tokens no longer work.')).toBeTruthy();
    expect(api.calls(`/staff/integration/clients/${erp.id}/revoke`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Demo ERP' })).toBeNull());
    expect(screen.getByText(/^Revoked on /)).toBeTruthy();
  });

  it('tells a case manager who manages the clients, in Dutch, without the forms', async () => {
    signInForTest({ role: 'case_manager' });
    const { container } = await renderAccountPage(<IntegrationClientsPage />, '/nl/user/integration/clients');
    expect(await screen.findByText(NL['account.integration.manage.notManager.title']!)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NL['account.integration.manage.create'] })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });
});
