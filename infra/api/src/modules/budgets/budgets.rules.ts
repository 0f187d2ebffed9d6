// The budgets' decisions without their SQL (decision 054), so the mutation benchmark (issue 40,
// BENCHMARKS.md) can judge them in milliseconds: what is left of a period, whether an amount fits
// it and what the organisation's rule makes of one that does not, the refusal's code and words, and
// which cost centre a procurement document names. The charge itself stays one SQL statement
// (budgets.port.ts's addSpent): its `amount <= budget - spent` is evaluated on the locked row, which
// no function outside the database can do; `fits` below is the same comparison for the forecast.
import { BUDGET_ERRORS, type OverBudgetRule } from '@portal/shared/schemas';
import { AppError } from '../../errors';
import type { ChargeForecast, NamedCostCentre, ProcurementCostCentre } from './contract';

/** The cXML Accounting Segment type that names a cost centre unless the sender's settings say another. */
export const COST_CENTRE_SEGMENT = 'CostCenter';

/** What is left of a period's budget: never below zero (an approved order may have gone over). */
export function remainingCents(budgetCents: number, spentCents: number): number {
  return Math.max(0, budgetCents - spentCents);
}

/** An amount against what is left: it fits up to the last cent; over it, the organisation's rule decides. */
export function chargeOutcome(amountCents: number, budgetCents: number, spentCents: number, rule: OverBudgetRule): Pick<ChargeForecast, 'outcome' | 'remainingCents'> {
  const left = remainingCents(budgetCents, spentCents);
  const outcome = amountCents <= left ? 'fits' : rule === 'refuse' ? 'refused' : 'approval';
  return { outcome, remainingCents: left };
}

/** The refusal of an order over what is left: its code follows the organisation's rule. */
export function overBudget(rule: OverBudgetRule, left: number, costCentre: { code: string; name: string }): AppError {
  const extensions = { remaining_cents: left, cost_centre: costCentre };
  return rule === 'approval'
    ? new AppError(409, BUDGET_ERRORS.APPROVAL_REQUIRED, `The order exceeds what is left of the budget (${left} cents) and needs approval`, undefined, undefined, extensions)
    : new AppError(409, BUDGET_ERRORS.EXCEEDED, `The order exceeds what is left of the budget (${left} cents)`, undefined, undefined, extensions);
}

/** Segment types compare without case, spaces, hyphens or underscores ("Cost Center" is CostCenter). */
export const segmentKey = (type: string) => type.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The cost centre a procurement document is charged to, among the organisation's active ones: the
 * one code its segments of the sender's type (or untyped, Peppol's AccountingCost) name, matched as
 * typed and else without case; none named: the sender's default; several: refused.
 */
export function pickProcurementCostCentre(
  active: { id: string; code: string }[],
  settings: { defaultId: string | null; segmentType: string | null } | undefined,
  named: NamedCostCentre[],
): ProcurementCostCentre {
  // An organisation without budgets: the document's accounting reference is the buyer's own business.
  if (!active.length) return { costCentreId: null };
  const wanted = segmentKey(settings?.segmentType ?? COST_CENTRE_SEGMENT);
  const codes = [...new Set(named.filter((n) => n.type === null || segmentKey(n.type) === wanted).map((n) => n.code.trim()).filter((c) => c))];
  if (codes.length > 1) return { refused: 'several', codes };
  if (codes.length === 1) {
    const code = codes[0]!;
    // Codes are unique per organisation as typed; the document's case may differ.
    const found = active.find((c) => c.code === code) ?? active.find((c) => c.code.toLowerCase() === code.toLowerCase());
    return found ? { costCentreId: found.id } : { refused: 'unknown', code };
  }
  const fallback = settings?.defaultId ? active.find((c) => c.id === settings.defaultId) : undefined;
  return { costCentreId: fallback?.id ?? null };
}
