// An administrator closes a user's account from the user's page (issue 44): after a confirmation;
// the last administrator stays and the page says why; a person of another organisation too only
// leaves this one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas/account';
import { EN, renderAccountPage } from '../test-support/account-page';
import UserEditPage from './user-edit';

const lucas = { id: 'u2', first_name: 'Lucas', last_name: 'Janssens', email: 'lucas@example.be', phone: null, function: null, role: 'buyer', status: 'active', created_at: '2026-11-24T08:00:00Z' };
let answer: 'closed' | 'removed' | 'lastAdmin';
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/users/u2' && method === 'GET') return { status: 200, body: lucas };
    if (path === '/users/u2/close' && method === 'POST') {
      if (answer === 'lastAdmin') return { status: 409, contentType: 'application/problem+json', body: { title: 'Conflict', status: 409, code: ACCOUNT_ERRORS.LAST_ADMIN } };
      return { status: 200, body: { result: answer } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
  answer = 'closed';
});

async function closeLucas() {
  await renderAccountPage(<UserEditPage />, '/en/user/users/u2', { path: '/:lang/user/users/:id' });
  const button = await screen.findByRole('button', { name: EN['account.users.close.action'] });
  await userEvent.click(button);
  return { button, dialog: await screen.findByRole('dialog', { name: 'Close the account of Lucas Janssens?' }) };
}

describe("Closing a user's account", () => {
  it('closes nothing when cancelled, and gives the focus back to the button', async () => {
    const { button, dialog } = await closeLucas();
    const cancel = within(dialog).getByRole('button', { name: EN['account.users.close.cancel'] });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(api.calls('/users/u2/close')).toEqual([]);
  });

  it('closes the account once confirmed and says so', async () => {
    const { dialog } = await closeLucas();
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.users.close.confirm'] }));
    expect(await screen.findByText('The account of Lucas Janssens is closed.')).toBeTruthy();
    expect(api.calls('/users/u2/close').map((c) => c.method)).toEqual(['POST']);
    expect(screen.queryByRole('button', { name: EN['account.users.close.action'] })).toBeNull();
  });

  it('says when the person only left this organisation', async () => {
    answer = 'removed';
    const { dialog } = await closeLucas();
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.users.close.confirm'] }));
    expect(await screen.findByText('Lucas Janssens no longer belongs to your organisation; their account in another organisation stays.')).toBeTruthy();
  });

  it('keeps the last administrator and says why', async () => {
    answer = 'lastAdmin';
    const { dialog } = await closeLucas();
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.users.close.confirm'] }));
    expect(await screen.findByText(EN['account.lastAdmin']!)).toBeTruthy();
    expect(screen.getByRole('button', { name: EN['account.users.close.action'] })).toBeTruthy();
  });
});
