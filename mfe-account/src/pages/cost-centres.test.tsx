// The cost centres page's procurement systems (issue 40, decision 059): the administrator sees the
// organisation's cXML identities and its Peppol identity, and sets the cost centre their orders are
// charged to when the document names none (and cXML's segment type), in their language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import CostCentresPage from './cost-centres';

const WARD = {
  id: '6f1c2f0e-1b7a-4c7e-9a51-0d3f3a1e0a01',
  code: 'WARD-A',
  name: 'Emergency ward',
  active: true,
  budget_cents: 100_000,
  period: 'month',
  period_start: '2026-12-01',
  spent_cents: 0,
  remaining_cents: 100_000,
  buyer_ids: [],
};
const CXML = { channel: 'cxml', sender: '7a6b0c1d-2e3f-4a5b-8c9d-0e1f2a3b4c5d', label: 'NetworkID AN01000000001', default_cost_centre_id: null, segment_type: null };
const PEPPOL = { channel: 'peppol', sender: '0208:0412345614', label: '0208:0412345614', default_cost_centre_id: WARD.id, segment_type: null };

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer(({ path, method, body }) => {
    if (path === '/cost-centres') return { status: 200, body: { over_budget: 'refuse', cost_centres: [WARD] } };
    if (path === '/users') return { status: 200, body: [] };
    if (path === '/cost-centres/procurement-systems' && method === 'GET') return { status: 200, body: { items: [CXML, PEPPOL] } };
    if (path === '/cost-centres/procurement-systems' && method === 'PUT') {
      const sent = body as { channel: string; default_cost_centre_id: string | null; segment_type?: string | null };
      return { status: 200, body: { ...(sent.channel === 'cxml' ? CXML : PEPPOL), default_cost_centre_id: sent.default_cost_centre_id, segment_type: sent.segment_type ?? null } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe('Cost centres page: procurement systems', () => {
  it("lists the organisation's procurement systems with their default cost centre and saves a new default and segment type", async () => {
    await renderAccountPage(<CostCentresPage />, '/en/user/cost-centres');
    const section = await screen.findByRole('region', { name: EN['account.budgets.systems.title'] });
    const cxml = await within(section).findByRole('form', { name: 'Settings of cXML NetworkID AN01000000001' });
    const peppol = within(section).getByRole('form', { name: 'Settings of Peppol 0208:0412345614' });
    // Peppol's default is shown; it has no segment type to set.
    expect((within(peppol).getByRole('combobox', { name: EN['account.budgets.systems.default'] }) as HTMLSelectElement).value).toBe(WARD.id);
    expect(within(peppol).queryByRole('textbox')).toBeNull();

    const select = within(cxml).getByRole('combobox', { name: EN['account.budgets.systems.default'] }) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([EN['account.budgets.systems.none'], 'WARD-A — Emergency ward']);
    fireEvent.change(select, { target: { value: WARD.id } });
    fireEvent.change(within(cxml).getByRole('textbox', { name: new RegExp(EN['account.budgets.systems.segment']!) }), { target: { value: ' Kostenstelle ' } });
    fireEvent.click(within(cxml).getByRole('button', { name: EN['account.budgets.systems.save'] }));
    expect(await within(cxml).findByText('The settings of cXML NetworkID AN01000000001 were saved.')).toBeTruthy();
    await waitFor(() => expect(api.calls('/cost-centres/procurement-systems').filter((c) => c.method === 'PUT')).toHaveLength(1));
    const [put] = api.calls('/cost-centres/procurement-systems').filter((c) => c.method === 'PUT');
    expect(put!.body).toEqual({ channel: 'cxml', sender: CXML.sender, default_cost_centre_id: WARD.id, segment_type: 'Kostenstelle' });
  });

  it('speaks Dutch on the Dutch page', async () => {
    await renderAccountPage(<CostCentresPage />, '/nl/user/cost-centres');
    const section = await screen.findByRole('region', { name: NL['account.budgets.systems.title'] });
    expect(await within(section).findByText(NL['account.budgets.systems.intro']!)).toBeTruthy();
    expect(await within(section).findAllByRole('combobox', { name: NL['account.budgets.systems.default'] })).toHaveLength(2);
  });
});
