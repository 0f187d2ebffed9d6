// The address book: scoped to the caller's organisation (or a web-shop customer's own book), one
// default per type, another organisation's id answered as not found, staff and visitors refused.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_ERRORS, AddressSchema, CATALOG_ERRORS } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const tokens = { hospital: '', police: '', webshop: '', staff: '' };
beforeAll(async () => {
  t = await startTestApp();
  const emails = { hospital: HOSPITAL_BUYER, police: POLICE_BUYER, webshop: WEBSHOP_CUSTOMER, staff: 'an.claes@portal-supplier.example' };
  for (const [k, email] of Object.entries(emails)) tokens[k as keyof typeof tokens] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const GENT = { label: 'Depot Gent', type: 'shipping', street: 'Dok-Noord', nr: '7', box: '', postal_code: '9000', city: 'Gent', country: 'BE', email: 'depot@example.com', phone: '+32 9 111 22 33' };
const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/addresses${url}`, headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const list = async (token: string) => v.parse(v.array(AddressSchema), (await call(token, 'GET', '')).json());

describe('address book', () => {
  it("lists the caller's organisation's addresses only", async () => {
    const hospital = await list(tokens.hospital);
    const police = await list(tokens.police);
    expect(hospital.length).toBeGreaterThan(0);
    expect(police.length).toBeGreaterThan(0);
    const ids = new Set(hospital.map((a) => a.id));
    expect(police.some((a) => ids.has(a.id))).toBe(false);
    // One default per type in the seed.
    expect(hospital.filter((a) => a.type === 'shipping' && a.is_default)).toHaveLength(1);
  });

  it("keeps a web-shop customer's own book, apart from every organisation's", async () => {
    const own = await list(tokens.webshop);
    expect(own.map((a) => a.city)).toEqual(['Leuven', 'Leuven']);
    const created = await call(tokens.webshop, 'POST', '', { ...GENT, label: 'Werk' });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await query<{ organisation_id: string | null; user_id: string | null }>(t.app, sql`select organisation_id, user_id from addresses where id = ${created.json().id}`);
    expect(row).toMatchObject({ organisation_id: null });
    expect(row!.user_id).toBeTruthy();
    expect((await list(tokens.hospital)).some((a) => a.id === created.json().id)).toBe(false);
  });

  it('adds, changes and removes; a new default clears the previous one of its type', async () => {
    const created = await call(tokens.hospital, 'POST', '', GENT);
    expect(created.statusCode, created.body).toBe(201);
    const address = v.parse(AddressSchema, created.json());
    expect(address).toMatchObject({ label: 'Depot Gent', is_default: false });
    const made = await call(tokens.hospital, 'PUT', `/${address.id}`, { ...GENT, label: 'Depot Gent-Noord', is_default: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ label: 'Depot Gent-Noord', is_default: true });
    const after = await list(tokens.hospital);
    expect(after.filter((a) => a.type === 'shipping' && a.is_default).map((a) => a.id)).toEqual([address.id]);
    expect(after.filter((a) => a.type === 'billing' && a.is_default)).toHaveLength(1);
    // Without is_default the default stays as it is.
    const relabelled = await call(tokens.hospital, 'PUT', `/${address.id}`, { ...GENT, label: 'Depot' });
    expect(relabelled.json()).toMatchObject({ label: 'Depot', is_default: true });
    expect((await call(tokens.hospital, 'DELETE', `/${address.id}`)).statusCode).toBe(204);
    expect((await list(tokens.hospital)).some((a) => a.id === address.id)).toBe(false);
    expect((await call(tokens.hospital, 'DELETE', `/${address.id}`)).json().code).toBe(ADDRESS_ERRORS.NOT_FOUND);
  });

  it("answers another organisation's address id as not found, and leaves it unchanged", async () => {
    const [theirs] = await list(tokens.police);
    for (const res of [await call(tokens.hospital, 'PUT', `/${theirs!.id}`, GENT), await call(tokens.hospital, 'DELETE', `/${theirs!.id}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ADDRESS_ERRORS.NOT_FOUND);
    }
    expect((await list(tokens.police)).find((a) => a.id === theirs!.id)).toEqual(theirs);
  });

  it('validates the address with field errors (postal code per country)', async () => {
    const res = await call(tokens.hospital, 'POST', '', { ...GENT, postal_code: '9000 AB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'postal_code', message: 'validation.invalid.regex' })]);
  });

  it('refuses an address outside the delivery countries (issue 40)', async () => {
    const res = await call(tokens.hospital, 'POST', '', { ...GENT, country: 'LU', postal_code: 'L-1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'country', message: 'validation.required' })]);
  });

  it('refuses staff (403), anonymous sessions and visitors (401)', async () => {
    const staff = await call(tokens.staff, 'POST', '', GENT);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(CATALOG_ERRORS.CUSTOMERS_ONLY);
    expect((await call(tokens.staff, 'GET', '')).statusCode).toBe(403);
    expect((await call(await anonymousToken(t.app), 'GET', '')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '', GENT)).statusCode).toBe(401);
  });
});
