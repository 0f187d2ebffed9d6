// The budget holds under concurrency (issue 33, decision 054): parallel placements against one cost
// centre that each fit but together do not leave exactly those that fit placed, the others refused
// with BUDGET_EXCEEDED and what is left; the spent amount is exactly the placed orders' totals. An
// order without a cost centre is refused where the organisation has cost centres, and a give-back
// happens once. Runs on PGlite, and on PostgreSQL with DATABASE_URL set (real parallel transactions).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_ERRORS } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { pdfPages } from '../../test-support/pdf-text';
import { startBudgetWorld } from '../../test-support/budget-world';
import type { TestApp } from '../../test-support/test-app';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';
import { budgets } from './budgets.port';

const PARALLEL = 10;

let t: TestApp;
let admin: string;
let lucas: string;
let productId: string;
beforeAll(async () => {
  ({ t, admin, lucas, productId } = await startBudgetWorld());
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
});
afterAll(async () => {
  await t?.close();
});

/** `count` new buyers of the hospital (copies of its demo buyer, same password), signed in. */
async function extraBuyers(count: number, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${i}@extra-buyers.example`;
    await query(
      t.app,
      sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text))).* from users u where u.email = ${HOSPITAL_BUYER}`,
    );
    await query(t.app, sql`insert into memberships (user_id, organisation_id, role) select n.id, m.organisation_id, 'buyer' from users n, users b join memberships m on m.user_id = b.id where n.email = ${email} and b.email = ${HOSPITAL_BUYER}`);
    tokens.push(await accessToken(t.app, email));
  }
  return tokens;
}

const place = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'idempotency-key': randomUUID() }, payload: body });
const body = async (token: string, extra: object = {}) => ({ ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER, ...extra });
const spent = async (costCentreId: string) =>
  Number((await query<{ s: string | null }>(t.app, sql`select sum(spent_cents)::text as s from cost_centre_spending where cost_centre_id = ${costCentreId}`))[0]!.s ?? 0);

async function createCostCentre(code: string, budgetCents: number, buyerIds: string[]): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/cost-centres', headers: headers(admin), payload: { code, name: `Ward ${code}`, budget_cents: budgetCents, period: 'month', buyer_ids: buyerIds } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const userIdOf = async (email: string) => (await query<{ id: string }>(t.app, sql`select id from users where email = ${email}`))[0]!.id;

