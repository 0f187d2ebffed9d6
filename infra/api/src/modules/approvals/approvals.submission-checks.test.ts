// Sending for approval runs every check placement runs except the rule that sends it to approval
// (issue 40, item 4; decision 059): what could never be approved is refused at submission, with the
// code placement answers, instead of waiting for an approver who can only reject it. PGlite, and
// PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, BUDGET_ERRORS, CHECKOUT_ERRORS } from '@portal/shared/schemas';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
let t: TestApp;
let admin: string;
let lucas: string;
let productId: string;
let contract: string;

beforeAll(async () => {
  t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0 } as never);
  [admin, lucas] = [await accessToken(t.app, HOSPITAL_ADMIN), await accessToken(t.app, HOSPITAL_BUYER)];
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  productId = (await contractProduct(t.app, contract, sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`)).id;
  await query(t.app, sql`update products set stock_level = 100000, low_stock_threshold = 0 where id = ${productId}`);
  // Every order of this buyer needs approval.
  const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
  const rule = await t.app.inject({ method: 'POST', url: '/api/v1/approval-rules', headers: headers(admin), payload: { kind: 'users', user_ids: [lucasRow!.id] } });
  expect(rule.statusCode, rule.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await query(t.app, sql`update cost_centres set active = false`);
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, extra), ...(payload ? { payload } : {}) });
const body = async (extra: object = {}) => ({ ...(await defaultAddresses(t.app, lucas)), shipping_method: 'standard', submitter: SUBMITTER, ...extra });
const pending = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from approval_requests where status = 'pending'`))[0]!.n;

async function setCart(quantity: number) {
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  await fillCart(t.app, lucas, [{ product_id: productId, quantity }]);
}

async function costCentre(code: string, buyers: string[]): Promise<string> {
  const res = await call('POST', '/cost-centres', admin, { code, name: `Ward ${code}`, budget_cents: 100_000_000, period: 'year', buyer_ids: buyers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('sending for approval', () => {
  it("without a cost centre where the organisation requires one: 422 BUDGET_COST_CENTRE_REQUIRED, as the approval's placement would, nothing pending", async () => {
    const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
    await costCentre('REQ-1', [lucasRow!.id]);
    await setCart(1);
    // Placement sends it to approval (the rule is asked before the claim's questions)…
    const placed = await call('POST', '/orders', lucas, await body(), { 'idempotency-key': randomUUID() });
    expect(placed.json()).toMatchObject({ code: APPROVAL_ERRORS.REQUIRED });
    // …and the submission refuses what the approval's placement would refuse.
    const before = await pending();
    const submitted = await call('POST', '/approval-requests', lucas, await body());
    expect(submitted.statusCode, submitted.body).toBe(422);
    expect(submitted.json()).toMatchObject({ code: BUDGET_ERRORS.COST_CENTRE_REQUIRED });
    expect(await pending()).toBe(before);
  });

  it("with another buyer's cost centre: 422 BUDGET_COST_CENTRE_NOT_ALLOWED, as placement", async () => {
    const [adminRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_ADMIN}`);
    const theirs = await costCentre('REQ-2', [adminRow!.id]);
    await setCart(1);
    const submitted = await call('POST', '/approval-requests', lucas, await body({ cost_centre_id: theirs }));
    expect(submitted.statusCode, submitted.body).toBe(422);
    expect(submitted.json()).toMatchObject({ code: BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED });
  });

  it('without an active contract (an approved order is placed on account): 409 CHECKOUT_ON_ACCOUNT_ONLY, nothing pending', async () => {
    await setCart(1);
    const before = await pending();
    await query(t.app, sql`update contracts set status = 'expired' where id = ${contract}`);
    try {
      const submitted = await call('POST', '/approval-requests', lucas, await body());
      expect(submitted.statusCode, submitted.body).toBe(409);
      expect(submitted.json()).toMatchObject({ code: CHECKOUT_ERRORS.ON_ACCOUNT_ONLY });
      expect(await pending()).toBe(before);
    } finally {
      await query(t.app, sql`update contracts set status = 'active' where id = ${contract}`);
    }
  });

  it('a request that passes the checks is pending and can be approved', async () => {
    const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
    const cc = await costCentre('REQ-3', [lucasRow!.id]);
    await setCart(1);
    const submitted = await call('POST', '/approval-requests', lucas, await body({ cost_centre_id: cc }));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await call('POST', `/approval-requests/${submitted.json().id}/decision`, admin, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
  });
});
