import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenClaimsSchema, TokenErrorSchema, TokenResponseSchema } from '@portal/shared/schemas';
import { demoAccounts } from '../../../app';
import { outbox } from '../../../db/schema';
import { refreshTokenFamilies, users, verificationCodes } from '../tables';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const FAILURE_LIMIT = 10;
const ACCOUNT_LIMIT = 25;
beforeAll(async () => {
  t = await startTestApp({ tokenFailureLimit: FAILURE_LIMIT, tokenAccountFailureLimit: ACCOUNT_LIMIT, loginCodeMaxAttempts: 3, anonymousGrantLimitPerMinute: 5 });
});
afterAll(async () => {
  await t?.close();
});

const accounts = demoAccounts();
const admin = accounts.find((a) => a.role === 'admin' && !a.twoFactor)!;
const buyer = accounts.find((a) => a.role === 'buyer' && !a.twoFactor)!;
const twoFactor = accounts.find((a) => a.twoFactor)!;

let ipCounter = 0;
/** Each test uses its own client IP so failure counting stays per test. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function token(fields: Record<string, string>, opts: { ip?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { ...FORM_HEADERS, ...opts.headers },
    remoteAddress: opts.ip ?? freshIp(),
    payload: opts.raw ?? form(fields),
  });
}

const password = (username: string, pw: string, extra: Record<string, string> = {}) => ({ ...CLIENT, grant_type: 'password', username, password: pw, ...extra });

function expectOAuthError(res: Awaited<ReturnType<typeof token>>, status: number, error: string, code?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json();
  v.parse(TokenErrorSchema, body);
  expect(body.error).toBe(error);
  if (code) expect(body.code).toBe(code);
  return body;
}

const me = (accessToken: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });

describe('password grant', () => {
  it('issues a short-lived JWT naming user, organisation and role, and an opaque refresh token', async () => {
    const res = await token(password(admin.email, admin.password));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = v.parse(TokenResponseSchema, res.json());
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(body.access_token);
    v.parse(AccessTokenClaimsSchema, claims);
    expect(claims).toMatchObject({ role: 'admin', iss: 'portal-api', aud: 'portal' });
    expect(claims.org).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    const who = await me(body.access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ kind: 'customer', role: 'admin', organisationId: claims.org, userId: claims.sub });
  });

  it('matches the username case-insensitively and gives a buyer the buyer role', async () => {
    const res = await token(password(buyer.email.toUpperCase(), buyer.password));
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).role).toBe('buyer');
  });

  it('stores refresh tokens hashed, never in clear', async () => {
    const res = await token(password(admin.email, admin.password));
    const refresh = res.json().refresh_token as string;
    const found = (await t.app.database.db.execute(sql`select count(*)::int as n from refresh_tokens where token_hash = ${refresh}`)) as unknown as { rows: { n: number }[] };
    expect(found.rows[0]!.n).toBe(0);
    const hashes = (await t.app.database.db.execute(sql`select token_hash from refresh_tokens limit 1`)) as unknown as { rows: { token_hash: string }[] };
    expect(hashes.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores passwords as argon2id', async () => {
    const [row] = await t.app.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, admin.email));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = expectOAuthError(await token(password(admin.email, 'not-the-password')), 400, 'invalid_grant', 'INVALID_CREDENTIALS');
    const unknown = expectOAuthError(await token(password('nobody@nowhere.example', 'whatever')), 400, 'invalid_grant', 'INVALID_CREDENTIALS');
    expect(wrong.error_description).toBe(unknown.error_description);
  });

  it('refuses a disabled account', async () => {
    const db = t.app.database.db;
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, buyer.email));
    try {
      expectOAuthError(await token(password(buyer.email, buyer.password)), 400, 'invalid_grant', 'ACCOUNT_DISABLED');
    } finally {
      await db.update(users).set({ disabledAt: null }).where(eq(users.email, buyer.email));
    }
  });
});

describe('client authentication', () => {
  it('refuses a wrong secret, an unknown client and a missing secret with 401 invalid_client', async () => {
    const wrongSecret = await token({ ...password(admin.email, admin.password), client_secret: 'guess' });
    expectOAuthError(wrongSecret, 401, 'invalid_client', 'INVALID_CLIENT');
    expect(wrongSecret.headers['www-authenticate']).toContain('Basic');
    expectOAuthError(await token({ ...password(admin.email, admin.password), client_id: 'other-app' }), 401, 'invalid_client');
    const { client_secret: _omit, ...noSecret } = password(admin.email, admin.password);
    expectOAuthError(await token(noSecret), 401, 'invalid_client');
  });

  it('accepts client credentials by HTTP Basic, and refuses two methods at once', async () => {
    const basic = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64')}`;
    const ok = await token({ grant_type: 'anonymous' }, { headers: { authorization: basic } });
    expect(ok.statusCode).toBe(200);
    expectOAuthError(await token({ grant_type: 'anonymous', client_secret: 'x' }, { headers: { authorization: basic } }), 400, 'invalid_request');
  });
});

describe('anonymous grant', () => {
  it('gives a visitor an anonymous session that can be refreshed', async () => {
    const res = await token({ ...CLIENT, grant_type: 'anonymous' });
    expect(res.statusCode).toBe(200);
    const body = v.parse(TokenResponseSchema, res.json());
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ role: 'anonymous', org: null });
    expect(claims.sub).toMatch(/^anon:[0-9a-f-]{36}$/);
    expect((await me(body.access_token)).json()).toMatchObject({ kind: 'anonymous', sessionId: (claims.sub as string).slice(5) });
    const refreshed = await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).sub).toBe(claims.sub);
  });

  it('limits how many anonymous sessions one address starts per minute', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await token({ ...CLIENT, grant_type: 'anonymous' }, { ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('refresh_token grant', () => {
  it('rotates the refresh token on every use', async () => {
    const first = (await token(password(admin.email, admin.password))).json();
    const second = await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const body = v.parse(TokenResponseSchema, second.json());
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(body.access_token)).toMatchObject({ sub: decodeJwt(first.access_token).sub, role: 'admin', sid: decodeJwt(first.access_token).sid });
  });

  it('revokes the whole family when a spent refresh token is reused', async () => {
    const first = (await token(password(admin.email, admin.password))).json();
    const second = (await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    // An attacker (or a stale tab) presents the spent token again.
    expectOAuthError(await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.refresh_token }), 400, 'invalid_grant', 'REFRESH_TOKEN_REUSED');
    // The legitimate newest token is now dead too: the family is revoked.
    expectOAuthError(await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: second.refresh_token }), 400, 'invalid_grant', 'REFRESH_TOKEN_REVOKED');
    const sid = decodeJwt(first.access_token).sid as string;
    const [family] = await t.app.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, sid));
    expect(family!.revokedAt).not.toBeNull();
    expect(family!.revokedReason).toBe('refresh token reused');
    const audit = (await t.app.database.db.execute(sql`select count(*)::int as n from audit_log where action = 'auth.refresh_token_reused' and entity_id = ${sid}`)) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('lets only one of two concurrent uses of the same token win', async () => {
    const first = (await token(password(buyer.email, buyer.password))).json();
    const results = await Promise.all([1, 2].map(() => token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.refresh_token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expectOAuthError(await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: randomBytes(32).toString('base64url') }), 400, 'invalid_grant', 'REFRESH_TOKEN_INVALID');
    const first = (await token(password(admin.email, admin.password))).json();
    await t.app.database.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 minute' where family_id = ${decodeJwt(first.access_token).sid as string}`);
    expectOAuthError(await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.refresh_token }), 400, 'invalid_grant', 'REFRESH_TOKEN_EXPIRED');
  });
});

describe('code grant (two-factor sign-in)', () => {
  async function startTwoFactor() {
    const res = await token(password(twoFactor.email, twoFactor.password));
    expectOAuthError(res, 400, 'invalid_grant', 'TWO_FACTOR_REQUIRED');
    const [user] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, twoFactor.email));
    const [message] = await t.app.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.recipient, twoFactor.email), eq(outbox.template, 'auth.login-code')))
      .orderBy(desc(outbox.id))
      .limit(1);
    return { userId: user!.id, code: String(message!.payload.code) };
  }
  const codeGrant = (code: string, ip?: string) => token({ ...CLIENT, grant_type: 'code', username: twoFactor.email, code }, ip ? { ip } : {});

  it('writes the code mail in the language of the interface that signs in, not the one stored on the account (issue 19)', async () => {
    const [user] = await t.app.database.db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, twoFactor.email));
    expect(user!.locale).toBe('nl');
    const latestLocale = async () => {
      const [message] = await t.app.database.db
        .select({ locale: outbox.locale })
        .from(outbox)
        .where(and(eq(outbox.recipient, twoFactor.email), eq(outbox.template, 'auth.login-code')))
        .orderBy(desc(outbox.id))
        .limit(1);
      return message?.locale;
    };
    for (const [acceptLanguage, expected] of [['en-US', 'en'], ['fr-FR,fr;q=0.9', 'fr'], ['xx-XX', 'en'], [undefined, 'nl']] as const) {
      // A code sent moments ago is reused rather than sent again: start each language afresh.
      await t.app.database.db.delete(verificationCodes).where(eq(verificationCodes.userId, user!.id));
      const res = await token(password(twoFactor.email, twoFactor.password), acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {});
      expectOAuthError(res, 400, 'invalid_grant', 'TWO_FACTOR_REQUIRED');
      expect(await latestLocale(), String(acceptLanguage)).toBe(expected);
    }
  });

  it('asks for a code after the password, stores it hashed, and signs in with it once', async () => {
    const { userId, code } = await startTwoFactor();
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.app.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId)).orderBy(desc(verificationCodes.createdAt)).limit(1);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const res = await codeGrant(code);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token)).toMatchObject({ role: 'buyer', sub: userId });
    // A code works once.
    expectOAuthError(await codeGrant(code), 400, 'invalid_grant', 'CODE_INVALID');
  });

  it('refuses a wrong code, then stops after too many attempts even for the right code', async () => {
    const { code } = await startTwoFactor();
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expectOAuthError(await codeGrant(wrong, ip), 400, 'invalid_grant', 'CODE_INVALID');
    expectOAuthError(await codeGrant(code, freshIp()), 400, 'invalid_grant', 'CODE_TOO_MANY_ATTEMPTS');
  });

  it('refuses an expired code', async () => {
    const { userId, code } = await startTwoFactor();
    await t.app.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, userId));
    expectOAuthError(await codeGrant(code), 400, 'invalid_grant', 'CODE_EXPIRED');
  });

  it('makes an earlier code useless once a new one is sent', async () => {
    const first = await startTwoFactor();
    const second = await startTwoFactor();
    if (first.code !== second.code) expectOAuthError(await codeGrant(first.code), 400, 'invalid_grant', 'CODE_INVALID');
    expect((await codeGrant(second.code)).statusCode).toBe(200);
  });

  it('refuses a code for a user who never asked for one', async () => {
    expectOAuthError(await token({ ...CLIENT, grant_type: 'code', username: admin.email, code: '123456' }), 400, 'invalid_grant', 'CODE_INVALID');
  });
});

describe('malformed requests', () => {
  it('refuses an unknown grant type', async () => {
    expectOAuthError(await token({ ...CLIENT, grant_type: 'authorization_code' }), 400, 'unsupported_grant_type', 'UNSUPPORTED_GRANT_TYPE');
  });

  it('refuses missing fields with invalid_request and field errors', async () => {
    expectOAuthError(await token({ ...CLIENT }), 400, 'invalid_request', 'INVALID_REQUEST');
    const body = expectOAuthError(await token({ ...CLIENT, grant_type: 'password', username: admin.email }), 400, 'invalid_request');
    expect(body.errors).toEqual([expect.objectContaining({ path: 'password', message: 'validation.required' })]);
    expectOAuthError(await token({ ...CLIENT, grant_type: 'refresh_token' }), 400, 'invalid_request');
    expectOAuthError(await token({ ...CLIENT, grant_type: 'code', username: admin.email }), 400, 'invalid_request');
    expectOAuthError(await token({ ...CLIENT, grant_type: 'password', username: '', password: 'x' }), 400, 'invalid_request');
  });

  it('refuses huge values, repeated parameters and oversized bodies', async () => {
    const huge = expectOAuthError(await token(password('a'.repeat(5000) + '@x.example', 'x')), 400, 'invalid_request');
    expect(huge.errors[0]).toMatchObject({ path: 'username', message: 'validation.tooBig.string' });
    expectOAuthError(await token({}, { raw: `${form(password(admin.email, admin.password))}&username=second@x.example` }), 400, 'invalid_request');
    expectOAuthError(await token({}, { raw: `${form(password(admin.email, 'x'))}&pad=${'x'.repeat(40_000)}` }), 400, 'invalid_request');
  });

  it('ignores unknown parameters (RFC 6749 section 3.2)', async () => {
    expect((await token(password(admin.email, admin.password, { scope: 'everything', extra: '1' }))).statusCode).toBe(200);
  });

  it('refuses JSON, broken JSON, other media types and an empty body with invalid_request, never 500', async () => {
    const json = { 'content-type': 'application/json' };
    expectOAuthError(await token({}, { headers: json, raw: JSON.stringify(password(admin.email, admin.password)) }), 400, 'invalid_request');
    expectOAuthError(await token({}, { headers: json, raw: '{"grant_type":' }), 400, 'invalid_request');
    expectOAuthError(await token({}, { headers: { 'content-type': 'text/plain' }, raw: 'grant_type=password' }), 400, 'invalid_request');
    expectOAuthError(await token({}, { raw: '' }), 400, 'invalid_request');
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/token', remoteAddress: freshIp() });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('survives broken percent-encoding and odd bytes', async () => {
    for (const raw of [
      `${form(CLIENT)}&grant_type=password&username=%E0%A4%A&password=%`,
      `${form(CLIENT)}&grant_type=pass%00word`,
      `${form(CLIENT)}&grant_type=password&username=%FF%FE&password=%C0%AF`,
      '%%%&&&===',
    ]) {
      const res = await token({}, { raw });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toBeTruthy();
    }
  });
});

describe('access tokens', () => {
  it('refuses an expired access token with TOKEN_EXPIRED', async () => {
    const key = t.env.jwtSigningKey!;
    const expired = await new SignJWT({ org: null, role: 'anonymous', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('anon:00000000-0000-0000-0000-000000000000')
      .setIssuer('portal-api')
      .setAudience('portal')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(key);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token signed with another key, or with alg none', async () => {
    const forged = await new SignJWT({ org: null, role: 'admin', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('someone')
      .setIssuer('portal-api')
      .setAudience('portal')
      .setExpirationTime('5m')
      .sign(randomBytes(32));
    expect((await me(forged)).json().code).toBe('TOKEN_INVALID');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', role: 'admin', org: null, iss: 'portal-api', aud: 'portal', exp: 9e9 })).toString('base64url');
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
  });
});

describe('rate limit of failures', () => {
  it('refuses an account from an address after repeated failures there, even with the right password, and not from other addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < FAILURE_LIMIT; i++) expectOAuthError(await token(password(admin.email, `wrong-${i}`), { ip }), 400, 'invalid_grant');
    const blocked = await token(password(admin.email, admin.password), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('application/problem+json');
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await token(password(admin.email, admin.password))).statusCode).toBe(200);
  });

  it('refuses a username attacked from many addresses once its much higher ceiling is reached, and no other user', async () => {
    const target = accounts.find((a) => a.role === 'sales_consultant')!;
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expectOAuthError(await token(password(target.email, `wrong-${i}`)), 400, 'invalid_grant');
    expect((await token(password(target.email, target.password))).statusCode).toBe(429);
    // Other users are not affected.
    expect((await token(password(admin.email, admin.password))).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const ip = freshIp();
    for (let i = 0; i < FAILURE_LIMIT + 2; i++) expect((await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: (await token(password(admin.email, admin.password), { ip })).json().refresh_token }, { ip })).statusCode).toBe(200);
  });
});
