import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@portal/shared/session';
import { loadPendingSignIn } from '../features/auth/lib/pending-sign-in';
import { renderPage, stubApi } from '../test-support/render-page';
import LoginPage from './login';

const TOKENS = { access_token: 'a.b.c', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 };

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Email address/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('says a field is required and focuses the first empty one', async () => {
    stubApi();
    renderPage(<LoginPage />, '/en/auth/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Email address/)));
  });

  it('shows the three login failure messages of the spec', async () => {
    const calls = stubApi(({ path }) => (path === '/api/oauth/token' ? { status: 400, body: { error: 'invalid_grant', code: 'INVALID_CREDENTIALS' } } : undefined));
    renderPage(<LoginPage />, '/en/auth/login');
    await signIn('someone@example.be', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid credentials');
    expect(alert.textContent).toContain('Please check your email and password and try again.');
    expect(screen.getByText('Incorrect email or password')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ grant_type: 'password', client_id: 'portal-web', client_secret: 'portal-web-development-secret', username: 'someone@example.be' });
  });

  it('stores the tokens and follows a same-site redirect', async () => {
    stubApi(({ path }) => (path === '/api/oauth/token' ? { status: 200, body: TOKENS } : undefined));
    const { router } = renderPage(<LoginPage />, '/en/auth/login?redirect=%2Fen%2Fmy-orders');
    await signIn('someone@example.be', 'DemoPortal!2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/my-orders'));
    expect(sessionStore.getState().tokens?.access_token).toBe('a.b.c');
    sessionStore.getState().signOut();
  });

  it('continues to the code screen when a second factor is required', async () => {
    const challenge = { error: 'invalid_grant', code: 'TWO_FACTOR_REQUIRED', challenge: 'c.h', channel: 'email', channels: [{ channel: 'email', destination: 't•••@x.example' }, { channel: 'sms', destination: '••4567' }], resend_after_seconds: 60 };
    stubApi(({ path }) => (path === '/api/oauth/token' ? { status: 400, body: challenge } : undefined));
    const { router } = renderPage(<LoginPage />, '/en/auth/login?redirect=%2Fen%2Fmy-orders');
    await signIn('tom@x.example', 'DemoPortal!2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/verify'));
    expect(router.state.location.search).toBe('?purpose=login&redirect=%2Fen%2Fmy-orders');
    expect(loadPendingSignIn()).toMatchObject({ email: 'tom@x.example', challenge: 'c.h', channels: challenge.channels });
  });

  it('asks to verify the email address first, and sends a code from the dialog', async () => {
    const calls = stubApi(
      ({ path }) => (path === '/api/oauth/token' ? { status: 400, body: { error: 'invalid_grant', code: 'EMAIL_NOT_VERIFIED' } } : undefined),
      ({ path }) => (path === '/api/v1/auth/resend-code' ? { status: 202, body: { resend_after_seconds: 60 } } : undefined),
    );
    const { router } = renderPage(<LoginPage />, '/en/auth/login');
    await signIn('new@example.be', 'Verband-2025!');
    expect((await screen.findByRole('alert')).textContent).toContain('Email verification is required before proceeding.');
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    expect(dialog.textContent).toContain('We will send a code to new@example.be.');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/verify'));
    expect(router.state.location.search).toBe('?purpose=email&email=new%40example.be');
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/auth/resend-code', body: { purpose: 'email_verification', email: 'new@example.be' } });
  });
});
