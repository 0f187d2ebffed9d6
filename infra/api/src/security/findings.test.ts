// Regression tests for what an outside test of the portal found (issue 16). Each `describe` is one
// finding; every test here failed on the code before the fix.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../app';
import { accessToken, HOSPITAL_BUYER, rawRows as rows } from '../test-support/demo-buyers';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../test-support/test-app';

const PAIR_LIMIT = 10;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ tokenFailureLimit: PAIR_LIMIT, loginCodeMaxAttempts: 5, authRequestLimit: 1000 });
});
afterAll(async () => {
  await t?.close();
});

const accounts = demoAccounts();
const admin = accounts.find((a) => a.role === 'admin' && !a.twoFactor)!;
const buyer = accounts.find((a) => a.role === 'buyer' && !a.twoFactor)!;

let counter = 0;
const freshIp = () => `10.16.${Math.floor(++counter / 250)}.${counter % 250}`;

function token(fields: Record<string, string>, ip = freshIp(), headers: Record<string, string> = FORM_HEADERS) {
  return t.app.inject({ method: 'POST', url: '/api/oauth/token', headers, payload: form(fields), remoteAddress: ip });
}
const password = (username: string, pw: string) => ({ ...CLIENT, grant_type: 'password', username, password: pw });
const query = <T>(q: ReturnType<typeof sql>) => rows<T>(t.app.database.db, q);

