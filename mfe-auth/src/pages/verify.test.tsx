import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { savePendingSignIn } from '../features/auth/lib/pending-sign-in';
import { renderPage, stubApi } from '../test-support/render-page';
import VerifyPage from './verify';

describe('verification code page', () => {
  it('signs in with the code, after showing the failure message for a wrong one', async () => {
    savePendingSignIn({ email: 'tom@x.example', challenge: 'c.h', channel: 'email', channels: [{ channel: 'email', destination: 't••@x.example' }, { channel: 'sms', destination: '••4567' }], resendAt: Date.now() + 60_000 });
    const calls = stubApi(({ path, body }) => {
      if (path !== '/api/oauth/token') return undefined;
      return (body as { code: string }).code === '123456'
        ? { status: 200, body: { access_token: 'a', refresh_token: 'r', expires_in: 900 } }
        : { status: 400, body: { error: 'invalid_grant', code: 'CODE_INVALID' } };
    });
    const { router } = renderPage(<VerifyPage />, '/en/auth/verify?purpose=login&redirect=%2Fen%2Fmy-orders');
    expect(await screen.findByText('We sent a code to t••@x.example.')).toBeTruthy();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend the code' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Text message to ••4567'));
    expect(await screen.findByText('We sent a code by text message to ••4567.')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Verification code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong verifying your code.');
    expect(alert.textContent).toContain('Resend the code and try again');
    await userEvent.clear(screen.getByLabelText(/^Verification code/));
    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/my-orders'));
    expect(calls.at(-1)!.body).toMatchObject({ grant_type: 'code', username: 'tom@x.example', code: '123456' });
  });

  it('resends through the chosen channel once the cooldown is over', async () => {
    savePendingSignIn({ email: 'tom@x.example', challenge: 'c.h', channel: 'email', channels: [{ channel: 'email', destination: 't••@x.example' }, { channel: 'sms', destination: '••4567' }], resendAt: Date.now() - 1 });
    const calls = stubApi(({ path }) => (path === '/api/v1/auth/resend-code' ? { status: 202, body: { resend_after_seconds: 60, channel: 'sms' } } : undefined));
    renderPage(<VerifyPage />, '/en/auth/verify?purpose=login');
    await userEvent.click(await screen.findByLabelText('Text message to ••4567'));
    await userEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/auth/resend-code', body: { purpose: 'login', challenge: 'c.h', channel: 'sms' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Resend the code' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('says so when codes cannot go by text message, and offers email only from then on', async () => {
    savePendingSignIn({ email: 'tom@x.example', challenge: 'c.h', channel: 'email', channels: [{ channel: 'email', destination: 't••@x.example' }, { channel: 'sms', destination: '••4567' }], resendAt: Date.now() - 1 });
    stubApi(({ path }) => (path === '/api/v1/auth/resend-code' ? { status: 400, body: { status: 400, code: 'CHANNEL_UNAVAILABLE', title: 'Bad Request' } } : undefined));
    renderPage(<VerifyPage />, '/en/auth/verify?purpose=login');
    await userEvent.click(await screen.findByLabelText('Text message to ••4567'));
    await userEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    expect(await screen.findByText('Codes cannot be sent by text message. Ask for a new code by email.')).toBeTruthy();
    expect(screen.queryByLabelText('Text message to ••4567')).toBeNull();
    expect(screen.getByText('We sent a code to t••@x.example.')).toBeTruthy();
  });

  it('verifies an email address from the link and goes to sign-in', async () => {
    const calls = stubApi(({ path }) => (path === '/api/v1/auth/verify-email' ? { status: 200, body: { status: 'verified' } } : undefined));
    const { router } = renderPage(<VerifyPage />, '/fr/auth/verify?purpose=email&email=sofie%40example.be&code=123456');
    await userEvent.click(await screen.findByRole('button', { name: 'Vérifier mon adresse e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/auth/login'));
    expect(router.state.location.search).toContain('notice=verified');
    expect(calls[0]!.body).toEqual({ email: 'sofie@example.be', code: '123456' });
  });

  it('sends a visitor without a pending sign-in back to the login', async () => {
    stubApi();
    renderPage(<VerifyPage />, '/en/auth/verify?purpose=login');
    expect((await screen.findByRole('alert')).textContent).toContain('Your sign-in has expired.');
  });
});
