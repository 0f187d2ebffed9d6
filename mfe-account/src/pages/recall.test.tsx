// A receiving organisation's recall notice (issue 42, decision 074): what it covers in the reader's
// language, the deliveries, and the answer sent, refused when it counts more than was received;
// and the staff's follow-up with its figures; the staff's Correct and Close dialogs (decision 080):
// keyboard-reachable, focus moved in and given back, a narrowing refused and said, a closed recall
// without actions or answer form. The pages are checked with axe.
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
  corrected_at: null,
  corrected_by: null,
  closed_at: null,
  closed_by: null,
  closing_note: null,
  received_by: 'organisation',
  reason: text,
  instructions: text,
  units_received: 8,
  answered_at: null,
  units_on_hand: null,
  units_used: null,
  units_to_return: null,
  deliveries: [delivery],
};

const receiver = { organisation_id: 'o1', organisation_name: 'Zorggroep Scheldeland', customer_name: null, units_received: 8, told: ['sophie@example.be'], told_at: notice.opened_at, answered_at: null, answered_by: null, units_on_hand: null, units_used: null, units_to_return: null, units_outstanding: 8, deliveries: [delivery] };
const customer = { ...receiver, organisation_id: null, organisation_name: '', customer_name: 'Noor Maes', told: ['noor@example.be'] };
const { received_by: _mine, ...followed } = notice;
const staffRecall = { ...followed, units_outstanding: 16, organisations_told: 1, organisations_answered: 0, customers_told: 1, customers_answered: 0, receivers: [receiver, customer] };

