import { readFileSync } from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, RegisterResponseSchema, TwoFactorChallengeSchema, type RegisterRequestInput } from '@portal/shared/schemas';
import { demoAccounts } from '../../../app';
import { outbox } from '../../../db/schema';
import { refreshTokenFamilies, registrations, users, verificationCodes } from '../tables';
import { REPO_ROOT } from '../../../env';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const REQUEST_LIMIT = 8;
beforeAll(async () => {
  t = await startTestApp({ loginCodeMaxAttempts: 3, authRequestLimit: REQUEST_LIMIT, codeResendCooldownSeconds: 60 });
});
afterAll(async () => {
  await t?.close();
});

const sharedMessages = JSON.parse(readFileSync(`${REPO_ROOT}/shared/src/i18n/messages/en.json`, 'utf8')) as Record<string, string>;
const accounts = demoAccounts();
const twoFactor = accounts.find((a) => a.twoFactor)!;
const buyer = accounts.find((a) => a.role === 'buyer' && !a.twoFactor)!;

let counter = 0;
const freshIp = () => `10.5.${Math.floor(++counter / 250)}.${counter % 250}`;
const freshEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++counter}@example.be`;

function post(url: string, payload: unknown, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
}
function token(fields: Record<string, string>, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, ...fields }), remoteAddress: ip });
}
const passwordGrant = (username: string, password: string) => token({ grant_type: 'password', username, password });

function registration(overrides: Partial<RegisterRequestInput> = {}): RegisterRequestInput {
  return {
    kind: 'webshop',
    locale: 'nl',
    first_name: 'Sofie',
    last_name: 'Peeters',
    email: freshEmail('sofie'),
    phone: '0470 12 34 56',
    password: 'Verband-2025!',
    password_confirmation: 'Verband-2025!',
    address: {
      label: 'Hoofdzetel',
      type: 'billing',
      street: 'Meir',
      nr: '1',
      box: '',
      postal_code: '2000',
      city: 'Antwerpen',
      country: 'BE',
      email: 'facturen@example.be',
      phone: '03 123 45 67',
    },
    organisation_name: 'Ambulance Antwerpen',
    organisation_type: 'medical',
    vat_number: 'BE0403.170.701',
    newsletter: true,
    terms: true,
    ...overrides,
  };
}

async function messagesTo(recipient: string, template?: string) {
  return t.app.database.db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.recipient, recipient), eq(outbox.template, template)) : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id));
}
async function latestCode(recipient: string, template: string) {
  const [message] = await messagesTo(recipient, template);
  expect(message, `a ${template} message to ${recipient}`).toBeDefined();
  return String(message!.payload.code);
}
async function userByEmail(email: string) {
  const [user] = await t.app.database.db.select().from(users).where(eq(users.email, email));
  return user;
}
function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = v.parse(ProblemSchema, res.json());
  expect(body.code).toBe(code);
  return body;
}
const codeAge = (email: string, purpose: 'login' | 'email_verification' | 'password_reset', interval: string) =>
  t.app.database.db.execute(
    sql`update verification_codes set created_at = created_at - ${interval}::interval where purpose = ${purpose} and user_id = (select id from users where email = ${email})`,
  );

describe('registration and email verification', () => {
  it('creates an unverified web-shop account that signs in only after the emailed code is entered', async () => {
    const input = registration();
    const res = await post('/api/v1/auth/register', input);
    expect(res.statusCode, res.body).toBe(202);
    expect(v.parse(RegisterResponseSchema, res.json())).toEqual({ status: 'verification_required', resend_after_seconds: 60 });

    const user = await userByEmail(input.email);
    expect(user).toMatchObject({ firstName: 'Sofie', phone: '+32470123456', vatNumber: 'BE0403170701', locale: 'nl', emailVerifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await messagesTo(input.email, 'auth.email-verification');
    expect(mail).toMatchObject({ channel: 'email', locale: 'nl', status: 'pending' });
    const code = String(mail!.payload.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(String(mail!.payload.path)).toBe(`/nl/auth/verify?purpose=email&email=${encodeURIComponent(input.email)}&code=${code}`);

    // The right password is not enough before the address is verified.
    const early = await passwordGrant(input.email, input.password);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'invalid_grant', code: 'EMAIL_NOT_VERIFIED' });
    // A wrong password still says only "incorrect", so nobody learns the address is registered.
    expect((await passwordGrant(input.email, 'wrong-password-1')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectProblem(await post('/api/v1/auth/verify-email', { email: input.email, code: wrong }), 400, 'CODE_INVALID');
    const ok = await post('/api/v1/auth/verify-email', { email: input.email, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'verified' });
    expect((await userByEmail(input.email))!.emailVerifiedAt).toBeInstanceOf(Date);
    const [reg] = await t.app.database.db.select().from(registrations).where(eq(registrations.userId, user!.id));
    expect(reg).toMatchObject({ kind: 'webshop', status: 'completed', newsletter: true, organisationName: 'Ambulance Antwerpen' });

    const signIn = await passwordGrant(input.email, input.password);
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Clicking the link again is harmless.
    expect((await post('/api/v1/auth/verify-email', { email: input.email, code })).statusCode).toBe(200);
  });

  it('keeps a contract request pending and notifies the sales team once the address is verified', async () => {
    const input = registration({ kind: 'contract_request', locale: 'fr', organisation_type: 'medical_and_tactical' });
    expect((await post('/api/v1/auth/register', input)).statusCode).toBe(202);
    expect(await messagesTo('sales@portal.example', 'auth.contract-request').then((m) => m.filter((x) => x.payload.email === input.email))).toHaveLength(0);
    const code = await latestCode(input.email, 'auth.email-verification');
    expect((await post('/api/v1/auth/verify-email', { email: input.email, code })).statusCode).toBe(200);
    const sales = (await messagesTo('sales@portal.example', 'auth.contract-request')).filter((m) => m.payload.email === input.email);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.payload).toMatchObject({ organisationName: 'Ambulance Antwerpen', organisationType: 'medical_and_tactical', vatNumber: 'BE0403170701' });
    const [received] = await messagesTo(input.email, 'auth.contract-request-received');
    expect(received).toMatchObject({ locale: 'fr' });
    const user = await userByEmail(input.email);
    const [reg] = await t.app.database.db.select().from(registrations).where(eq(registrations.userId, user!.id));
    expect(reg).toMatchObject({ kind: 'contract_request', status: 'pending' });
  });

  it('answers a duplicate registration exactly like a new one, creates nothing, and mails the owner instead', async () => {
    const first = await post('/api/v1/auth/register', registration({ email: buyer.email.toUpperCase() }));
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'verification_required', resend_after_seconds: 60 });
    const all = await t.app.database.db.select().from(users).where(sql`lower(${users.email}) = ${buyer.email}`);
    expect(all).toHaveLength(1);
    const [notice] = await messagesTo(buyer.email, 'auth.account-exists');
    expect(notice).toMatchObject({ locale: 'en', payload: { path: '/en/auth/forgot-password' } });
    // Two registrations of one new address: one account.
    const input = registration();
    const both = await Promise.all([post('/api/v1/auth/register', input), post('/api/v1/auth/register', input)]);
    expect(both.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });

  it.each([
    ['missing fields', {}, 'email', 'validation.required'],
    ['a wrong phone number', { phone: '12' }, 'phone', 'validation.invalid.phone'],
    ['a VAT number with a bad checksum', { vat_number: 'BE0403.170.702' }, 'vat_number', 'validation.invalid.vat'],
    ['passwords that differ', { password_confirmation: 'Something-else-1' }, 'password_confirmation', 'validation.passwordMismatch'],
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', 'validation.tooSmall.string'],
    ['unticked terms', { terms: false }, 'terms', 'validation.termsRequired'],
    ['an unknown organisation type', { organisation_type: 'veterinary' }, 'organisation_type', 'validation.required'],
    ['a Belgian postal code that is not one', { address: { ...registration().address, postal_code: '123' } }, 'address.postal_code', 'validation.invalid.regex'],
    ['an unknown kind', { kind: 'reseller' }, 'kind', 'validation.required'],
  ])('refuses %s with 400 and field errors whose keys the shared messages know', async (_name, change, path, message) => {
    const body = change && Object.keys(change).length ? { ...registration(), ...change } : {};
    const problem = expectProblem(await post('/api/v1/auth/register', body), 400, 'VALIDATION_FAILED');
    expect(problem.errors).toContainEqual(expect.objectContaining({ path, message }));
    for (const error of problem.errors ?? []) expect(sharedMessages, error.message).toHaveProperty([error.message]);
  });

  it('refuses broken bodies with 4xx, never 500', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"kind":', remoteAddress: freshIp() });
    expect(broken.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', headers: { 'content-type': 'text/plain' }, payload: 'hello', remoteAddress: freshIp() });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expectProblem(await post('/api/v1/auth/verify-email', { email: 'x@example.be', code: 'abc' }), 400, 'VALIDATION_FAILED');
    expectProblem(await post('/api/v1/auth/reset-password', { token: ['a'], password: 1 }), 400, 'VALIDATION_FAILED');
    expectProblem(await post('/api/v1/auth/resend-code', { purpose: 'login' }), 400, 'VALIDATION_FAILED');
  });

  it('refuses an expired code and stops after too many attempts, even for the right code', async () => {
    const input = registration();
    await post('/api/v1/auth/register', input);
    const code = await latestCode(input.email, 'auth.email-verification');
    await t.app.database.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${input.email})`);
    expectProblem(await post('/api/v1/auth/verify-email', { email: input.email, code }), 400, 'CODE_EXPIRED');

    await codeAge(input.email, 'email_verification', '2 minutes');
    expect((await post('/api/v1/auth/resend-code', { purpose: 'email_verification', email: input.email })).statusCode).toBe(202);
    const fresh = await latestCode(input.email, 'auth.email-verification');
    expect(fresh).not.toBe(code);
    const wrong = String((Number(fresh) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) expectProblem(await post('/api/v1/auth/verify-email', { email: input.email, code: wrong }), 400, 'CODE_INVALID');
    expectProblem(await post('/api/v1/auth/verify-email', { email: input.email, code: fresh }), 400, 'CODE_TOO_MANY_ATTEMPTS');
    expect((await userByEmail(input.email))!.emailVerifiedAt).toBeNull();
  });

  it('answers the same for an unknown address, and resends at most once per cooldown', async () => {
    const unknown = await post('/api/v1/auth/resend-code', { purpose: 'email_verification', email: freshEmail('nobody') });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ resend_after_seconds: 60 });
    expectProblem(await post('/api/v1/auth/verify-email', { email: freshEmail('nobody'), code: '123456' }), 400, 'CODE_INVALID');

    const input = registration();
    await post('/api/v1/auth/register', input);
    const again = await post('/api/v1/auth/resend-code', { purpose: 'email_verification', email: input.email });
    expect(again.json()).toEqual(unknown.json());
    expect(await messagesTo(input.email, 'auth.email-verification')).toHaveLength(1);
    await codeAge(input.email, 'email_verification', '61 seconds');
    await post('/api/v1/auth/resend-code', { purpose: 'email_verification', email: input.email });
    expect(await messagesTo(input.email, 'auth.email-verification')).toHaveLength(2);
  });
});

