import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas';
import { DEMO_PASSWORD } from '../../../seed/accounts';
import { call, lastMail, passwordGrant } from '../../../test-support/account-helpers';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const CASE_MANAGER = 'an.claes@portal-supplier.example';

let t: TestApp;
let hospital: string;
let police: string;
beforeAll(async () => {
  t = await startTestApp({ codeResendCooldownSeconds: 60, loginCodeMaxAttempts: 3 });
  [hospital, police] = await Promise.all([accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_BUYER)]);
});
afterAll(async () => {
  await t?.close();
});

describe('profile', () => {
  it("reads the caller's own personal information, with the organisation role", async () => {
    const res = await call(t.app, 'GET', '/api/v1/profile', hospital);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: HOSPITAL_BUYER, first_name: 'Lucas', last_name: 'Janssens', role: 'buyer', email_verified: true, organisation_name: 'Zorggroep Scheldeland' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('saves name, phone (normalised, Belgian without country code) and function; bad phones get the message key', async () => {
    const bad = await call(t.app, 'PUT', '/api/v1/profile', hospital, { first_name: 'Lucas', last_name: 'Janssens', phone: '12345', function: 'Nurse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ path: 'phone', message: 'validation.invalid.phone' }));
    const empty = await call(t.app, 'PUT', '/api/v1/profile', hospital, { first_name: ' ', last_name: 'Janssens' });
    expect(empty.json().errors).toContainEqual(expect.objectContaining({ path: 'first_name', message: 'validation.required' }));

    const ok = await call(t.app, 'PUT', '/api/v1/profile', hospital, { first_name: 'Luc', last_name: 'Janssens', phone: '0470 12 34 56', function: 'Head nurse' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ first_name: 'Luc', phone: '+32470123456', function: 'Head nurse' });
    // Another organisation's buyer is untouched; the body can name no one else.
    expect((await call(t.app, 'GET', '/api/v1/profile', police)).json().first_name).toBe('Eva');
    // A field the schema does not know (here an id) is refused, not dropped (issue 27).
    const naming = await call(t.app, 'PUT', '/api/v1/profile', police, { first_name: 'Eva', last_name: 'Bakker', id: 'x' });
    expect(naming.statusCode).toBe(400);
    expect(naming.json().errors).toEqual([expect.objectContaining({ path: 'id', message: 'validation.unknownField' })]);
    const other = await call(t.app, 'PUT', '/api/v1/profile', police, { first_name: 'Eva', last_name: 'Bakker' });
    expect(other.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/profile', hospital)).json().first_name).toBe('Luc');
    // Cleared phone and function are stored as nothing.
    const cleared = await call(t.app, 'PUT', '/api/v1/profile', hospital, { first_name: 'Lucas', last_name: 'Janssens', phone: '', function: '' });
    expect(cleared.json()).toMatchObject({ phone: null, function: null });
    const [audit] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from audit_log where action = 'profile.updated'`);
    expect(audit!.n).toBeGreaterThanOrEqual(3);
  });

  it('is for customers: staff are refused, visitors must sign in', async () => {
    expect((await call(t.app, 'GET', '/api/v1/profile', await accessToken(t.app, CASE_MANAGER))).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/profile', await anonymousToken(t.app))).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/profile', null)).statusCode).toBe(401);
  });
});

describe('email change', () => {
  it('changes the address only after the code mailed to the new address comes back', async () => {
    const token = await accessToken(t.app, POLICE_BUYER);
    const next = 'eva.new@interventie-polder.example';
    const taken = await call(t.app, 'POST', '/api/v1/profile/email', token, { email: HOSPITAL_BUYER });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ACCOUNT_ERRORS.EMAIL_TAKEN);

    const started = await call(t.app, 'POST', '/api/v1/profile/email', token, { email: next }, { 'accept-language': 'nl-BE' });
    expect(started.statusCode, started.body).toBe(202);
    const mail = await lastMail(t.app, next, 'account.email-change-code');
    expect(mail?.locale).toBe('nl');
    const code = String(mail!.payload.code);
    // Still the old address until confirmed; a second request within the cooldown is refused.
    expect((await call(t.app, 'GET', '/api/v1/profile', token)).json().email).toBe(POLICE_BUYER);
    expect((await call(t.app, 'POST', '/api/v1/profile/email', token, { email: next })).statusCode).toBe(429);

    // The code confirms only the address it was sent to, and a wrong code is refused.
    const wrongAddress = await call(t.app, 'POST', '/api/v1/profile/email/confirm', token, { email: 'other@example.be', code });
    expect(wrongAddress.json().code).toBe(ACCOUNT_ERRORS.CODE_INVALID);
    const wrongCode = await call(t.app, 'POST', '/api/v1/profile/email/confirm', token, { email: next, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);

    const confirmed = await call(t.app, 'POST', '/api/v1/profile/email/confirm', token, { email: next, code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: next, email_verified: true });
    expect(await lastMail(t.app, POLICE_BUYER, 'account.email-changed')).not.toBeNull();
    expect((await passwordGrant(t.app, next, DEMO_PASSWORD)).statusCode).toBe(200);
    // Spent: the same code does not work twice.
    expect((await call(t.app, 'POST', '/api/v1/profile/email/confirm', token, { email: next, code })).statusCode).toBe(400);
  });

  it('counts attempts: after the maximum even the right code is refused', async () => {
    const admin = await accessToken(t.app, 'sophie.peeters@zorggroep-scheldeland.example');
    const next = 'sophie.new@zorggroep-scheldeland.example';
    expect((await call(t.app, 'POST', '/api/v1/profile/email', admin, { email: next })).statusCode).toBe(202);
    const code = String((await lastMail(t.app, next, 'account.email-change-code'))!.payload.code);
    for (let i = 0; i < 3; i++) await call(t.app, 'POST', '/api/v1/profile/email/confirm', admin, { email: next, code: code === '000000' ? '111111' : '000000' });
    expect((await call(t.app, 'POST', '/api/v1/profile/email/confirm', admin, { email: next, code })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/profile', admin)).json().email).toBe('sophie.peeters@zorggroep-scheldeland.example');
  });
});

describe('password change', () => {
  it('asks for the current password, then signs in with the new one only', async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const next = 'A-new-password-2026';
    const wrong = await call(t.app, 'POST', '/api/v1/profile/password', token, { current_password: 'nope', password: next, password_confirmation: next });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ACCOUNT_ERRORS.CURRENT_PASSWORD_INVALID);
    const mismatch = await call(t.app, 'POST', '/api/v1/profile/password', token, { current_password: DEMO_PASSWORD, password: next, password_confirmation: `${next}x` });
    expect(mismatch.json().errors).toContainEqual(expect.objectContaining({ path: 'password_confirmation', message: 'validation.passwordMismatch' }));
    const short = await call(t.app, 'POST', '/api/v1/profile/password', token, { current_password: DEMO_PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(400);

    const ok = await call(t.app, 'POST', '/api/v1/profile/password', token, { current_password: DEMO_PASSWORD, password: next, password_confirmation: next });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await passwordGrant(t.app, HOSPITAL_BUYER, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await passwordGrant(t.app, HOSPITAL_BUYER, next)).statusCode).toBe(200);
    expect(await lastMail(t.app, HOSPITAL_BUYER, 'auth.password-changed')).not.toBeNull();
  });
});

describe('the language of the mails', () => {
  it('is the person\'s own choice in the profile, and the next mail to them is in it; another language is refused', async () => {
    // The token from the start: an earlier test here changed this buyer's password.
    const token = police;
    const before = (await call(t.app, 'GET', '/api/v1/profile', token)).json();
    const german = await call(t.app, 'PUT', '/api/v1/profile', token, { first_name: before.first_name, last_name: before.last_name, locale: 'de' });
    expect(german.statusCode).toBe(400);
    expect(german.json().errors).toEqual([expect.objectContaining({ path: 'locale', message: 'validation.invalid.value' })]);

    const chosen = await call(t.app, 'PUT', '/api/v1/profile', token, { first_name: before.first_name, last_name: before.last_name, locale: 'fr' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().locale).toBe('fr');
    // Left out, the language stays as chosen.
    expect((await call(t.app, 'PUT', '/api/v1/profile', token, { first_name: before.first_name, last_name: before.last_name })).json().locale).toBe('fr');

    const next = 'Un-nouveau-mot-2026';
    const changed = await call(t.app, 'POST', '/api/v1/profile/password', token, { current_password: DEMO_PASSWORD, password: next, password_confirmation: next });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await lastMail(t.app, before.email, 'auth.password-changed'))?.locale).toBe('fr');
  });
});

describe('a language chosen in the profile', () => {
  it('stays when the person signs in from the portal in another language; without a choice, signing in sets it', async () => {
    const [row] = await query<{ locale: string }>(t.app, sql`select locale from users where id = (select id from users where email = ${HOSPITAL_BUYER})`);
    expect(row!.locale).not.toBe('nl');
    // Not chosen: the Dutch portal's sign-in stores Dutch (decision 061). (The password test above changed the password.)
    const token = hospital;
    const signInAs = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language }, payload: new URLSearchParams({ client_id: 'portal-web', client_secret: 'test-client-secret', grant_type: 'password', username: HOSPITAL_BUYER, password: 'A-new-password-2026' }).toString() });
    expect((await signInAs('nl')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/profile', token)).json().locale).toBe('nl');
    // Chosen: French stays through a Dutch sign-in.
    const me = (await call(t.app, 'GET', '/api/v1/profile', token)).json();
    expect((await call(t.app, 'PUT', '/api/v1/profile', token, { first_name: me.first_name, last_name: me.last_name, locale: 'fr' })).statusCode).toBe(200);
    expect((await signInAs('nl')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/profile', token)).json().locale).toBe('fr');
  });
});
