// The staff section on webhook deliveries: the list with tries and last error, and a replay of a
// dead delivery that reloads the list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderAccountPage } from '../../../test-support/account-page';
import { WebhookDeliveriesSection } from './webhook-deliveries-section';

const dead = {
  id: 'd1',
  webhook_id: 'w1',
  client_name: 'ERP',
  url: 'https://erp.example.com/hooks',
  event_id: 'e1',
  event_type: 'order.placed',
  status: 'dead',
  attempts: 8,
  next_attempt_at: null,
  last_attempt_at: '2026-11-27T10:00:00.000Z',
  last_status_code: 503,
  last_error: 'the receiver answered 503',
  delivered_at: null,
};
const waiting = { ...dead, id: 'd2', event_id: 'e2', event_type: 'order.status_changed', status: 'pending', attempts: 0, last_error: null, last_status_code: null, last_attempt_at: null, next_attempt_at: '2026-11-27T10:00:00.000Z' };

let api: ApiServer;
let replayed = false;
beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (method === 'GET' && path === '/staff/integration/deliveries') return { status: 200, body: { items: replayed ? [{ ...dead, status: 'pending', attempts: 0 }, waiting] : [dead, waiting] } };
    if (method === 'POST' && path === '/staff/integration/deliveries/d1/replay') {
      replayed = true;
      return { status: 204 };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  replayed = false;
  signInForTest();
});

describe('WebhookDeliveriesSection', () => {
  it('lists the deliveries with tries and last error, and replays a dead one', async () => {
    await renderAccountPage(<WebhookDeliveriesSection />, '/en/staff/integration');
    expect(await screen.findByText('the receiver answered 503')).toBeTruthy();
    expect(screen.getByRole('heading', { name: EN['account.integration.deliveries.title'] })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText(EN['account.integration.deliveries.status.dead']!)).toBeTruthy();
    // Only the dead one can be sent again; the pending one is still being tried.
    const buttons = screen.getAllByRole('button', { name: /order\./ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send order.placed to ERP again' }));
    await waitFor(() => expect(api.calls('/staff/integration/deliveries/d1/replay')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: /order\./ })).toBeNull());
  });
});
