// An order waiting for approval through what the approver and the buyer see (issue 33): the approver
// approves with a comment; a price changed meanwhile is shown line by line and the changed order is
// approved; the buyer sees no decision buttons, only the status.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@portal/shared/schemas/orders';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderOrdersPage } from '../test-support/orders-page';
import ApprovalDetailPage from './approval-detail';

const ID = '00000000-0000-4000-8000-0000000000a1';
const PATH = '/:lang/my-orders/approvals/:id';
let current: ApprovalRequest;
let changedOnce: boolean;
let api: ApiServer;
const base = (): ApprovalRequest => ({
  id: ID,
  status: 'pending',
  buyer: 'Lucas Janssens',
  created_at: '2026-11-20T10:00:00.000Z',
  total_incl_vat: 24_200,
  order_id: null,
  order_number: null,
  reasons: [{ kind: 'order_total_above', amount_cents: 10_000 }, { kind: 'budget', amount_cents: 1_250, cost_centre: { code: 'ER', name: 'Emergency' } }],
  lines: [{ product_id: 'p1', name: 'Vacuum splint', quantity: 2, unit_excl_vat: 10_000, vat_rate: 21 }],
  totals: { excl_vat: 20_000, vat: 4_200, incl_vat: 24_200, shipping_excl_vat: 0, discount_excl_vat: 0 },
  delivery: { label: 'Main', street: 'Kaai', nr: '1', box: null, postal_code: '2000', city: 'Antwerpen', country: 'BE', email: null, phone: null },
  external_order_number: 'PO-1',
  remarks: null,
  comment: null,
  decided_by: null,
  decided_at: null,
  changes: [],
  can_decide: true,
  history: [{ event: 'submitted', at: '2026-11-20T10:00:00.000Z', by: 'Lucas Janssens', note: null }],
});
const approved = (comment: string): ApprovalRequest => ({ ...current, status: 'approved', comment, decided_by: 'Sophie Peeters', decided_at: '2026-11-21T10:00:00.000Z', order_id: 'o1', order_number: 'SO-2026-000042', can_decide: false, changes: [] });

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === `/approval-requests/${ID}` && method === 'GET') return { status: 200, body: current };
    if (path === `/approval-requests/${ID}/decision`) {
      const d = body as { decision: string; comment: string; accept_changes: boolean };
      if (changedOnce && !d.accept_changes) {
        const changes = [{ product_id: 'p1', name: 'Vacuum splint', kind: 'price' as const, before: 10_000, after: 11_000 }];
        current = { ...current, changes };
        return { status: 409, body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'APPROVAL_CHANGED', changes } };
      }
      current = approved(d.comment);
      return { status: 200, body: current };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  current = base();
  changedOnce = false;
  signInForTest({ role: 'admin' });
});

describe('An order waiting for approval', () => {
  it('the approver approves it with a comment: placed, with a link to the order', async () => {
    await renderOrdersPage(<ApprovalDetailPage />, `/en/my-orders/approvals/${ID}`, { path: PATH });
    const detail = await screen.findByTestId('approval-detail');
    const reasons = within(detail).getByTestId('approval-reasons').textContent;
    expect(reasons).toContain('€100.00');
    // A budget exceeded names its cost centre and what was left (issue 33).
    expect(reasons).toContain('exceeds the budget of cost centre ER — Emergency: €12.50 was left');
    await userEvent.type(within(detail).getByRole('textbox', { name: EN['approvals.decision.comment'] }), 'Fine');
    await userEvent.click(within(detail).getByRole('button', { name: EN['approvals.decision.approve'] }));
    await waitFor(() => expect(screen.getByTestId('approval-outcome').textContent).toContain('SO-2026-000042'));
    expect(api.calls(`/approval-requests/${ID}/decision`)[0]!.body).toEqual({ decision: 'approve', comment: 'Fine', accept_changes: false });
    expect(screen.getByTestId('approval-comment').textContent).toContain('Fine');
    expect(screen.queryByRole('button', { name: EN['approvals.decision.approve'] })).toBeNull();
    // The page no longer calls it waiting (issue 44.12).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(EN['approvals.title.approved']);
  });

  it('a decided request is titled by its outcome, not as waiting', async () => {
    current = { ...approved(''), status: 'rejected', order_id: null, order_number: null };
    await renderOrdersPage(<ApprovalDetailPage />, `/en/my-orders/approvals/${ID}`, { path: PATH });
    await screen.findByTestId('approval-outcome');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rejected order');
    expect(screen.queryByText('Order waiting for approval')).toBeNull();
  });

  it('a changed price is shown, and the changed order approved on purpose', async () => {
    changedOnce = true;
    await renderOrdersPage(<ApprovalDetailPage />, `/en/my-orders/approvals/${ID}`, { path: PATH });
    await userEvent.click(await screen.findByRole('button', { name: EN['approvals.decision.approve'] }));
    const changes = await screen.findByTestId('approval-changes');
    expect(changes.textContent).toContain('€100.00');
    expect(changes.textContent).toContain('€110.00');
    await userEvent.click(await screen.findByRole('button', { name: EN['approvals.decision.approveChanged'] }));
    await waitFor(() => expect(screen.getByTestId('approval-outcome').textContent).toContain('SO-2026-000042'));
    expect(api.calls(`/approval-requests/${ID}/decision`).at(-1)!.body).toMatchObject({ decision: 'approve', accept_changes: true });
  });

  it('the buyer sees it waiting, without the decision', async () => {
    current = { ...base(), can_decide: false };
    signInForTest({ role: 'buyer' });
    await renderOrdersPage(<ApprovalDetailPage />, `/en/my-orders/approvals/${ID}`, { path: PATH });
    expect((await screen.findByTestId('approval-outcome')).textContent).toBe(EN['approvals.outcome.pending']);
    expect(screen.queryByRole('button', { name: EN['approvals.decision.approve'] })).toBeNull();
    expect(screen.queryByRole('button', { name: EN['approvals.decision.reject'] })).toBeNull();
  });
});
