// What the budgets owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { SQL } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';

/** An order charged to a cost centre, as placement hands it over. */
export interface BudgetCharge {
  orderId: string;
  /** The cost centre the buyer chose; null: none chosen (refused when the organisation has cost centres). */
  costCentreId: string | null;
  /** The order's total including VAT, in cents: what is charged. */
  amountCents: number;
  /**
   * An approved request's order whose request was submitted because it exceeded the budget
   * (issue 33): the approval authorises the charge beyond what is left; how far is recorded on the
   * order's link. Only the approvals' placement sets it, never a client.
   */
  approvedOverBudget?: boolean;
  /**
   * An order a procurement system sent (decision 059): the organisation authorised the system to
   * order for it, so any of the organisation's active cost centres may be charged, not only those
   * assigned to the user it orders in the name of. Only the procurement orders' placement sets it.
   */
  byProcurementSystem?: boolean;
}

/** A cost centre as a procurement document names it: cXML's Accounting Segment (its type), Peppol's AccountingCost (type null). */
export interface NamedCostCentre {
  type: string | null;
  code: string;
}

/** Which cost centre a procurement order is charged to (BudgetPort.procurementCostCentre). */
export type ProcurementCostCentre =
  /** null: none named and no default (placement refuses it where the organisation has active cost centres). */
  | { costCentreId: string | null }
  /** The document names a code that is no active cost centre of the organisation. */
  | { refused: 'unknown'; code: string }
  /** The document names several (an order is charged to one). */
  | { refused: 'several'; codes: string[] };

/** An order over what is left of its cost centre's budget where the rule sends it to approval (BudgetPort.exceeds). */
export interface BudgetExcess {
  remainingCents: number;
  costCentre: { code: string; name: string };
}

/**
 * An order of an amount judged against the cost centre's budget now (BudgetPort.forecast): what is
 * left and what the charge would do. `fits`: charged; `refused`: 409 BUDGET_EXCEEDED (the
 * organisation's rule `refuse`); `approval`: 409 APPROVAL_REQUIRED (the rule `approval`).
 */
export interface ChargeForecast {
  outcome: 'fits' | 'refused' | 'approval';
  remainingCents: number;
  costCentre: { code: string; name: string };
}

/**
 * Cost centres' budgets (owner: budgets, modules/budgets/budgets.port.ts; decision 054). Each call
 * runs on the caller's transaction, so the charge commits with the order or not at all.
 */
export interface BudgetPort {
  /**
   * Charges the order to the buyer's cost centre in the current period (Europe/Brussels) with one
   * conditional update of the period's spent row (`spent + amount <= budget`): parallel placements
   * queue on that row and only those that fit are charged. Throws the refusal (422 cost centre
   * not allowed, 409 BUDGET_EXCEEDED or APPROVAL_REQUIRED with what is left); the caller's
   * transaction then rolls back. Does nothing for a caller without an organisation or an order
   * without a cost centre (`requiredSql` refused that where the organisation has cost centres).
   */
  charge(tx: Tx, caller: CustomerCaller, charge: BudgetCharge): Promise<void>;
  /**
   * A fragment: a boolean SQL expression, true where the caller's organisation has active cost
   * centres, so an order without one must be refused (`costCentreRequired`). Placement evaluates it
   * in the statement that claims the key, so the check costs no statement of its own.
   */
  requiredSql(caller: CustomerCaller): SQL;
  /** The refusal of an order without a cost centre where `requiredSql` was true. */
  costCentreRequired(): Error;
  /** Gives the order's charge back to the period it was charged in, once (a cancellation, a failed or expired payment). */
  giveBack(tx: Tx, orderId: string): Promise<void>;
  /** Charges a given-back order again (a payment's retry), within the budget; throws BUDGET_EXCEEDED when it no longer fits. */
  chargeAgain(tx: Tx, orderId: string): Promise<void>;
  /**
   * Whether an order of `amountCents` would exceed what is left of the caller's cost centre now (a
   * read, no lock: the approvals' submission finds the budget reason itself; the charge at placement
   * decides). null: it fits, or no cost centre named. Throws what the charge would: 422 when the cost
   * centre is not one the caller may use, 409 BUDGET_EXCEEDED where the organisation's rule refuses.
   * `forecast`'s judgement, thrown.
   */
  exceeds(db: Db | Tx, caller: CustomerCaller, costCentreId: string | null, amountCents: number): Promise<BudgetExcess | null>;
  /**
   * The one judgement of an order against what is left (`exceeds` is it, thrown as placement
   * throws): the checkout's preview shows it before placing (issue 44.14). A read, no lock; null for
   * a caller without an organisation (the charge does nothing for them). Throws 422
   * COST_CENTRE_NOT_ALLOWED as the charge would: unknown, another organisation's, inactive or not
   * assigned to the caller all answer alike.
   */
  forecast(db: Db | Tx, caller: CustomerCaller, costCentreId: string, amountCents: number): Promise<ChargeForecast | null>;
  /**
   * The cost centre a procurement order is charged to (decision 059): the one the document names
   * (cXML segments of the sender's configured type, else `CostCenter`; Peppol's AccountingCost),
   * matched by code among the organisation's active cost centres; none named: the sender's default.
   * An organisation without active cost centres charges none, whatever the document says.
   */
  procurementCostCentre(db: Db | Tx, organisationId: string, sender: { channel: 'cxml' | 'peppol'; id: string }, named: NamedCostCentre[]): Promise<ProcurementCostCentre>;
  /** The cost centre an order was charged to (the order page, the order form, the invoice's buyer reference); null: none. */
  ofOrder(db: Db | Tx, orderId: string): Promise<{ code: string; name: string; over_budget_cents: number } | null>;
}