describe('the budget under concurrency', () => {
  it(`places exactly the orders that fit when ${PARALLEL} buyers order against one cost centre at once`, async () => {
    const buyers = await extraBuyers(PARALLEL, 'budget-race');
    const ids = await Promise.all(buyers.map((_, i) => userIdOf(`budget-race-${i}@extra-buyers.example`)));
    const costCentre = await createCostCentre('RACE', 100_000_000, [...ids, await userIdOf(HOSPITAL_BUYER)]);
    // One order first, to learn what an order of this cart costs.
    await fillCart(t.app, lucas, [{ product_id: productId, quantity: 1 }]);
    const first = await place(lucas, await body(lucas, { cost_centre_id: costCentre }));
    expect(first.statusCode, first.body).toBe(201);
    const [{ total }] = (await query<{ total: number }>(t.app, sql`select total_cents as total from orders where id = ${first.json().id}`)) as [{ total: number }];
    expect(await spent(costCentre)).toBe(total);
    // What is left fits three more such orders and half of a fourth.
    const left = 3 * total + Math.floor(total / 2);
    await query(t.app, sql`update cost_centres set budget_cents = ${total + left} where id = ${costCentre}`);
    for (const token of buyers) await fillCart(t.app, token, [{ product_id: productId, quantity: 1 }]);
    const bodies = await Promise.all(buyers.map((token) => body(token, { cost_centre_id: costCentre })));
    const ordersBefore = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders`))[0]!.n;

    const answers = await Promise.all(buyers.map((token, i) => place(token, bodies[i]!)));

    const placed = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(placed, answers.map((r) => r.body).join('\n')).toHaveLength(3);
    expect(refused).toHaveLength(PARALLEL - 3);
    for (const r of refused) expect(r.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: Math.floor(total / 2), cost_centre: { code: 'RACE' } });
    expect(await spent(costCentre)).toBe(4 * total);
    expect((await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders`))[0]!.n).toBe(ordersBefore + 3);
    // Every placed order carries its cost centre; no refused one left a charge behind.
    const links = await query<{ n: number; s: string }>(t.app, sql`select count(*)::int as n, sum(amount_cents)::text as s from order_cost_centres where cost_centre_id = ${costCentre}`);
    expect(links[0]).toMatchObject({ n: 4, s: String(4 * total) });
  });

  it('refuses an order without a cost centre where the organisation has them, and one against a cost centre the buyer is not assigned to', async () => {
    const other = await createCostCentre('NOTYOURS', 100_000_000, []);
    await fillCart(t.app, lucas, [{ product_id: productId, quantity: 1 }]);
    const none = await place(lucas, await body(lucas));
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json()).toMatchObject({ code: BUDGET_ERRORS.COST_CENTRE_REQUIRED, errors: [{ path: 'cost_centre_id' }] });
    const notAssigned = await place(lucas, await body(lucas, { cost_centre_id: other }));
    expect(notAssigned.statusCode, notAssigned.body).toBe(422);
    expect(notAssigned.json()).toMatchObject({ code: BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED });
    // Refusals leave the cart as it was: nothing placed.
    const cart = await t.app.inject({ url: '/api/v1/cart', headers: headers(lucas) });
    expect(cart.json().lines).toHaveLength(1);
  });

  it('refuses with APPROVAL_REQUIRED when the organisation sends orders over the budget to approval', async () => {
    const tight = await createCostCentre('TIGHT', 1, [await userIdOf(HOSPITAL_BUYER)]);
    const rule = await t.app.inject({ method: 'PUT', url: '/api/v1/budget-rule', headers: headers(admin), payload: { over_budget: 'approval' } });
    expect(rule.statusCode, rule.body).toBe(200);
    await fillCart(t.app, lucas, [{ product_id: productId, quantity: 1 }]);
    const res = await place(lucas, await body(lucas, { cost_centre_id: tight }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: BUDGET_ERRORS.APPROVAL_REQUIRED, remaining_cents: 1 });
    await t.app.inject({ method: 'PUT', url: '/api/v1/budget-rule', headers: headers(admin), payload: { over_budget: 'refuse' } });
    const refused = await place(lucas, await body(lucas, { cost_centre_id: tight }));
    expect(refused.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: 1 });
  });

  it('gives a charge back exactly once, and a retry charges it again only while it fits', async () => {
    const cc = await createCostCentre('GIVEBACK', 100_000_000, [await userIdOf(HOSPITAL_BUYER)]);
    await fillCart(t.app, lucas, [{ product_id: productId, quantity: 2 }]);
    const res = await place(lucas, await body(lucas, { cost_centre_id: cc }));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().id as string;
    const charged = await spent(cc);
    expect(charged).toBeGreaterThan(0);
    const db = t.app.database.db;
    await db.transaction((tx) => budgets.giveBack(tx, orderId));
    await db.transaction((tx) => budgets.giveBack(tx, orderId));
    expect(await spent(cc)).toBe(0);
    await db.transaction((tx) => budgets.chargeAgain(tx, orderId));
    await db.transaction((tx) => budgets.chargeAgain(tx, orderId));
    expect(await spent(cc)).toBe(charged);
    // Given back, then the budget is cut below the order: the retry is refused and nothing changes.
    await db.transaction((tx) => budgets.giveBack(tx, orderId));
    await query(t.app, sql`update cost_centres set budget_cents = ${charged - 1} where id = ${cc}`);
    await expect(db.transaction((tx) => budgets.chargeAgain(tx, orderId))).rejects.toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, extensions: { remaining_cents: charged - 1 } });
    expect(await spent(cc)).toBe(0);
    expect(await budgets.ofOrder(db, orderId)).toEqual({ code: 'GIVEBACK', name: 'Ward GIVEBACK', over_budget_cents: 0 });
    // The order page shows it (the order history reads it through the port).
    const page = await t.app.inject({ url: `/api/v1/my-orders/${res.json().number as string}`, headers: headers(lucas) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().cost_centre).toEqual({ code: 'GIVEBACK', name: 'Ward GIVEBACK', over_budget_cents: 0 });
    // So does the order's confirmation (issue 44.13: it did not say which cost centre was charged).
    const confirmation = await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: headers(lucas) });
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    expect(confirmation.json().cost_centre).toEqual({ code: 'GIVEBACK', name: 'Ward GIVEBACK' });
    // And the order form, in the buyer's language (Dutch here).
    const pdf = await t.app.inject({ url: `/api/v1/orders/${orderId}/order-form.pdf`, headers: headers(lucas) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Kostenplaats');
    expect(text).toContain('GIVEBACK');
  });
});
