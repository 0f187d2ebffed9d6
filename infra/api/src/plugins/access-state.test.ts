// The access check of every signed-in request (decision 032) and the active contract of a portal
// request are read by one statement (issue 13). What must not change with the fold: a deactivated
// membership is refused (401 ACCOUNT_DISABLED) on its next call, before anything else the request
// would answer; a person in two organisations is refused only in the one that deactivated them; the
// contract range is the organisation's the token acts for. Runs on PGlite, and on PostgreSQL with
// DATABASE_URL set.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, CATALOG_ERRORS } from '@portal/shared/schemas';
import type { Caller } from '../caller';
import type { Db } from '../db/client';
import { DEMO_PASSWORD } from '../seed/accounts';
import { call, passwordGrant } from '../test-support/account-helpers';
import { accessToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from '../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { addPersonInTwoOrganisations } from '../test-support/two-organisations';
import { createAccessState } from './access-state';

/** A buyer of both demo organisations: a member of A (the hospital) first, then of B (the police). */
const TWO_ORGS = 'two.organisations@example.be';
const STAFF = 'an.claes@portal-supplier.example';

let t: TestApp;
let personId: string;
let orgA: string;
let orgB: string;
let contractA: string;
let contractB: string;
/** A product in both contracts at different prices: the price says whose contract range was used. */
let shared: { slug: string; a: number; b: number };

beforeAll(async () => {
  t = await startTestApp();
  [contractA, contractB] = [await contractOf(t.app, HOSPITAL_BUYER), await contractOf(t.app, POLICE_BUYER)];
  ({ personId, orgA, orgB } = await addPersonInTwoOrganisations(t.app, TWO_ORGS));
  [shared] = await query<{ slug: string; a: number; b: number }>(
    t.app,
    sql`select p.slug, a.price_cents as a, b.price_cents as b from products p
        join contract_prices a on a.product_id = p.id and a.contract_id = ${contractA}
        join contract_prices b on b.product_id = p.id and b.contract_id = ${contractB}
        where p.active and a.price_cents is not null and b.price_cents is not null and a.price_cents <> b.price_cents order by p.slug limit 1`,
  ) as [typeof shared];
  expect(shared).toBeDefined();
});
afterAll(async () => {
  await t?.close();
});

/** The database of the app, counting the statements sent through it. */
function countingDb(): { db: Db; statements: () => number } {
  let n = 0;
  const db = new Proxy(t.app.database.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (q: SQL) => {
        n++;
        return (value as (q: SQL) => unknown).call(target, q);
      };
    },
  });
  return { db, statements: () => n };
}

const setMembership = (organisationId: string, deactivated: boolean) =>
  query(t.app, sql`update memberships set deactivated_at = ${deactivated ? sql`now()` : sql`null`} where user_id = ${personId} and organisation_id = ${organisationId}`);

