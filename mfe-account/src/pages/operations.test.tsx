// The staff's operations page (issue 43, decision 081): every figure with its label, value, unit and
// status in words, the queues and the hours, the time of the reading and a refresh that moves them;
// a customer is told the page is not theirs; an instance without metrics says so.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { API_ERRORS, type OperationsFigures } from '@portal/shared/schemas/account';
import { operationsQueryOptions } from '../features/operations/api/operations';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import OperationsPage from './operations';

const figures = (placed: number, at = '2026-12-07T10:00:00.000Z'): OperationsFigures => ({
  recording: true,
  generated_at: at,
  instance_started_at: '2026-12-07T07:30:00.000Z',
  orders: {
    status: 'fine',
    since: '2026-12-07T09:00:00.000Z',
    placed,
    server_errors: 0,
    per_hour: [
      { from: '2026-12-07T09:00:00.000Z', to: at, placed },
      { from: '2026-12-07T08:00:00.000Z', to: '2026-12-07T09:00:00.000Z', placed: 4 },
    ],
  },
  requests: { status: 'attention', since: '2026-12-07T09:55:00.000Z', window_seconds: 300, total: 200, server_errors: 10, error_ratio: 0.05 },
  queues: [
    { queue: 'outbox', status: 'fine', depth: 0, oldest_age_seconds: 0, failed: 0 },
    { queue: 'webhook_deliveries', status: 'attention', depth: 3, oldest_age_seconds: 1_800, failed: 0 },
    { queue: 'invoice_deliveries', status: 'attention', depth: 1, oldest_age_seconds: 45, failed: 2 },
  ],
  failed_invoice_deliveries: { status: 'attention', count: 2 },
  jobs: { status: 'attention', since: '2026-12-07T09:00:00.000Z', failures: 3, failing: ['invoice_delivery'] },
  backup: { status: 'fine', last_success_at: '2026-12-07T04:00:00.000Z' },
});

let answer: () => TestResponse;
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer(({ path }) => (path === '/staff/operations' ? answer() : undefined));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest({ role: 'case_manager' });
});

const row = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;

describe('Operations page', () => {
  it('shows each figure with its label, value, unit and status in words', async () => {
    answer = () => ({ status: 200, body: figures(7) });
    await renderAccountPage(<OperationsPage />, '/en/user/operations');
    expect(screen.getByRole('heading', { level: 1, name: 'Operations' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: EN['account.operations.figures.caption'] });
    const orders = row(table, EN['account.operations.figure.orders']!);
    expect(orders.textContent).toContain('7 orders');
    expect(within(orders).getByText('Fine')).toBeTruthy();
    const errors = row(table, EN['account.operations.figure.errors']!);
    expect(errors.textContent).toContain('5%');
    expect(errors.textContent).toContain('10 of 200 answers');
    expect(within(errors).getByText('Needs attention')).toBeTruthy();
    expect(row(table, EN['account.operations.figure.deliveries']!).textContent).toContain('2 deliveries');
    expect(row(table, EN['account.operations.figure.jobs']!).textContent).toContain('3 failed runs');
    expect(row(table, EN['account.operations.figure.backup']!).textContent).toContain('6 hours ago');

    const queues = screen.getByRole('table', { name: EN['account.operations.queues.caption'] });
    const webhooks = row(queues, EN['account.operations.queue.webhook_deliveries']!);
    expect(within(webhooks).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '30 minutes', '0', 'Needs attention']);
    expect(within(row(queues, EN['account.operations.queue.outbox']!)).getAllByRole('cell')[1]!.textContent).toBe('none waiting');
    const hours = screen.getByRole('table', { name: EN['account.operations.hours.caption'] });
    expect(within(hours).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('operations-updated').textContent).toMatch(/^Last updated at /);
  });

  it('reads the figures again on its own every half minute, and at once on "Refresh now"', async () => {
    expect(operationsQueryOptions().refetchInterval).toBe(30_000);
    let placed = 7;
    answer = () => ({ status: 200, body: figures(placed, placed === 7 ? '2026-12-07T10:00:00.000Z' : '2026-12-07T10:00:30.000Z') });
    await renderAccountPage(<OperationsPage />, '/en/user/operations');
    const table = await screen.findByRole('table', { name: EN['account.operations.figures.caption'] });
    const updated = screen.getByTestId('operations-updated').textContent;
    placed = 8;
    fireEvent.click(screen.getByRole('button', { name: EN['account.operations.refresh'] }));
    await within(table).findByText('8 orders');
    expect(screen.getByTestId('operations-updated').textContent).not.toBe(updated);
    expect(api.calls('/staff/operations')).toHaveLength(2);
  });

  it('speaks Dutch, and says when the instance watches no backups', async () => {
    answer = () => ({ status: 200, body: { ...figures(1), backup: null } });
    await renderAccountPage(<OperationsPage />, '/nl/user/operations');
    const table = await screen.findByRole('table', { name: NL['account.operations.figures.caption'] });
    expect(row(table, NL['account.operations.figure.orders']!).textContent).toContain('1 bestelling');
    expect(within(table).queryByRole('rowheader', { name: NL['account.operations.figure.backup'] })).toBeNull();
    expect(screen.getByText(NL['account.operations.backup.notWatched']!)).toBeTruthy();
  });

  it("tells a customer that the page is for the supplier's staff", async () => {
    answer = () => ({ status: 403, contentType: 'application/problem+json', body: { title: 'Forbidden', status: 403, code: API_ERRORS.STAFF_ONLY } });
    await renderAccountPage(<OperationsPage />, '/en/user/operations');
    expect(await screen.findByText(EN['account.operations.staffOnly.title']!)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the instance records no metrics', async () => {
    answer = () => ({ status: 200, body: { recording: false, generated_at: '2026-12-07T10:00:00.000Z' } });
    await renderAccountPage(<OperationsPage />, '/en/user/operations');
    expect(await screen.findByText(EN['account.operations.off.title']!)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
