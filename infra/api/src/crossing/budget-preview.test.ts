// Where the checkout's preview and placement meet (issue 44.14): the preview's budget verdict for a
// cart is what placement then does with it. For each over-budget rule, a cost centre is ordered
// against until it is refused: the budget leaves room for two orders to the cent (so the second
// leaves nothing), then the third is over. Before each placement the preview's verdict is taken;
// `fits` must be placed (201), `refused` answered BUDGET_EXCEEDED, `approval` APPROVAL_REQUIRED, each
// with the remaining amount and the cost centre the preview showed. Then a budget one cent short
// of one order. PGlite, and PostgreSQL with DATABASE_URL set.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_ERRORS, CheckoutPreviewSchema, type BudgetForecast } from '@portal/shared/schemas';
import { budgetCalls, startBudgetWorld } from '../test-support/budget-world';
import type { TestApp } from '../test-support/test-app';

let t: TestApp;
let api: ReturnType<typeof budgetCalls>;
beforeAll(async () => {
  const world = await startBudgetWorld();
  t = world.t;
  api = budgetCalls(world);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** What placement answers for a verdict: the status and, for a refusal, its code. */
const expected = (verdict: BudgetForecast) =>
  verdict.outcome === 'fits' ? { status: 201 } : { status: 409, code: verdict.outcome === 'refused' ? BUDGET_ERRORS.EXCEEDED : BUDGET_ERRORS.APPROVAL_REQUIRED };

/** The preview's verdict on the cart, then the placement of the same cart: they must agree. Answers the verdict. */
async function previewThenPlace(costCentreId: string): Promise<BudgetForecast> {
  const shown = await api.preview({ cost_centre_id: costCentreId });
  expect(shown.statusCode, shown.body).toBe(200);
  const verdict = v.parse(CheckoutPreviewSchema, shown.json()).budget!;
  expect(verdict).toBeDefined();
  const placed = await api.place(await api.body(costCentreId));
  const want = expected(verdict);
  expect({ status: placed.statusCode, ...(want.code ? { code: placed.json().code } : {}) }, `${JSON.stringify(verdict)} → ${placed.body}`).toEqual(want);
  if (verdict.outcome !== 'fits') expect(placed.json()).toMatchObject({ remaining_cents: verdict.remaining_cents, cost_centre: verdict.cost_centre });
  return verdict;
}

describe.each(['refuse', 'approval'] as const)('the preview and placement under the rule "%s"', (rule) => {
  it('agree on every order until the budget is spent to the cent, and on the one after', async () => {
    await api.rule(rule);
    try {
      await api.setCart(1);
      const total = v.parse(CheckoutPreviewSchema, (await api.preview()).json()).totals.incl_vat;
      const cc = await api.createCostCentre(`CROSS-PREVIEW-${rule}`, 2 * total);
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i++) {
        await api.setCart(1);
        outcomes.push((await previewThenPlace(cc)).outcome);
      }
      expect(outcomes).toEqual(['fits', 'fits', rule === 'refuse' ? 'refused' : 'approval']);
      expect(await api.spent(cc)).toBe(2 * total);

      const short = await api.createCostCentre(`CROSS-SHORT-${rule}`, total - 1);
      await api.setCart(1);
      expect((await previewThenPlace(short)).remaining_cents).toBe(total - 1);
      expect(await api.spent(short)).toBe(0);
    } finally {
      await api.rule('refuse');
    }
  });
});
