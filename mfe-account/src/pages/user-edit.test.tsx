// Editing a user: the last administrator stays, and the page says why.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas/account';
import { EN, renderAccountPage } from '../test-support/account-page';
import UserEditPage from './user-edit';

const sophie = { id: 'u1', first_name: 'Sophie', last_name: 'Peeters', email: 'sophie@example.be', phone: null, function: null, role: 'admin', status: 'active', created_at: '2026-11-24T08:00:00Z' };
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/users/u1' && method === 'GET') return { status: 200, body: sophie };
    if (path === '/users/u1' && method === 'PUT') {
      return { status: 409, contentType: 'application/problem+json', body: { title: 'Conflict', status: 409, code: ACCOUNT_ERRORS.LAST_ADMIN } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe('Edit user', () => {
  it('keeps the last administrator and says so', async () => {
    await renderAccountPage(<UserEditPage />, '/en/user/users/u1', { path: '/:lang/user/users/:id' });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: EN['account.users.role'] }), 'buyer');
    await userEvent.click(screen.getByRole('button', { name: EN['account.users.save'] }));
    expect(await screen.findByText(EN['account.lastAdmin']!)).toBeTruthy();
    expect(api.calls('/users/u1').find((c) => c.method === 'PUT')!.body).toEqual({ role: 'buyer', active: true });
  });
});
