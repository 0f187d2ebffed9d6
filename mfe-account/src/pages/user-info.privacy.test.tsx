// "Your data" on the profile page (issue 44): the download in both formats with the session, and a
// web-shop customer closing their account after a confirmation whose focus starts on Cancel and
// comes back to the button; a member of an organisation is sent to its administrator.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import type { Profile } from '@portal/shared/schemas/account';
import { sessionStore } from '@portal/shared/session';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import UserInfoPage from './user-info';

const customer: Profile = { id: 'u9', first_name: 'Noor', last_name: 'Maes', email: 'noor@example.be', phone: null, function: null, email_verified: true, role: null, organisation_name: null, locale: 'nl' };
let current: Profile;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/profile' && method === 'GET') return { status: 200, body: current };
    if (path === '/addresses' && method === 'GET') return { status: 200, body: [] };
    if (path === '/profile/data' && method === 'GET') return { status: 200, body: { exported_at: '2026-12-07T10:00:00.000Z', profile: { email: current.email }, sections: {} } };
    if (path === '/profile/data/csv' && method === 'GET') return { status: 200, contentType: 'text/csv; charset=utf-8', body: 'section,record,field,value\r\n' };
    if (path === '/profile/close' && method === 'POST') return { status: 200, body: { closed_at: '2026-12-07T10:00:00.000Z', erased_from: '2027-12-07' } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
  current = { ...customer };
});

describe('Your data', () => {
  it('downloads the data as JSON and as CSV with the session', async () => {
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    await userEvent.click(await screen.findByRole('button', { name: EN['account.privacy.download.json'] }));
    await waitFor(() => expect(api.calls('/profile/data')).toHaveLength(1));
    expect(api.calls('/profile/data')[0]!.headers.authorization).toMatch(/^Bearer /);
    await userEvent.click(screen.getByRole('button', { name: EN['account.privacy.download.csv'] }));
    await waitFor(() => expect(api.calls('/profile/data/csv')).toHaveLength(1));
    expect(api.calls('/profile/data/csv')[0]!.headers.accept).toContain('text/csv');
    expect(screen.queryByText(EN['account.privacy.download.failed']!)).toBeNull();
  });

  it('asks before closing: Cancel has the focus, and cancelling closes nothing and gives the focus back', async () => {
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    const close = await screen.findByRole('button', { name: EN['account.privacy.close.action'] });
    await userEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: EN['account.privacy.close.confirmTitle'] });
    expect(dialog.textContent).toContain(EN['account.privacy.close.confirmMessage']);
    const cancel = within(dialog).getByRole('button', { name: EN['account.privacy.close.cancel'] });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(close));
    // Escape cancels too.
    await userEvent.click(close);
    await screen.findByRole('dialog', { name: EN['account.privacy.close.confirmTitle'] });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(api.calls('/profile/close')).toEqual([]);
  });

  it('closes the account once confirmed, signs out and goes to the sign-in page', async () => {
    const { router } = await renderAccountPage(<UserInfoPage />, '/en/user/info');
    await userEvent.click(await screen.findByRole('button', { name: EN['account.privacy.close.action'] }));
    const dialog = await screen.findByRole('dialog', { name: EN['account.privacy.close.confirmTitle'] });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['account.privacy.close.confirm'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/login'));
    expect(api.calls('/profile/close').map((c) => c.body)).toEqual([{ confirm: true }]);
    expect(sessionStore.getState().tokens).toBeFalsy();
    expect(await screen.findByText('Your account is closed. Your personal data will be deleted on December 7, 2027.')).toBeTruthy();
  });

  it('tells a member of an organisation, in Dutch, that its administrator closes the account', async () => {
    current = { ...customer, role: 'buyer', organisation_name: 'Zorggroep' };
    await renderAccountPage(<UserInfoPage />, '/nl/user/info');
    expect(await screen.findByText(NL['account.privacy.close.byAdministrator']!)).toBeTruthy();
    expect(screen.getByRole('button', { name: NL['account.privacy.download.json'] })).toBeTruthy();
    expect(screen.queryByRole('button', { name: NL['account.privacy.close.action'] })).toBeNull();
  });
});
