// Inviting a user is an administrator's page: a buyer is told so at once, not refused on submit
// after filling in the whole form (issue 32).
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN, renderAccountPage } from '../test-support/account-page';
import UserNewPage from './user-new';

let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(() => undefined);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('Invite a user', () => {
  it('tells a buyer up front that only administrators invite users, without the form', async () => {
    signInForTest({ role: 'buyer' });
    await renderAccountPage(<UserNewPage />, '/en/user/users/new');
    expect(await screen.findByText(EN['account.users.adminsOnly.title']!)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives an administrator the invitation form', async () => {
    signInForTest({ role: 'admin' });
    await renderAccountPage(<UserNewPage />, '/en/user/users/new');
    expect((await screen.findAllByRole('textbox')).length).toBeGreaterThan(0);
    expect(screen.queryByText(EN['account.users.adminsOnly.title']!)).toBeNull();
  });
});
