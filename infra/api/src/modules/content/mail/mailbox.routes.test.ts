import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

describe('development mailbox', () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    [dev, production] = await Promise.all([startTestApp(), startTestApp({ nodeEnv: 'production', seedDemo: false })]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), production?.close()]);
  });

  it('lists the outbox with rendered texts and the payload outside production', async () => {
    const email = 'mailbox.reader@example.be';
    await dev.app.inject({ method: 'POST', url: '/api/v1/auth/resend-code', payload: { purpose: 'email_verification', email } });
    await dev.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'lucas.janssens@zorggroep-scheldeland.example' } });
    const res = await dev.app.inject({ url: '/api/dev/mailbox/messages?to=LUCAS.JANSSENS@zorggroep-scheldeland.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [message] = res.json() as { template: string; subject: string; text: string; payload: { path: string } }[];
    expect(message).toMatchObject({ template: 'auth.password-reset', subject: 'Reset your password' });
    expect(message!.text).toContain(message!.payload.path);
    const page = await dev.app.inject({ url: '/api/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Reset your password');
  });

  it('does not exist in production', async () => {
    expect((await production.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
    expect((await production.app.inject({ url: '/api/dev/mailbox/messages' })).statusCode).toBe(404);
  });
});
