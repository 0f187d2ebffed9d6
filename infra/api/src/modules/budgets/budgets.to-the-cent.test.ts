// A budget spent to the cent (issue 40, item 4; decision 059): an order costing exactly what is
// left fits. The buyer's preview (what is left, the checkout's total) says it fits, and placement
// and an approved request charge it, both when the period has no spent row yet (the insert's
// condition) and when it has one (the upsert's condition); one cent more is refused. These are the
// tests that kill `<=` turned into `<` in budgets.port.ts. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalRequestSchema, BUDGET_ERRORS, CheckoutCostCentresSchema } from '@portal/shared/schemas';
import { HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { startBudgetWorld } from '../../test-support/budget-world';
import type { TestApp } from '../../test-support/test-app';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';
import { periodStartSql } from './budgets.period';

let t: TestApp;
let admin: string;
let lucas: string;
let productId: string;
beforeAll(async () => {
  ({ t, admin, lucas, productId } = await startBudgetWorld());
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // Each test's cost centre is its own; inactive afterwards, so the next test's orders need only theirs.
  await query(t.app, sql`update cost_centres set active = false`);
  await query(t.app, sql`delete from approval_rules`);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, extra), ...(payload ? { payload } : {}) });
const place = (body: object) => call('POST', '/orders', lucas, body, { 'idempotency-key': randomUUID() });
const body = async (costCentreId: string) => ({ ...(await defaultAddresses(t.app, lucas)), shipping_method: 'standard', submitter: SUBMITTER, cost_centre_id: costCentreId });
const spent = async (costCentreId: string) =>
  Number((await query<{ s: string | null }>(t.app, sql`select sum(spent_cents)::text as s from cost_centre_spending where cost_centre_id = ${costCentreId}`))[0]!.s ?? 0);

async function setCart(quantity: number) {
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  await fillCart(t.app, lucas, [{ product_id: productId, quantity }]);
}

/** The cart's total including VAT as the checkout's preview states it (what is charged). */
async function previewTotal(): Promise<number> {
  const { delivery_address_id } = await defaultAddresses(t.app, lucas);
  const book = (await call('GET', '/addresses', lucas)).json() as { id: string; country: string }[];
  const res = await call('POST', '/checkout/preview', lucas, { delivery_country: book.find((a) => a.id === delivery_address_id)!.country, shipping_method: 'standard' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { totals: { incl_vat: number } }).totals.incl_vat;
}

/** What the buyer's choice of cost centres says is left of this one. */
async function leftShown(costCentreId: string): Promise<number> {
  const res = await call('GET', '/cost-centres/mine', lucas);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CheckoutCostCentresSchema, res.json()).cost_centres.find((c) => c.id === costCentreId)!.remaining_cents;
}

async function createCostCentre(code: string, budgetCents: number): Promise<string> {
  const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
  const res = await call('POST', '/cost-centres', admin, { code, name: `Ward ${code}`, budget_cents: budgetCents, period: 'month', buyer_ids: [lucasRow!.id] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('a budget spent to the cent', () => {
  it('places an order costing exactly the budget of a period without spending yet, and refuses one cent more', async () => {
    await setCart(1);
    const total = await previewTotal();
    const tight = await createCostCentre('CENT-1', total - 1);
    expect(await leftShown(tight)).toBe(total - 1);
    const over = await place(await body(tight));
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: total - 1 });
    expect(await spent(tight)).toBe(0);

    const exact = await createCostCentre('CENT-2', total);
    // The preview: what is left is the checkout's total, so the order fits.
    expect(await leftShown(exact)).toBe(total);
    const placed = await place(await body(exact));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await spent(exact)).toBe(total);
    expect(await leftShown(exact)).toBe(0);
  });

  it('places an order costing exactly what is left of a period already spent from, and refuses one cent more', async () => {
    await setCart(1);
    const total = await previewTotal();
    const cc = await createCostCentre('CENT-3', 2 * total - 1);
    expect((await place(await body(cc))).statusCode).toBe(201);
    expect(await leftShown(cc)).toBe(total - 1);
    await setCart(1);
    const over = await place(await body(cc));
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: total - 1 });

    await query(t.app, sql`update cost_centres set budget_cents = ${2 * total} where id = ${cc}`);
    expect(await leftShown(cc)).toBe(total);
    const placed = await place(await body(cc));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await spent(cc)).toBe(2 * total);
  });

  it('submits and approves an order costing exactly what is left: charged within the budget, not over it', async () => {
    await setCart(1);
    const total = await previewTotal();
    // Every order of this buyer waits for approval (a rule of the organisation, not the budget).
    const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
    expect((await call('POST', '/approval-rules', admin, { kind: 'users', user_ids: [lucasRow!.id] })).statusCode).toBe(201);
    const cc = await createCostCentre('CENT-4', 2 * total);
    await query(t.app, sql`insert into cost_centre_spending (cost_centre_id, period_start, spent_cents)
      select id, ${periodStartSql(sql`'month'`)}, ${total} from cost_centres where id = ${cc}`);
    expect(await leftShown(cc)).toBe(total);
    const res = await call('POST', '/approval-requests', lucas, await body(cc));
    expect(res.statusCode, res.body).toBe(201);
    const submitted = v.parse(ApprovalRequestSchema, res.json());
    // It fits: the budget is no reason; the rule is.
    expect(submitted.reasons.map((r) => r.kind)).toEqual(['users']);
    const approved = await call('POST', `/approval-requests/${submitted.id}/decision`, admin, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = v.parse(ApprovalRequestSchema, approved.json());
    expect(await spent(cc)).toBe(2 * total);
    const page = await call('GET', `/my-orders/${done.order_number!}`, lucas);
    expect(page.json().cost_centre).toEqual({ code: 'CENT-4', name: 'Ward CENT-4', over_budget_cents: 0 });
  });

  it('an approval request one cent over what is left, where the rule refuses, is refused at submission', async () => {
    await setCart(1);
    const total = await previewTotal();
    const cc = await createCostCentre('CENT-5', total - 1);
    const res = await call('POST', '/approval-requests', lucas, await body(cc));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: total - 1 });
  });
});
