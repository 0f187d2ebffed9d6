// The users admin: the overview for administrators, a clear refusal for anyone else.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas/account';
import { EN, renderAccountPage } from '../test-support/account-page';
import UsersPage from './users';

let answer: () => TestResponse;
let api: ApiServer;
const user = { id: 'u2', first_name: 'Nina', last_name: 'Collega', email: 'nina@example.be', phone: null, function: null, role: 'buyer', status: 'invited', created_at: '2026-11-24T08:00:00Z' };

beforeAll(async () => {
  api = await startApiServer(({ path }) => (path === '/users' ? answer() : undefined));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe('Users', () => {
  it('lists the users with their role and status, each linking to its edit page', async () => {
    answer = () => ({ status: 200, body: [user] });
    await renderAccountPage(<UsersPage />, '/en/user/users');
    const link = await screen.findByRole('link', { name: 'Nina Collega' });
    expect(link.getAttribute('href')).toBe('/en/user/users/u2');
    expect(screen.getByRole('cell', { name: EN['account.users.status.invited'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: EN['account.users.invite'] }).getAttribute('href')).toBe('/en/user/users/new');
  });

  it('tells a buyer that only administrators manage users', async () => {
    answer = () => ({ status: 403, contentType: 'application/problem+json', body: { title: 'Forbidden', status: 403, code: ACCOUNT_ERRORS.ADMINS_ONLY } });
    await renderAccountPage(<UsersPage />, '/en/user/users');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(EN['account.users.adminsOnly.title']!)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
