// The personal information form and the address book, against a real HTTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import type { Address, Profile } from '@portal/shared/schemas/account';
import { EN, NL, renderAccountPage } from '../test-support/account-page';
import UserInfoPage from './user-info';

const profile: Profile = { id: 'u1', first_name: 'Lucas', last_name: 'Janssens', email: 'lucas@example.be', phone: null, function: 'Nurse', email_verified: true, role: 'buyer', organisation_name: 'Zorggroep', locale: 'en' };
const address: Address = { id: 'a1', label: 'Central store', type: 'shipping', street: 'Kortrijksesteenweg', nr: '1026', box: 'B', postal_code: '9051', city: 'Gent', country: 'BE', email: 'store@example.be', phone: '+3292223344', is_default: true };
let current: Profile;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === '/profile' && method === 'GET') return { status: 200, body: current };
    if (path === '/profile' && method === 'PUT') {
      current = { ...current, ...(body as Partial<Profile>), phone: (body as { phone: string }).phone || null };
      return { status: 200, body: current };
    }
    if (path === '/addresses' && method === 'GET') return { status: 200, body: [address] };
    if (path === '/addresses/a1' && method === 'DELETE') return { status: 204 };
    if (path === '/profile/password' && method === 'POST') return { status: 204 };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
  current = { ...profile };
});

describe('User info', () => {
  it('refuses a wrong phone number in the browser, then saves the personal information', async () => {
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    const phone = await screen.findByRole('textbox', { name: EN['account.field.phone'] });
    expect(phone.getAttribute('placeholder')).toBe('+32 470 12 34 56');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: EN['account.profile.save'] }));
    expect(await screen.findByText('Wrong telephone number')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(api.calls('/profile').filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '0470 12 34 56');
    await userEvent.click(screen.getByRole('button', { name: EN['account.profile.save'] }));
    expect(await screen.findByText(EN['account.profile.saved']!)).toBeTruthy();
    const [put] = api.calls('/profile').filter((c) => c.method === 'PUT');
    expect(put!.body).toEqual({ first_name: 'Lucas', last_name: 'Janssens', phone: '+32470123456', function: 'Nurse', locale: 'en' });
  });

  it('lets the person choose the language of their mails, each language named in itself', async () => {
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    const language = await screen.findByRole('combobox', { name: EN['account.field.mailLocale'] });
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nederlands', 'Français', 'English']);
    expect((language as HTMLSelectElement).value).toBe('en');
    await userEvent.selectOptions(language, 'nl');
    await userEvent.click(screen.getByRole('button', { name: EN['account.profile.save'] }));
    expect(await screen.findByText(EN['account.profile.saved']!)).toBeTruthy();
    const [put] = api.calls('/profile').filter((c) => c.method === 'PUT');
    expect(put!.body).toMatchObject({ locale: 'nl' });
  });

  it('lists the address book in Dutch and deletes an address after a confirmation', async () => {
    await renderAccountPage(<UserInfoPage />, '/nl/user/info');
    const card = (await screen.findByRole('heading', { name: 'Central store' })).closest('article') as HTMLElement;
    expect(within(card).getByText(NL['account.addresses.default']!)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Central store verwijderen' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Ja, Central store verwijderen' }));
    await waitFor(() => expect(api.calls('/addresses/a1').map((c) => c.method)).toEqual(['DELETE']));
  });

  it('asks an unverified user to verify the email address before saving', async () => {
    current = { ...profile, email_verified: false };
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    await userEvent.click(await screen.findByRole('button', { name: EN['account.profile.save'] }));
    const dialog = await screen.findByRole('dialog', { name: EN['account.verifyEmail.title'] });
    expect(within(dialog).getByRole('link', { name: EN['account.verifyEmail.action'] }).getAttribute('href')).toContain('/en/auth/verify?purpose=email&email=lucas%40example.be');
    expect(api.calls('/profile').filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('changes the password: a confirmation that differs is refused in the browser, then the change is sent', async () => {
    await renderAccountPage(<UserInfoPage />, '/en/user/info');
    const password = await screen.findByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm new password/);
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(confirmation.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Oud-Wachtwoord-1');
    await userEvent.type(password, 'Nieuw-Wachtwoord-1');
    await userEvent.type(confirmation, 'Nieuw-Wachtwoord-2');
    await userEvent.click(screen.getByRole('button', { name: EN['account.password.save'] }));
    await waitFor(() => expect(confirmation.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls('/profile/password')).toEqual([]);

    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'Nieuw-Wachtwoord-1');
    await userEvent.click(screen.getByRole('button', { name: EN['account.password.save'] }));
    expect(await screen.findByText(EN['account.password.saved']!)).toBeTruthy();
    expect(api.calls('/profile/password').map((c) => c.body)).toEqual([
      { current_password: 'Oud-Wachtwoord-1', password: 'Nieuw-Wachtwoord-1', password_confirmation: 'Nieuw-Wachtwoord-1' },
    ]);
  });
});
