// The staff section on imports: the jobs with client, status and counts, and a job's refused lines
// shown on request, a page at a time.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, NL, renderAccountPage } from '../../../test-support/account-page';
import { ImportJobsSection } from './import-jobs-section';

const job = {
  id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e01',
  kind: 'stock',
  client_name: 'Demo WMS',
  status: 'done',
  accepted: 120,
  unchanged: 4,
  refused: 3,
  last_committed_line: 127,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:01:00.000Z',
  finished_at: '2026-11-27T09:01:00.000Z',
  error: null,
};
const clean = { ...job, id: '0b6f2c1e-5d1e-4c55-9d8e-0a7d7c9b1e02', kind: 'products', client_name: 'Demo PIM', status: 'running', refused: 0, finished_at: null };

let api: ApiServer;
let jobs: unknown[] = [];
beforeAll(async () => {
  api = await startApiServer(({ method, path, query }) => {
    if (method === 'GET' && path === '/staff/integration/imports') return { status: 200, body: { items: jobs } };
    if (method === 'GET' && path === `/staff/integration/imports/${job.id}/refusals`) {
      const first = query.get('after') === '0';
      return {
        status: 200,
        body: first
          ? { items: [{ line: 7, code: 'IMPORT_UNKNOWN_PRODUCT', message: 'No product NO-1' }, { line: 9, code: 'IMPORT_INVALID_RECORD', message: 'level: too small' }], next_after: 9 }
          : { items: [{ line: 12, code: 'IMPORT_BAD_JSON', message: 'not JSON' }], next_after: null },
      };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  jobs = [job, clean];
  signInForTest();
});

describe('ImportJobsSection', () => {
  it('lists the jobs with their progress and shows a job’s refused lines page by page', async () => {
    await renderAccountPage(<ImportJobsSection />, '/en/user/integration');
    const section = await screen.findByRole('region', { name: EN['account.integration.imports.title'] });
    const table = await within(section).findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Demo WMS');
    expect(first!.textContent).toContain('120 accepted, 4 unchanged, 3 refused');
    expect(first!.textContent).toContain(EN['account.integration.imports.status.done']);
    expect(second!.textContent).toContain(EN['account.integration.imports.status.running']);
    // Only the job with refused lines offers them.
    expect(within(second!).queryByRole('button')).toBeNull();
    const show = within(first!).getByRole('button', { name: /^Refused lines of the Stock import of Demo WMS/ });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    const refusals = await screen.findByRole('region', { name: /^Refused lines: Stock of Demo WMS/ });
    expect(await within(refusals).findByText('No product NO-1')).toBeTruthy();
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(refusals).getByRole('button', { name: EN['account.integration.imports.refusals.more'] }));
    expect(await within(refusals).findByText('not JSON')).toBeTruthy();
    await waitFor(() => expect(within(refusals).queryByRole('button', { name: EN['account.integration.imports.refusals.more'] })).toBeNull());
    expect(api.calls(`/staff/integration/imports/${job.id}/refusals`)).toHaveLength(2);
    // Pressed again, the refused lines are hidden.
    fireEvent.click(show);
    expect(screen.queryByRole('region', { name: /^Refused lines: / })).toBeNull();    // A job is still running: the list is read again to follow its progress.
    await waitFor(() => expect(api.calls('/staff/integration/imports').length).toBeGreaterThan(1), { timeout: 15_000 });
  });

  it('says there are no imports yet', async () => {
    jobs = [];
    await renderAccountPage(<ImportJobsSection />, '/nl/user/integration');
    expect(await screen.findByText(NL['account.integration.imports.empty']!)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