let answer: (body: unknown) => TestResponse;
let myNotice: Record<string, unknown>;
let staffState: Record<string, unknown>;
let correct: (body: unknown) => TestResponse;
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer(({ path, method, body }) => {
    if (path === `/recalls/${ID}` && method === 'GET') return { status: 200, body: myNotice };
    if (path === `/recalls/${ID}/answer`) return answer(body);
    if (path === `/staff/recalls/${ID}` && method === 'GET') return { status: 200, body: staffState };
    if (path === `/staff/recalls/${ID}` && method === 'PATCH') return correct(body);
    if (path === `/staff/recalls/${ID}/close` && method === 'POST') {
      staffState = { ...staffState, closed_at: '2026-12-07T11:00:00.000Z', closed_by: 'An Claes', closing_note: (body as { note: unknown }).note };
      return { status: 200, body: staffState };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  myNotice = notice;
  staffState = staffRecall;
});

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

  it("reads and answers the person's own notice where the recall also reached their organisation (decision 086)", async () => {
    signInForTest({ role: 'buyer' });
    myNotice = { ...notice, received_by: 'customer', units_received: 4 };
    await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}?received_by=customer`, { path: '/:lang/user/recalls/:id' });
    await screen.findByRole('table');
    expect(api.calls(`/recalls/${ID}`).at(-1)!.query.get('received_by')).toBe('customer');
    answer = (body) => ({ status: 200, body: { ...myNotice, ...(body as object), answered_at: '2026-12-07T10:00:00.000Z' } });
    await userEvent.type(screen.getByRole('textbox', { name: EN['account.recalls.answer.units_on_hand'] }), '2');
    await userEvent.click(screen.getByRole('button', { name: EN['account.recalls.answer.submit'] }));
    expect(await screen.findByText(EN['account.recalls.answer.saved']!)).toBeTruthy();
    expect(api.calls(`/recalls/${ID}/answer`).at(-1)!.query.get('received_by')).toBe('customer');
  });

  it("shows the staff the receivers, whom they told and what is still out", async () => {
    signInForTest({ role: 'case_manager' });
    const { container } = await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Zorggroep Scheldeland' })).toBeTruthy();
    expect(screen.getByText('Told: sophie@example.be')).toBeTruthy();
    expect(screen.getByRole('button', { name: EN['account.recalls.export'] })).toBeTruthy();
    // A web-shop customer is a receiver of their own.
    expect(screen.getByRole('heading', { level: 2, name: EN['account.recalls.customer']!.replace('{name}', 'Noor Maes') })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('corrects the recall in a dialog by keyboard: a narrowing is refused and said, a widening saved, focus given back', async () => {
    signInForTest({ role: 'case_manager' });
    const { container } = await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    const open = await screen.findByRole('button', { name: EN['account.recalls.correct.open'] });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: EN['account.recalls.correct.title'] });
    const lots = within(dialog).getByRole('textbox', { name: EN['account.recalls.form.lots'] });
    await waitFor(() => expect(document.activeElement).toBe(lots));
    expect((lots as HTMLInputElement).value).toBe('L1');
    expect(await axeViolations(dialog)).toEqual([]);

    correct = () => ({ status: 422, body: { title: 'Unprocessable', status: 422, code: 'RECALL_NARROWING_REFUSED', errors: [{ path: 'lots', message: 'validation.invalid.value' }] } });
    await userEvent.clear(lots);
    await userEvent.type(lots, 'L2{Enter}');
    expect(await within(dialog).findByText(EN['account.recalls.correct.narrowing']!)).toBeTruthy();
    expect(within(dialog).getByText(EN['account.recalls.correct.narrowingField']!)).toBeTruthy();
    expect(api.calls(`/staff/recalls/${ID}`).filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ lots: ['L2'] });

    correct = (body) => {
      staffState = { ...staffState, lots: (body as { lots: string[] }).lots, corrected_at: '2026-12-07T10:30:00.000Z', corrected_by: 'An Claes' };
      return { status: 200, body: staffState };
    };
    await userEvent.clear(lots);
    await userEvent.type(lots, 'L1, L2');
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.recalls.correct.submit'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/staff/recalls/${ID}`).filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ lots: ['L1', 'L2'] });
    expect(await screen.findByText(EN['account.recalls.lots']!.replace('{lots}', 'L1, L2'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: EN['account.recalls.correct.open'] })));
    expect(await axeViolations(container)).toEqual([]);
  });

  it('closes the recall with a note in three languages, after which it offers no more actions', async () => {
    signInForTest({ role: 'case_manager' });
    await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    await userEvent.click(await screen.findByRole('button', { name: EN['account.recalls.close.open'] }));
    const dialog = await screen.findByRole('dialog', { name: EN['account.recalls.close.title'] });
    const note = { en: 'All returned', nl: 'Alles teruggestuurd', fr: 'Tout renvoyé' };
    const first = within(dialog).getByRole('textbox', { name: EN['account.recalls.close.note']!.replace('{lang}', 'EN') });
    await waitFor(() => expect(document.activeElement).toBe(first));
    for (const lang of ['en', 'nl', 'fr'] as const) {
      await userEvent.type(within(dialog).getByRole('textbox', { name: EN['account.recalls.close.note']!.replace('{lang}', lang.toUpperCase()) }), note[lang]);
    }
    // Escape leaves without closing anything; the dialog opens again as it was left.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/staff/recalls/${ID}/close`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: EN['account.recalls.close.open'] }));
    const again = await screen.findByRole('dialog', { name: EN['account.recalls.close.title'] });
    for (const lang of ['en', 'nl', 'fr'] as const) {
      await userEvent.type(within(again).getByRole('textbox', { name: EN['account.recalls.close.note']!.replace('{lang}', lang.toUpperCase()) }), note[lang]);
    }
    await userEvent.click(within(again).getByRole('button', { name: EN['account.recalls.close.submit'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/staff/recalls/${ID}/close`).at(-1)!.body).toEqual({ note });
    expect(await screen.findByText(EN['account.recalls.closed']!.replace('{date}', 'Dec 7, 2026').replace('{who}', 'An Claes'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: EN['account.recalls.close.open'] })).toBeNull();
    expect(screen.queryByRole('button', { name: EN['account.recalls.correct.open'] })).toBeNull();
    // The Close button is gone: focus is given to the export, not lost on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: EN['account.recalls.export'] })));
  });

  it('shows a closed notice without the answer form, and the answer the organisation gave', async () => {
    signInForTest({ role: 'buyer' });
    myNotice = { ...notice, closed_at: '2026-12-07T11:00:00.000Z', closed_by: 'An Claes', closing_note: text, answered_at: '2026-12-07T10:00:00.000Z', units_on_hand: 1, units_used: 6, units_to_return: 1 };
    await renderAccountPage(<RecallPage />, `/en/user/recalls/${ID}`, { path: '/:lang/user/recalls/:id' });
    expect(await screen.findByText(EN['account.recalls.closed']!.replace('{date}', 'Dec 7, 2026').replace('{who}', 'An Claes'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: EN['account.recalls.answer.submit'] })).toBeNull();
    // The form is gone: the answer is still said (the browser journey found it said nowhere).
    expect(screen.getByText('Answered on Dec 7, 2026: 1 on hand, 6 used, 1 to return.')).toBeTruthy();
  });
});
