import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../test-support/render-page';
import ForgotPasswordPage from './forgot-password';
import ResetPasswordPage from './reset-password';

describe('forgot and reset password pages', () => {
  it('confirms without saying whether the address exists, and shows the failure message when the server fails', async () => {
    let fail = false;
    stubApi(({ path }) => (path === '/api/v1/auth/forgot-password' ? (fail ? { status: 503, body: { title: 'x', status: 503, code: 'UNAVAILABLE' } } : { status: 202, body: { status: 'accepted' } }) : undefined));
    renderPage(<ForgotPasswordPage />, '/en/auth/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'who@example.be');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain('If an account exists for who@example.be');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong resetting your password');
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });

  it('checks the confirmation, resets, and shows the reset failure message for a used link', async () => {
    let used = false;
    const calls = stubApi(({ path }) => {
      if (path !== '/api/v1/auth/reset-password') return undefined;
      if (used) return { status: 400, body: { title: 'Bad Request', status: 400, code: 'RESET_TOKEN_INVALID' } };
      used = true;
      return { status: 204 };
    });
    const { router, unmount } = renderPage(<ResetPasswordPage />, '/nl/auth/reset-password?token=tok');
    await userEvent.type(await screen.findByLabelText(/^Nieuw wachtwoord/), 'Nieuw-Wachtwoord-1');
    await userEvent.type(screen.getByLabelText(/^Bevestig het wachtwoord/), 'Anders-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Mijn nieuwe wachtwoord opslaan' }));
    expect(await screen.findByText('Uw wachtwoorden komen niet overeen')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Bevestig het wachtwoord/));
    await userEvent.type(screen.getByLabelText(/^Bevestig het wachtwoord/), 'Nieuw-Wachtwoord-1');
    await userEvent.click(screen.getByRole('button', { name: 'Mijn nieuwe wachtwoord opslaan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?notice=reset'));
    expect(calls[0]!.body).toEqual({ token: 'tok', password: 'Nieuw-Wachtwoord-1', password_confirmation: 'Nieuw-Wachtwoord-1' });
    unmount();

    renderPage(<ResetPasswordPage />, '/nl/auth/reset-password?token=tok');
    await userEvent.type(await screen.findByLabelText(/^Nieuw wachtwoord/), 'Nieuw-Wachtwoord-2');
    await userEvent.type(screen.getByLabelText(/^Bevestig het wachtwoord/), 'Nieuw-Wachtwoord-2');
    await userEvent.click(screen.getByRole('button', { name: 'Mijn nieuwe wachtwoord opslaan' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Er ging iets mis met het opnieuw instellen van uw wachtwoord.');
  });
});