describe('forgot and reset password', () => {
  async function freshVerifiedAccount() {
    const input = registration({ locale: 'fr' });
    await post('/api/v1/auth/register', input);
    await post('/api/v1/auth/verify-email', { email: input.email, code: await latestCode(input.email, 'auth.email-verification') });
    return input;
  }
  async function resetToken(email: string) {
    const [mail] = await messagesTo(email, 'auth.password-reset');
    expect(mail).toBeDefined();
    const path = String(mail!.payload.path);
    expect(path).toMatch(/^\/fr\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    return new URL(path, 'http://x').searchParams.get('token')!;
  }

  it('answers the same whether or not the address exists', async () => {
    const unknown = await post('/api/v1/auth/forgot-password', { email: freshEmail('ghost') });
    const input = await freshVerifiedAccount();
    const known = await post('/api/v1/auth/forgot-password', { email: input.email });
    expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(await messagesTo(input.email, 'auth.password-reset')).toHaveLength(1);
  });

  it('sets the new password once, revokes every sign-in, and refuses the link a second time', async () => {
    const input = await freshVerifiedAccount();
    const session = (await passwordGrant(input.email, input.password)).json() as { refresh_token: string };
    await post('/api/v1/auth/forgot-password', { email: input.email });
    const resetLink = await resetToken(input.email);
    const stored = await t.app.database.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'password_reset'));
    expect(stored.some((c) => c.codeHash.includes(resetLink))).toBe(false);

    const mismatch = expectProblem(await post('/api/v1/auth/reset-password', { token: resetLink, password: 'Nieuw-Wachtwoord-1', password_confirmation: 'other' }), 400, 'VALIDATION_FAILED');
    expect(mismatch.errors).toContainEqual({ path: 'password_confirmation', message: 'validation.passwordMismatch' });

    const done = await post('/api/v1/auth/reset-password', { token: resetLink, password: 'Nieuw-Wachtwoord-1', password_confirmation: 'Nieuw-Wachtwoord-1' });
    expect(done.statusCode, done.body).toBe(204);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    const user = await userByEmail(input.email);
    const families = await t.app.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, user!.id));
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revokedReason === 'password reset' || f.revokedReason === 'refresh token reused')).toBe(true);
    expect((await passwordGrant(input.email, input.password)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await passwordGrant(input.email, 'Nieuw-Wachtwoord-1')).statusCode).toBe(200);
    expect(await messagesTo(input.email, 'auth.password-changed')).toHaveLength(1);

    expectProblem(await post('/api/v1/auth/reset-password', { token: resetLink, password: 'Ander-Wachtwoord-2', password_confirmation: 'Ander-Wachtwoord-2' }), 400, 'RESET_TOKEN_INVALID');
    expectProblem(await post('/api/v1/auth/reset-password', { token: 'made-up-token', password: 'Ander-Wachtwoord-2', password_confirmation: 'Ander-Wachtwoord-2' }), 400, 'RESET_TOKEN_INVALID');
  });

  it('refuses an expired link, and an older link once a newer one was sent', async () => {
    const input = await freshVerifiedAccount();
    await post('/api/v1/auth/forgot-password', { email: input.email });
    const first = await resetToken(input.email);
    await codeAge(input.email, 'password_reset', '2 minutes');
    await post('/api/v1/auth/forgot-password', { email: input.email });
    const second = await resetToken(input.email);
    expect(second).not.toBe(first);
    const body = { password: 'Nieuw-Wachtwoord-1', password_confirmation: 'Nieuw-Wachtwoord-1' };
    expectProblem(await post('/api/v1/auth/reset-password', { ...body, token: first }), 400, 'RESET_TOKEN_INVALID');
    await t.app.database.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where purpose = 'password_reset' and consumed_at is null`);
    expectProblem(await post('/api/v1/auth/reset-password', { ...body, token: second }), 400, 'RESET_TOKEN_EXPIRED');
  });

  it('limits requests per account, whatever the address they come from', async () => {
    const email = freshEmail('target');
    const codes: number[] = [];
    for (let i = 0; i <= REQUEST_LIMIT; i++) codes.push((await post('/api/v1/auth/forgot-password', { email })).statusCode);
    expect(codes.slice(0, REQUEST_LIMIT).every((c) => c === 202)).toBe(true);
    const blocked = expectProblem(await post('/api/v1/auth/forgot-password', { email }), 429, 'RATE_LIMITED');
    expect(blocked.code).toBe('RATE_LIMITED');
  });

  it('limits requests per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < REQUEST_LIMIT; i++) expect((await post('/api/v1/auth/forgot-password', { email: freshEmail('spray') }, ip)).statusCode).toBe(202);
    const res = await post('/api/v1/auth/forgot-password', { email: freshEmail('spray') }, ip);
    expectProblem(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('two-factor sign-in', () => {
  it('sends the code by email, offers SMS with masked destinations, and signs in with an SMS code after the cooldown', async () => {
    const res = await passwordGrant(twoFactor.email, twoFactor.password);
    expect(res.statusCode).toBe(400);
    const challenge = v.parse(TwoFactorChallengeSchema, res.json());
    expect(challenge.channel).toBe('email');
    expect(challenge.channels).toEqual([
      { channel: 'email', destination: expect.stringMatching(/^t•+@interventie-polder\.example$/) },
      { channel: 'sms', destination: expect.stringMatching(/^•+4567$/) },
    ]);
    const [mail] = await messagesTo(twoFactor.email, 'auth.login-code');
    expect(mail).toMatchObject({ channel: 'email', locale: 'nl' });

    // Within the cooldown no new code is sent.
    const early = await post('/api/v1/auth/resend-code', { purpose: 'login', challenge: challenge.challenge, channel: 'sms' });
    expectProblem(early, 429, 'RATE_LIMITED');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    await codeAge(twoFactor.email, 'login', '2 minutes');
    const resent = await post('/api/v1/auth/resend-code', { purpose: 'login', challenge: challenge.challenge, channel: 'sms' });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ resend_after_seconds: 60, channel: 'sms' });
    const [sms] = await t.app.database.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.template, 'auth.login-code'))).orderBy(desc(outbox.id)).limit(1);
    expect(sms!.recipient.replace(/\s/g, '')).toBe('+31301234567');
    // The emailed code no longer works; the SMS code does.
    const emailed = await token({ grant_type: 'code', username: twoFactor.email, code: String(mail!.payload.code) });
    if (String(mail!.payload.code) !== String(sms!.payload.code)) expect(emailed.json()).toMatchObject({ code: 'CODE_INVALID' });
    const signIn = await token({ grant_type: 'code', username: twoFactor.email, code: String(sms!.payload.code) });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('refuses a forged or expired challenge', async () => {
    const res = await passwordGrant(twoFactor.email, twoFactor.password);
    const { challenge } = v.parse(TwoFactorChallengeSchema, res.json());
    const [body, mac] = challenge.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: '00000000-0000-0000-0000-000000000000', e: 9e9 })).toString('base64url')}.${mac}`;
    expectProblem(await post('/api/v1/auth/resend-code', { purpose: 'login', challenge: forged, channel: 'email' }), 400, 'CHALLENGE_INVALID');
    expectProblem(await post('/api/v1/auth/resend-code', { purpose: 'login', challenge: `${body}.x${mac}`, channel: 'email' }), 400, 'CHALLENGE_INVALID');
    expectProblem(await post('/api/v1/auth/resend-code', { purpose: 'login', challenge: 'nonsense', channel: 'email' }), 400, 'CHALLENGE_INVALID');
  });

  it('does not flood the mailbox when the password is entered again within the cooldown', async () => {
    await codeAge(twoFactor.email, 'login', '5 minutes');
    const before = (await messagesTo(twoFactor.email, 'auth.login-code')).length;
    await passwordGrant(twoFactor.email, twoFactor.password);
    await passwordGrant(twoFactor.email, twoFactor.password);
    expect((await messagesTo(twoFactor.email, 'auth.login-code')).length).toBe(before + 1);
  });
});
