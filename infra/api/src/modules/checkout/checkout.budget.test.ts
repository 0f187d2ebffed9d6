// The checkout's preview judges the order against the chosen cost centre's budget (issue 44.14): the
// buyer learned of an order over budget only by placing it. With `cost_centre_id` the preview says
// what is left and what placement would do (fits, refused, approval) under either rule; it checks
// the cost centre as placement does, so another organisation's cost centre answers exactly as an
// unknown one, and a malformed id is a 400 with the validation code. Nothing is charged.
// PGlite, and PostgreSQL with DATABASE_URL set.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, BUDGET_ERRORS, CheckoutPreviewSchema } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { budgetCalls, startBudgetWorld } from '../../test-support/budget-world';
import type { TestApp } from '../../test-support/test-app';

const POLICE_ADMIN = 'mark.devries@interventie-polder.example';
const UNKNOWN = '00000000-0000-4000-8000-00000000c0de';

let t: TestApp;
let api: ReturnType<typeof budgetCalls>;
let total: number;
beforeAll(async () => {
  const world = await startBudgetWorld();
  t = world.t;
  api = budgetCalls(world);
  await api.setCart(1);
  const res = await api.preview();
  expect(res.statusCode, res.body).toBe(200);
  total = v.parse(CheckoutPreviewSchema, res.json()).totals.incl_vat;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The preview's judgement of the cart against `costCentreId`. */
async function judged(costCentreId: string) {
  const res = await api.preview({ cost_centre_id: costCentreId });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CheckoutPreviewSchema, res.json()).budget;
}

/** A refusal's body without what differs between any two requests. */
const problem = (res: { json(): unknown }) => {
  const { requestId: _, ...rest } = res.json() as Record<string, unknown>;
  return rest;
};

describe('the preview with a cost centre', () => {
  it('says nothing of budgets without one', async () => {
    const res = await api.preview();
    expect(res.json()).not.toHaveProperty('budget');
  });

  it('with the rule "refuse": fits within the budget, and says the order would be refused over it, with what is left', async () => {
    await api.rule('refuse');
    const roomy = await api.createCostCentre('PREV-ROOMY', total);
    expect(await judged(roomy)).toEqual({ cost_centre: { code: 'PREV-ROOMY', name: 'Ward PREV-ROOMY' }, remaining_cents: total, outcome: 'fits' });
    const tight = await api.createCostCentre('PREV-TIGHT', total - 1);
    expect(await judged(tight)).toEqual({ cost_centre: { code: 'PREV-TIGHT', name: 'Ward PREV-TIGHT' }, remaining_cents: total - 1, outcome: 'refused' });
    // A read: nothing charged, nothing reserved.
    expect(await api.spent(roomy)).toBe(0);
    expect(await api.spent(tight)).toBe(0);
  });

  it('with the rule "approval": says the order over the budget goes to approval, and one within it fits', async () => {
    await api.rule('approval');
    try {
      const tight = await api.createCostCentre('PREV-APPR', 1);
      expect(await judged(tight)).toEqual({ cost_centre: { code: 'PREV-APPR', name: 'Ward PREV-APPR' }, remaining_cents: 1, outcome: 'approval' });
      const roomy = await api.createCostCentre('PREV-APPR-ROOMY', total + 1);
      expect(await judged(roomy)).toMatchObject({ remaining_cents: total + 1, outcome: 'fits' });
    } finally {
      await api.rule('refuse');
    }
  });

  it("answers another organisation's cost centre exactly as an unknown one: nothing of it shows", async () => {
    const police = await accessToken(t.app, POLICE_ADMIN);
    const created = await api.call('POST', '/cost-centres', police, { code: 'POLICE-SECRET', name: 'Undercover unit', budget_cents: 1, period: 'month', buyer_ids: [] });
    expect(created.statusCode, created.body).toBe(201);
    const theirs = created.json().id as string;
    // Even assigned to the hospital's buyer (no page can do that), it stays the police's.
    await query(t.app, sql`insert into cost_centre_buyers (cost_centre_id, user_id) select ${theirs}, id from users where email = ${HOSPITAL_BUYER}`);

    const [other, unknown] = [await api.preview({ cost_centre_id: theirs }), await api.preview({ cost_centre_id: UNKNOWN })];
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ code: BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED, errors: [{ path: 'cost_centre_id' }] });
    expect(problem(other)).toEqual(problem(unknown));
    expect(unknown.statusCode).toBe(422);
    expect(other.body).not.toContain('POLICE-SECRET');
    expect(other.body).not.toContain('Undercover');
  });

  it('refuses a cost centre id that is not a UUID with the validation code, on its field', async () => {
    const res = await api.preview({ cost_centre_id: 'ward-7' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: API_ERRORS.VALIDATION_FAILED, errors: [{ path: 'cost_centre_id' }] });
  });
});
