// The budgets' decisions without a database (budgets.rules.ts): the last cent that fits, what the
// organisation's rule makes of the next one, the refusal's code and words, and which cost centre a
// procurement document names. The SQL that charges (addSpent) is tested on the database
// (budgets.to-the-cent.test.ts, budgets.placement.test.ts).
import { BUDGET_ERRORS } from '@portal/shared/schemas';
import { describe, expect, it } from 'vitest';
import { chargeOutcome, COST_CENTRE_SEGMENT, overBudget, pickProcurementCostCentre, remainingCents, segmentKey } from './budgets.rules';

describe('what is left of a budget', () => {
  it('is the budget less what is spent, never below zero', () => {
    expect(remainingCents(10_000, 2_501)).toBe(7_499);
    expect(remainingCents(10_000, 10_000)).toBe(0);
    expect(remainingCents(10_000, 10_001)).toBe(0);
    expect(remainingCents(10_000, 0)).toBe(10_000);
  });
});

describe('an amount against the budget', () => {
  it('fits up to the last cent, whatever the rule', () => {
    expect(chargeOutcome(7_499, 10_000, 2_501, 'refuse')).toEqual({ outcome: 'fits', remainingCents: 7_499 });
    expect(chargeOutcome(7_499, 10_000, 2_501, 'approval')).toEqual({ outcome: 'fits', remainingCents: 7_499 });
    expect(chargeOutcome(0, 10_000, 10_000, 'refuse')).toEqual({ outcome: 'fits', remainingCents: 0 });
  });

  it('one cent over is refused or sent to approval, as the organisation decided', () => {
    expect(chargeOutcome(7_500, 10_000, 2_501, 'refuse')).toEqual({ outcome: 'refused', remainingCents: 7_499 });
    expect(chargeOutcome(7_500, 10_000, 2_501, 'approval')).toEqual({ outcome: 'approval', remainingCents: 7_499 });
  });

  it('measures against zero, not a negative rest, once an approved order went over', () => {
    expect(chargeOutcome(1, 10_000, 12_000, 'refuse')).toEqual({ outcome: 'refused', remainingCents: 0 });
    expect(chargeOutcome(0, 10_000, 12_000, 'approval')).toEqual({ outcome: 'fits', remainingCents: 0 });
  });
});

describe('the refusal of an order over the budget', () => {
  const centre = { code: 'CC-1', name: 'Lab' };

  it('answers BUDGET_EXCEEDED under the rule refuse', () => {
    const e = overBudget('refuse', 7_499, centre);
    expect(e).toMatchObject({ statusCode: 409, code: BUDGET_ERRORS.EXCEEDED, message: 'The order exceeds what is left of the budget (7499 cents)' });
    expect(e.extensions).toEqual({ remaining_cents: 7_499, cost_centre: centre });
  });

  it('answers APPROVAL_REQUIRED under the rule approval', () => {
    const e = overBudget('approval', 0, centre);
    expect(e).toMatchObject({ statusCode: 409, code: BUDGET_ERRORS.APPROVAL_REQUIRED, message: 'The order exceeds what is left of the budget (0 cents) and needs approval' });
    expect(e.extensions).toEqual({ remaining_cents: 0, cost_centre: centre });
  });
});

describe('the cost centre a procurement document names', () => {
  const active = [
    { id: 'a', code: 'CC-1' },
    { id: 'b', code: 'cc-2' },
    { id: 'c', code: 'CC-2' },
  ];
  const none = { defaultId: null, segmentType: null };

  it('compares segment types without case, spaces, hyphens or underscores', () => {
    expect(segmentKey(' Cost-Center_x  y')).toBe('costcenterxy');
    expect(segmentKey('COST\tCENTER')).toBe('costcenter');
    expect(COST_CENTRE_SEGMENT).toBe('CostCenter');
  });

  it('charges none where the organisation has no active cost centre, whatever is named', () => {
    expect(pickProcurementCostCentre([], { defaultId: 'a', segmentType: null }, [{ type: null, code: 'CC-1' }])).toEqual({ costCentreId: null });
  });

  it('takes the code of a CostCenter segment (any spelling) or an untyped one, trimmed', () => {
    expect(pickProcurementCostCentre(active, undefined, [{ type: 'Cost Center', code: ' CC-1 ' }])).toEqual({ costCentreId: 'a' });
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'CC-1' }])).toEqual({ costCentreId: 'a' });
  });

  it("ignores segments of other types, and follows the sender's own segment type", () => {
    expect(pickProcurementCostCentre(active, none, [{ type: 'GLAccount', code: 'CC-1' }])).toEqual({ costCentreId: null });
    expect(pickProcurementCostCentre(active, { defaultId: null, segmentType: 'Project' }, [{ type: 'CostCenter', code: 'CC-1' }, { type: 'project', code: 'cc-2' }])).toEqual({ costCentreId: 'b' });
  });

  it('prefers the code as typed, else matches it without case', () => {
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'CC-2' }])).toEqual({ costCentreId: 'c' });
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'cc-2' }])).toEqual({ costCentreId: 'b' });
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'cc-1' }])).toEqual({ costCentreId: 'a' });
  });

  it('refuses an unknown code and several codes; the same code twice is one', () => {
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'CC-9' }])).toEqual({ refused: 'unknown', code: 'CC-9' });
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'CC-1' }, { type: 'CostCenter', code: 'CC-2' }])).toEqual({ refused: 'several', codes: ['CC-1', 'CC-2'] });
    expect(pickProcurementCostCentre(active, none, [{ type: null, code: 'CC-1' }, { type: 'CostCenter', code: ' CC-1' }])).toEqual({ costCentreId: 'a' });
  });

  it("falls back to the sender's default when none is named (a blank code names none), if it is still active", () => {
    expect(pickProcurementCostCentre(active, { defaultId: 'c', segmentType: null }, [])).toEqual({ costCentreId: 'c' });
    expect(pickProcurementCostCentre(active, { defaultId: 'c', segmentType: null }, [{ type: null, code: '  ' }])).toEqual({ costCentreId: 'c' });
    expect(pickProcurementCostCentre(active, { defaultId: 'gone', segmentType: null }, [])).toEqual({ costCentreId: null });
    expect(pickProcurementCostCentre(active, none, [])).toEqual({ costCentreId: null });
    expect(pickProcurementCostCentre(active, undefined, [])).toEqual({ costCentreId: null });
  });
});
