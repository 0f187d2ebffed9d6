import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, freshIp, lastMail } from '../../../test-support/account-helpers';
import { query } from '../../../test-support/demo-buyers';
import { FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const subscription = async (email: string) =>
  (await query<{ confirmed: boolean; unsubscribed: boolean; locale: string }>(t.app, sql`select confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed, locale from newsletter_subscriptions where email = ${email}`))[0];

/** The token of a mail's link path. */
const tokenOf = (path: unknown) => new URL(String(path), 'http://x').searchParams.get('token')!;

/** The button of a link's page: a form post of the link's token. */
const press = (path: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: String(path).split('?')[0]!, remoteAddress: freshIp(), headers: { ...FORM_HEADERS, ...headers }, payload: form({ token: tokenOf(path) }) });

describe('newsletter', () => {
  it('double opt-in: nothing is confirmed until the link in the mail is followed; every mail can unsubscribe', async () => {
    const email = 'lezer@example.be';
    const res = await call(t.app, 'POST', '/api/v1/newsletter', null, { email: ' Lezer@Example.be ', locale: 'nl' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'confirmation_sent' });
    expect(await subscription(email)).toEqual({ confirmed: false, unsubscribed: false, locale: 'nl' });
    const mail = await lastMail(t.app, email, 'newsletter.confirm');
    expect(mail?.locale).toBe('nl');
    expect(String(mail!.payload.unsubscribePath)).toMatch(/^\/api\/v1\/newsletter\/unsubscribe\?token=/);

    // Following the link only asks: a mail scanner that opens every link confirms nothing.
    const asked = await call(t.app, 'GET', String(mail!.payload.confirmPath), null, undefined, { 'accept-language': 'nl-BE' });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.headers['content-security-policy']).toContain("form-action 'self'");
    expect(asked.body).toContain('Bevestig uw inschrijving');
    expect(asked.body).toContain('lezer@example.be');
    expect(asked.body).toContain(`<form method="post" action="/api/v1/newsletter/confirm"><input type="hidden" name="token" value="${tokenOf(mail!.payload.confirmPath)}">`);
    expect((await subscription(email))!.confirmed).toBe(false);
    expect(await lastMail(t.app, email, 'newsletter.welcome')).toBeNull();

    const confirmed = await press(mail!.payload.confirmPath, { 'accept-language': 'nl-BE' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.body).toContain('Inschrijving bevestigd');
    expect((await subscription(email))!.confirmed).toBe(true);
    const welcome = await lastMail(t.app, email, 'newsletter.welcome');
    expect(welcome?.payload.unsubscribePath).toBeTruthy();

    // Signing up again changes nothing and sends nothing; the answer is the same.
    const again = await call(t.app, 'POST', '/api/v1/newsletter', null, { email });
    expect(again.json()).toEqual({ status: 'confirmation_sent' });
    expect((await lastMail(t.app, email, 'newsletter.confirm'))!.id).toBe(mail!.id);

    const leaving = await call(t.app, 'GET', String(welcome!.payload.unsubscribePath), null);
    expect(leaving.statusCode).toBe(200);
    expect(leaving.body).toContain('Unsubscribe from the newsletter');
    expect((await subscription(email))!.unsubscribed).toBe(false);
    const gone = await press(welcome!.payload.unsubscribePath);
    expect(gone.statusCode).toBe(200);
    expect(gone.body).toContain('You are unsubscribed');
    expect((await subscription(email))!.unsubscribed).toBe(true);
    // An old confirmation link does not subscribe an address that left.
    expect((await press(mail!.payload.confirmPath)).statusCode).toBe(400);
    expect(await subscription(email)).toMatchObject({ unsubscribed: true });
  });

  it('refuses forged or altered links with the failure message', async () => {
    const mail = (await call(t.app, 'POST', '/api/v1/newsletter', null, { email: 'victim@example.be' })) && (await lastMail(t.app, 'victim@example.be', 'newsletter.confirm'));
    const token = new URL(String(mail!.payload.confirmPath), 'http://x').searchParams.get('token')!;
    const [, expires, signature] = token.split('.');
    const forged = `${Buffer.from('other@example.be').toString('base64url')}.${expires}.${signature}`;
    const res = await call(t.app, 'GET', `/api/v1/newsletter/confirm?token=${forged}`, null);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Something went wrong with subscribing to the newsletter');
    expect(res.body).not.toContain('<form');
    const pressed = await press(`/api/v1/newsletter/confirm?token=${forged}`);
    expect(pressed.statusCode).toBe(400);
    expect(pressed.body).toContain('Something went wrong with subscribing to the newsletter');
    // An unsubscribe link is not a confirmation link.
    const unsubscribeToken = new URL(String(mail!.payload.unsubscribePath), 'http://x').searchParams.get('token')!;
    expect((await call(t.app, 'GET', `/api/v1/newsletter/confirm?token=${unsubscribeToken}`, null)).statusCode).toBe(400);
    expect((await press(`/api/v1/newsletter/confirm?token=${unsubscribeToken}`)).statusCode).toBe(400);
    // A form without a token is a bad request, not a server error.
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', headers: FORM_HEADERS, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect((await subscription('victim@example.be'))!.confirmed).toBe(false);
    expect((await call(t.app, 'POST', '/api/v1/newsletter', null, { email: 'not an address' })).statusCode).toBe(400);
  });
});
