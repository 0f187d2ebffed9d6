// An order over its cost centre's budget where the organisation's rule is "approval" (issue 33,
// decision 054 amendment): placement refuses it with BUDGET_APPROVAL_REQUIRED, the same checkout is
// submitted for approval and the server itself finds the reason (a client cannot claim it); the
// approval places the order and charges the cost centre past its budget once, recorded on the order.
// With the rule "refuse" the order stays refused. PGlite, and PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, ApprovalRequestListSchema, ApprovalRequestSchema, BUDGET_ERRORS } from '@portal/shared/schemas';
import { HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { pdfPages } from '../../test-support/pdf-text';
import { startBudgetWorld } from '../../test-support/budget-world';
import type { TestApp } from '../../test-support/test-app';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';

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

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, extra), ...(payload ? { payload } : {}) });
const place = (body: object) => call('POST', '/orders', lucas, body, { 'idempotency-key': randomUUID() });
const body = async (costCentreId: string) => ({ ...(await defaultAddresses(t.app, lucas)), shipping_method: 'standard', submitter: SUBMITTER, cost_centre_id: costCentreId });
const spent = async (costCentreId: string) =>
  Number((await query<{ s: string | null }>(t.app, sql`select sum(spent_cents)::text as s from cost_centre_spending where cost_centre_id = ${costCentreId}`))[0]!.s ?? 0);
const rule = async (over_budget: 'refuse' | 'approval') => expect((await call('PUT', '/budget-rule', admin, { over_budget })).statusCode).toBe(200);

async function setCart(quantity: number) {
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  await fillCart(t.app, lucas, [{ product_id: productId, quantity }]);
}

async function createCostCentre(code: string, budgetCents: number): Promise<string> {
  const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
  const res = await call('POST', '/cost-centres', admin, { code, name: `Ward ${code}`, budget_cents: budgetCents, period: 'month', buyer_ids: [lucasRow!.id] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('an order over budget where the rule is approval', () => {
  it('is refused at placement, submitted with the budget reason, and once approved placed and charged past the budget once', async () => {
    await rule('approval');
    const cc = await createCostCentre('APPR', 100);
    await setCart(1);
    const refused = await place(await body(cc));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: BUDGET_ERRORS.APPROVAL_REQUIRED, remaining_cents: 100, cost_centre: { code: 'APPR' } });

    const res = await call('POST', '/approval-requests', lucas, await body(cc));
    expect(res.statusCode, res.body).toBe(201);
    const submitted = v.parse(ApprovalRequestSchema, res.json());
    expect(submitted.reasons).toEqual([{ kind: 'budget', amount_cents: 100, cost_centre: { code: 'APPR', name: 'Ward APPR' } }]);
    const total = submitted.totals.incl_vat;
    expect(total).toBeGreaterThan(100);
    // The approvers' queue names the reason.
    const queue = v.parse(ApprovalRequestListSchema, (await call('GET', '/approval-requests?view=queue', admin)).json());
    expect(queue.items.find((r) => r.id === submitted.id)?.reasons).toEqual(submitted.reasons);
    expect(await spent(cc)).toBe(0);

    const approved = await call('POST', `/approval-requests/${submitted.id}/decision`, admin, { decision: 'approve', comment: 'Over budget, but needed' });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = v.parse(ApprovalRequestSchema, approved.json());
    expect(done.status).toBe('approved');
    // Charged once, past the budget; the order records how far.
    expect(await spent(cc)).toBe(total);
    const again = await call('POST', `/approval-requests/${submitted.id}/decision`, admin, { decision: 'approve' });
    expect(again.json()).toMatchObject({ code: APPROVAL_ERRORS.DECIDED });
    expect(await spent(cc)).toBe(total);
    const page = await call('GET', `/my-orders/${done.order_number!}`, lucas);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().cost_centre).toEqual({ code: 'APPR', name: 'Ward APPR', over_budget_cents: total - 100 });
    // The order form says it too, in the buyer's language (Dutch here), beside the cost centre.
    const pdf = await call('GET', `/orders/${done.order_id!}/order-form.pdf`, lucas);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('APPR — Ward APPR');
    expect(text).toContain('Goedgekeurd boven het budget, met');

    // The budget is now over: an ordinary order stays strictly within it (nothing left).
    await setCart(1);
    const next = await place(await body(cc));
    expect(next.json()).toMatchObject({ code: BUDGET_ERRORS.APPROVAL_REQUIRED, remaining_cents: 0 });
    expect(await spent(cc)).toBe(total);
  });

  it('ignores a reason the client claims: an order that fits needs no approval, and an unknown field is refused', async () => {
    await rule('approval');
    const cc = await createCostCentre('ROOMY', 100_000_000);
    await setCart(1);
    const fits = await call('POST', '/approval-requests', lucas, await body(cc));
    expect(fits.statusCode, fits.body).toBe(409);
    expect(fits.json()).toMatchObject({ code: APPROVAL_ERRORS.NOT_REQUIRED });
    const claimed = await call('POST', '/approval-requests', lucas, { ...(await body(cc)), reasons: [{ kind: 'budget', amount_cents: 0 }] });
    expect(claimed.statusCode, claimed.body).toBe(400);
    // Nothing was submitted, the cart is still there and places normally.
    expect((await place(await body(cc))).statusCode).toBe(201);
  });

  it('charges normally when the budget fits again at approval (no overrun recorded)', async () => {
    await rule('approval');
    const cc = await createCostCentre('LATER', 100);
    await setCart(1);
    const submitted = v.parse(ApprovalRequestSchema, (await call('POST', '/approval-requests', lucas, await body(cc))).json());
    expect(submitted.reasons[0]).toMatchObject({ kind: 'budget' });
    await query(t.app, sql`update cost_centres set budget_cents = 100000000 where id = ${cc}`);
    const approved = v.parse(ApprovalRequestSchema, (await call('POST', `/approval-requests/${submitted.id}/decision`, admin, { decision: 'approve' })).json());
    expect(await spent(cc)).toBe(submitted.totals.incl_vat);
    const page = await call('GET', `/my-orders/${approved.order_number!}`, lucas);
    expect(page.json().cost_centre).toMatchObject({ code: 'LATER', over_budget_cents: 0 });
  });

  it('with the rule refuse: still BUDGET_EXCEEDED at placement, and the submission is refused the same way', async () => {
    await rule('refuse');
    const cc = await createCostCentre('STRICT', 100);
    await setCart(1);
    const placed = await place(await body(cc));
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: 100 });
    const submitted = await call('POST', '/approval-requests', lucas, await body(cc));
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json()).toMatchObject({ code: BUDGET_ERRORS.EXCEEDED, remaining_cents: 100 });
    expect(await spent(cc)).toBe(0);
  });
});