/** Signs the person in (the first organisation whose membership is active): the access token and its organisation. */
async function signIn(): Promise<{ token: string; organisationId: string }> {
  const res = await passwordGrant(t.app, TWO_ORGS, DEMO_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  const me = await call(t.app, 'GET', '/api/v1/me', token);
  expect(me.statusCode, me.body).toBe(200);
  return { token, organisationId: me.json().organisationId as string };
}

/** A session in each organisation: B's is started while A's membership is deactivated for a moment. */
async function sessions() {
  await query(t.app, sql`update memberships set deactivated_at = null where user_id = ${personId}`);
  const inA = await signIn();
  await setMembership(orgA, true);
  const inB = await signIn();
  await setMembership(orgA, false);
  expect([inA.organisationId, inB.organisationId]).toEqual([orgA, orgB]);
  return { inA: inA.token, inB: inB.token };
}

const detail = (token: string, shop = 'portal') => call(t.app, 'GET', `/api/v1/catalog/products/${shared.slug}`, token, undefined, { 'x-shop-type': shop });

describe('the access check with the active contract (one statement)', () => {
  it("answers the membership's state and, when asked, the organisation's active contract in one statement", async () => {
    const customer = (organisationId: string): Caller => ({ kind: 'customer', userId: personId, organisationId, role: 'buyer' });
    await query(t.app, sql`update memberships set deactivated_at = null where user_id = ${personId}`);

    // The membership's role as stored now comes with it (decision 060): an approver in B, whatever the token says.
    await query(t.app, sql`update memberships set role = 'approver' where user_id = ${personId} and organisation_id = ${orgB}`);
    const cases: [Caller, boolean, object][] = [
      [customer(orgA), true, { active: true, contractId: contractA, role: 'buyer' }],
      [customer(orgB), true, { active: true, contractId: contractB, role: 'approver' }],
      [customer(orgA), false, { active: true, role: 'buyer' }],
      [customer(orgB), false, { active: true, role: 'approver' }],
    ];
    for (const [caller, withContract, expected] of cases) {
      const { db, statements } = countingDb();
      expect(await createAccessState(db)(caller, withContract)).toEqual(expected);
      expect(statements()).toBe(1);
    }
    await query(t.app, sql`update memberships set role = 'buyer' where user_id = ${personId} and organisation_id = ${orgB}`);

    // Deactivated in A: refused there (no contract read out of it), still active in B.
    await setMembership(orgA, true);
    expect(await createAccessState(t.app.database.db)(customer(orgA), true)).toEqual({ active: false });
    expect(await createAccessState(t.app.database.db)(customer(orgB), true)).toEqual({ active: true, contractId: contractB, role: 'buyer' });
    // A membership that does not exist is refused like a deactivated one.
    expect(await createAccessState(t.app.database.db)(customer('00000000-0000-4000-8000-000000000000'), true)).toEqual({ active: false });
    await setMembership(orgA, false);

    // Staff have no organisation and no contract; anonymous and public callers are not looked up.
    const [staff] = await query<{ id: string }>(t.app, sql`select id from users where email = ${STAFF}`);
    expect(await createAccessState(t.app.database.db)({ kind: 'staff', userId: staff!.id, organisationId: null, role: 'case_manager' }, true)).toEqual({ active: true, contractId: null });
    const { db, statements } = countingDb();
    expect(await createAccessState(db)({ kind: 'anonymous', sessionId: 'x', role: 'anonymous', organisationId: null }, true)).toEqual({ active: true });
    expect(await createAccessState(db)({ kind: 'public' }, true)).toEqual({ active: true });
    expect(statements()).toBe(0);

    // An account locked by the operator is refused in every organisation.
    await query(t.app, sql`update users set disabled_at = now() where id = ${personId}`);
    expect(await createAccessState(t.app.database.db)(customer(orgB), true)).toEqual({ active: false });
    await query(t.app, sql`update users set disabled_at = null where id = ${personId}`);
  });

  it("shows each session its own organisation's contract range", async () => {
    const { inA, inB } = await sessions();
    const [a, b] = [await detail(inA), await detail(inB)];
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().price.excl_vat).toBe(shared.a);
    expect(b.json().price.excl_vat).toBe(shared.b);
    // The shop named by the query parameter (plain links) reads the same contract.
    const sheet = await call(t.app, 'GET', `/api/v1/catalog/products/${shared.slug}/technical-sheet?shop=portal`, inB);
    expect(sheet.statusCode, sheet.body).toBe(200);
    // A public shop is not the contract range, whoever asks.
    const medical = await detail(inA, 'medical');
    expect([200, 404]).toContain(medical.statusCode);
    if (medical.statusCode === 200) expect(medical.json().price?.excl_vat).not.toBe(shared.a);
  });

  it('refuses a membership deactivated in A on its next call, before anything else, and leaves B working', async () => {
    const { inA, inB } = await sessions();
    expect((await detail(inA)).statusCode).toBe(200);

    await setMembership(orgA, true);
    // Every kind of request with A's token: the contract range, another shop, no shop, a bad shop header.
    for (const [method, url, headers] of [
      ['GET', `/api/v1/catalog/products/${shared.slug}`, { 'x-shop-type': 'portal' }],
      ['GET', '/api/v1/cart', { 'x-shop-type': 'portal' }],
      ['GET', `/api/v1/catalog/products/${shared.slug}`, { 'x-shop-type': 'medical' }],
      ['GET', '/api/v1/me', {}],
      ['GET', '/api/v1/cart', { 'x-shop-type': 'no-such-shop' }],
      ['GET', `/api/v1/catalog/products/${shared.slug}/technical-sheet?shop=portal`, {}],
    ] as const) {
      const res = await call(t.app, method, url, inA, undefined, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
      expect(res.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
    }
    // B's session goes on, in B's contract range.
    const b = await detail(inB);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().price.excl_vat).toBe(shared.b);
    expect((await call(t.app, 'GET', '/api/v1/cart', inB, undefined, { 'x-shop-type': 'portal' })).statusCode).toBe(200);

    // Reactivated: A's token works again, in A's range.
    await setMembership(orgA, false);
    expect((await detail(inA)).json().price.excl_vat).toBe(shared.a);
  });

  it('keeps the answers of the scope for everyone else: staff 403, visitors 401, a shop header missing 400', async () => {
    const staff = await accessToken(t.app, STAFF);
    const asStaff = await detail(staff);
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().code).toBe(CATALOG_ERRORS.CUSTOMERS_ONLY);
    const visitor = await call(t.app, 'GET', `/api/v1/catalog/products/${shared.slug}`, null, undefined, { 'x-shop-type': 'portal' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(CATALOG_ERRORS.LOGIN_REQUIRED);
    const { inA } = await sessions();
    const noShop = await call(t.app, 'GET', `/api/v1/catalog/products/${shared.slug}`, inA);
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json().code).toBe(CATALOG_ERRORS.SHOP_REQUIRED);
  });
});