describe('1. bundle contents are scoped like a product list', () => {
  it('does not list a contract-only item to a web-shop visitor', async () => {
    const [bundle] = await query<{ id: string; slug: string; shop: string; item: string; item_slug: string }>(
      sql`select b.id, b.slug, b.shop, p.id as item, p.slug as item_slug from products b join bundle_lines bl on bl.bundle_id = b.id
          join products p on p.id = bl.product_id where b.kind = 'bundle' and not b.contract_only and b.shop in ('medical', 'both') order by b.slug limit 1`,
    );
    await query(sql`update products set contract_only = true where id = ${bundle!.item}`);
    const headers = { 'x-shop-type': 'medical' };
    const item = await t.app.inject({ url: `/api/v1/catalog/products/${bundle!.item_slug}`, headers });
    expect(item.statusCode).toBe(404);
    const res = await t.app.inject({ url: `/api/v1/catalog/products/${bundle!.slug}`, headers });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { bundle_items: { product_id: string }[] }).bundle_items;
    expect(items.map((i) => i.product_id)).not.toContain(bundle!.item);
  });

  it("does not list another organisation's contract-only item to a buyer", async () => {
    const auth = { authorization: `Bearer ${await accessToken(t.app, HOSPITAL_BUYER)}`, 'x-shop-type': 'portal' };
    const [contract] = await query<{ id: string }>(
      sql`select c.id from contracts c join memberships m on m.organisation_id = c.organisation_id join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER}`,
    );
    // A bundle in the hospital's contract; one of its items becomes another organisation's contract-only product.
    const [bundle] = await query<{ slug: string; item: string; item_slug: string }>(
      sql`select b.slug, p.id as item, p.slug as item_slug from products b join contract_prices cp on cp.product_id = b.id and cp.contract_id = ${contract!.id}
          join bundle_lines bl on bl.bundle_id = b.id join products p on p.id = bl.product_id where b.kind = 'bundle' order by b.slug limit 1`,
    );
    await query(sql`delete from contract_prices where contract_id = ${contract!.id} and product_id = ${bundle!.item}`);
    await query(sql`update products set contract_only = true where id = ${bundle!.item}`);
    expect((await t.app.inject({ url: `/api/v1/catalog/products/${bundle!.item_slug}`, headers: auth })).statusCode).toBe(404);
    const res = await t.app.inject({ url: `/api/v1/catalog/products/${bundle!.slug}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { bundle_items: { product_id: string }[] }).bundle_items.map((i) => i.product_id)).not.toContain(bundle!.item);
  });
});

describe('2. a NUL byte is a 400 with a stable code, never a 500', () => {
  const NUL = '\u0000';
  it('in a product slug and the technical-sheet path', async () => {
    for (const url of ['/api/v1/catalog/products/abc%00def', '/api/v1/catalog/products/abc%00def/technical-sheet']) {
      const res = await t.app.inject({ url, headers: { 'x-shop-type': 'medical' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('in registration fields', async () => {
    for (const field of ['first_name', 'last_name']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: freshIp(),
        payload: {
          kind: 'webshop',
          locale: 'nl',
          first_name: 'Sofie',
          last_name: 'Peeters',
          email: `nul.${field}@example.be`,
          phone: '0470 12 34 56',
          password: 'Verband-2025!',
          password_confirmation: 'Verband-2025!',
          address: { label: 'Hoofdzetel', type: 'billing', street: `Me${NUL}ir`, nr: `1${NUL}`, box: '', postal_code: '2000', city: 'Antwerpen', country: 'BE', email: 'f@example.be', phone: '03 123 45 67' },
          organisation_name: 'Ambulance Antwerpen',
          organisation_type: 'medical',
          vat_number: 'BE0403.170.701',
          newsletter: true,
          terms: true,
          [field]: `So${NUL}fie`,
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: string; errors: { path: string }[] };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors.map((e) => e.path)).toEqual(expect.arrayContaining([field, 'address.street', 'address.nr']));
    }
  });

  it("in the token endpoint's username, for the password and the code grants", async () => {
    for (const fields of [password(`a${NUL}b@example.be`, 'x'), { ...CLIENT, grant_type: 'code', username: `a${NUL}b@example.be`, code: '123456' }]) {
      const res = await token(fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', code: 'INVALID_REQUEST' });
    }
  });

  it("in the development mailbox's query", async () => {
    for (const url of ['/api/dev/mailbox/messages?to=a%00b', '/api/dev/mailbox?to=a%00b']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('in a search query', async () => {
    const res = await t.app.inject({ url: '/api/v1/catalog/products?q=a%00b', headers: { 'x-shop-type': 'medical' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('3. parallel password guesses never exceed the limit', () => {
  it('checks at most the limit of 30 guesses sent at once from one address, and the right one among them is not checked past it', async () => {
    const ip = freshIp();
    const guesses = Array.from({ length: 29 }, (_, i) => password(buyer.email, `wrong-${i}`));
    guesses.push(password(buyer.email, buyer.password));
    const answers = await Promise.all(guesses.map((g) => token(g, ip)));
    const checked = answers.filter((r) => r.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(30 - PAIR_LIMIT);
    // The guess sent last was never checked, so it did not sign in.
    expect(answers.at(-1)!.statusCode).toBe(429);
  });
});

describe('4. nobody can lock another user out', () => {
  it('accepts the right password from another address after many wrong ones from one address', async () => {
    const attacker = freshIp();
    for (let i = 0; i < PAIR_LIMIT + 5; i++) await token(password(admin.email, `wrong-${i}`), attacker);
    expect((await token(password(admin.email, 'wrong-again'), attacker)).statusCode).toBe(429);
    const owner = await token(password(admin.email, admin.password), freshIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("never refuses a different user's correct password or an anonymous grant from the address of a guesser (one proxy)", async () => {
    const proxy = freshIp();
    for (let i = 0; i < PAIR_LIMIT * 2; i++) await token(password(`nobody${i}@example.be`, 'wrong'), proxy);
    for (let i = 0; i < PAIR_LIMIT + 2; i++) await token(password(admin.email, `wrong-${i}`), proxy);
    const other = await token(password(buyer.email, buyer.password), proxy);
    expect(other.statusCode, other.body).toBe(200);
    expect((await token({ ...CLIENT, grant_type: 'anonymous' }, proxy)).statusCode).toBe(200);
  });

  it('does not count malformed requests or a bad client', async () => {
    const ip = freshIp();
    for (let i = 0; i < PAIR_LIMIT * 2; i++) {
      expect((await token({ ...password(buyer.email, buyer.password), client_secret: 'wrong' }, ip)).statusCode).toBe(401);
      expect((await token({ ...CLIENT, grant_type: 'password', username: buyer.email }, ip)).statusCode).toBe(400);
      expect((await token(password(buyer.email, buyer.password), ip, { 'content-type': 'application/json' })).statusCode).toBe(400);
    }
    const res = await token(password(buyer.email, buyer.password), ip);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('5. email verification does not tell unverified accounts from unknown ones', () => {
  it('answers the same sequence of codes for an unverified, an unknown and a verified address', async () => {
    const unverified = `pending.${Date.now()}@example.be`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: freshIp(),
      payload: {
        kind: 'webshop', locale: 'en', first_name: 'Pat', last_name: 'Pending', email: unverified, phone: '0470 12 34 56',
        password: 'Verband-2025!', password_confirmation: 'Verband-2025!',
        address: { label: 'Home', type: 'billing', street: 'Meir', nr: '1', box: '', postal_code: '2000', city: 'Antwerpen', country: 'BE', email: 'f@example.be', phone: '03 123 45 67' },
        organisation_name: 'Pending BV', organisation_type: 'medical', vat_number: 'BE0403.170.701', newsletter: false, terms: true,
      },
    });
    expect(reg.statusCode, reg.body).toBe(202);
    const sequence = async (email: string) => {
      const codes: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: freshIp(), payload: { email, code: '000000' } });
        codes.push(`${res.statusCode} ${res.json().code}`);
      }
      return codes;
    };
    const pending = await sequence(unverified);
    expect(await sequence(`unknown.${Date.now()}@example.be`)).toEqual(pending);
    expect(await sequence(buyer.email)).toEqual(pending);
  });
});

describe('6. headers and the lifetime of a browser sign-in', () => {
  it('sends nosniff, no framing and no referrer on API answers, errors included', async () => {
    for (const [url, status] of [['/api/health', 200], ['/api/v1/me', 401], ['/api/v1/nowhere', 404], ['/api/v1/catalog/products/%E0%A4%A', 400]] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('gives the browser a refresh token that dies after 12 idle hours, and a sign-in that ends after 7 days however often it is refreshed', async () => {
    const signIn = await token(password(buyer.email, buyer.password));
    expect(signIn.statusCode).toBe(200);
    const [stored] = await query<{ expires_at: Date; family_id: string }>(
      sql`select expires_at, family_id from refresh_tokens order by expires_at desc limit 1`,
    );
    const idleHours = (new Date(stored!.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(idleHours).toBeGreaterThan(11.9);
    expect(idleHours).toBeLessThanOrEqual(12);
    // The sign-in started 7 days ago: its refresh token no longer rotates.
    await query(sql`update refresh_token_families set created_at = now() - interval '7 days' where id = ${stored!.family_id}`);
    const refreshed = await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: signIn.json().refresh_token });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().code).toBe('REFRESH_TOKEN_EXPIRED');
  });
});

describe('7. the development mailbox', () => {
  it('answers the machine itself, and nobody else without a staff session', async () => {
    expect((await t.app.inject({ url: '/api/dev/mailbox/messages', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dev/mailbox/messages', remoteAddress: '::1' })).statusCode).toBe(200);
    for (const url of ['/api/dev/mailbox/messages', '/api/dev/mailbox']) {
      const outside = await t.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(outside.statusCode, url).toBe(403);
      expect(outside.json().code).toBe('MAILBOX_FORBIDDEN');
      // A proxy on the machine forwarding someone else's request is not the machine itself.
      const proxied = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode, url).toBe(403);
    }
    const buyerToken = await accessToken(t.app, HOSPITAL_BUYER);
    expect((await t.app.inject({ url: '/api/dev/mailbox/messages', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${buyerToken}` } })).statusCode).toBe(403);
    const staffToken = await accessToken(t.app, accounts.find((a) => a.role === 'case_manager')!.email);
    expect((await t.app.inject({ url: '/api/dev/mailbox/messages', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${staffToken}` } })).statusCode).toBe(200);
  });

  it('never answers in production, not even the machine itself or staff', { timeout: 180_000 }, async () => {
    const production = await startTestApp({ nodeEnv: 'production' });
    try {
      const staffToken = await accessToken(production.app, accounts.find((a) => a.role === 'case_manager')!.email);
      for (const url of ['/api/dev/mailbox/messages', '/api/dev/mailbox']) {
        expect((await production.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
        expect((await production.app.inject({ url, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${staffToken}` } })).statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
