// A receiving organisation's recall notice (issue 42, decision 074): what it covers in the reader's
// language, the deliveries, and the answer sent, refused when it counts more than was received;
// and the staff's follow-up with its figures. The pages are checked with axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import RecallPage from './recall';

const ID = '3c9d2e1f-7a6b-4c5d-8e9f-0a1b2c3d4e5f';
const text = { en: 'Sterile barrier may be compromised', nl: 'Steriele barrière mogelijk beschadigd', fr: 'Barrière stérile compromise' };
const delivery = { order_number: 'SO-1', shipment_id: 'WH-1', shipped_on: '2026-11-27', lot: 'L1', expiry_on: '2028-01-31', serial_numbers: [], units: 8, delivery_address: 'Central store, Kaai 1, 2000 Antwerpen, BE' };
const notice = {
  id: ID,
  kind: 'recall',
  reference: 'FSCA-1',
  gtin: '05412345000013',
  lots: ['L1'],
  serial_numbers: [],
  expiry_from: null,
  expiry_to: null,
  opened_at: '2026-12-07T09:00:00.000Z',
  opened_by: 'ERP',
  reason: text,
  instructions: text,
  units_received: 8,
  answered_at: null,
  units_on_hand: null,
  units_used: null,
  units_to_return: null,
  deliveries: [delivery],
};

let answer: (body: unknown) => TestResponse;
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer(({ path, method, body }) => {
    if (path === `/recalls/${ID}` && method === 'GET') return { status: 200, body: notice };
    if (path === `/recalls/${ID}/answer`) return answer(body);
    if (path === `/staff/recalls/${ID}`) {
      return {
        status: 200,
        body: {
          ...notice,
          units_outstanding: 8,
          organisations_told: 1,
          organisations_answered: 0,
          receivers: [{ organisation_id: 'o1', organisation_name: 'Zorggroep Scheldeland', units_received: 8, told: ['sophie@example.be'], told_at: notice.opened_at, answered_at: null, answered_by: null, units_on_hand: null, units_used: null, units_to_return: null, units_outstanding: 8, deliveries: [delivery] }],
        },
      };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { rules: { region: { enabled: false } } });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('Recall page', () => {
  it('shows the notice in Dutch, refuses an answer over what was received, then sends the answer', async () => {
    signInForTest({ role: 'buyer' });
    const { container } = await renderAccountPage(<RecallPage />, `/nl/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    const table = await screen.findByRole('table');
    // The reason and instructions in the reader's language only.
    expect(container.textContent).toContain(`${NL['account.recalls.reason']} ${text.nl}`);
    expect(container.textContent).not.toContain(text.en);
    expect(within(table).getByRole('rowheader').textContent).toBe('SO-1');
    expect(await axeViolations(container)).toEqual([]);
    answer = () => ({ status: 422, body: { title: 'Unprocessable', status: 422, code: 'RECALL_ANSWER_EXCEEDS_RECEIVED', errors: [{ path: 'units_on_hand', message: 'validation.tooBig.number' }] } });
    await userEvent.type(screen.getByRole('textbox', { name: NL['account.recalls.answer.units_on_hand'] }), '9');
    await userEvent.click(screen.getByRole('button', { name: NL['account.recalls.answer.submit'] }));
    expect(await screen.findByText(NL['account.recalls.answer.exceeds']!.replace('{count}', '8'))).toBeTruthy();
    answer = (body) => ({ status: 200, body: { ...notice, ...(body as object), answered_at: '2026-12-07T10:00:00.000Z' } });
    const onHand = screen.getByRole('textbox', { name: NL['account.recalls.answer.units_on_hand'] });
    await userEvent.clear(onHand);
    await userEvent.type(onHand, '5');
    await userEvent.type(screen.getByRole('textbox', { name: NL['account.recalls.answer.units_used'] }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: NL['account.recalls.answer.units_to_return'] }), '5');
    await userEvent.click(screen.getByRole('button', { name: NL['account.recalls.answer.submit'] }));
    expect(await screen.findByText(NL['account.recalls.answer.saved']!)).toBeTruthy();
    await waitFor(() => expect(api.calls(`/recalls/${ID}/answer`).at(-1)!.body).toEqual({ units_on_hand: 5, units_used: 3, units_to_return: 5 }));
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows the staff the receivers, whom they told and what is still out", async () => {
    signInForTest({ role: 'case_manager' });
    const { container } = await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Zorggroep Scheldeland' })).toBeTruthy();
    expect(screen.getByText('Told: sophie@example.be')).toBeTruthy();
    expect(screen.getByRole('button', { name: EN['account.recalls.export'] })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});
