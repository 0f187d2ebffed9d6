// Cost centres and budgets (issue 33, decision 054): what the administrator manages, what the
// checkout offers the buyer, and the refusals of an order over what is left.
import * as v from 'valibot';
import { IdSchema, inputString, requiredText, uuidInput } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** How often a budget starts again (its first day in Europe/Brussels). */
export const BUDGET_PERIODS = ['month', 'quarter', 'year'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The organisation's rule for an order over what is left: refused, or submitted for approval. */
export const OVER_BUDGET_RULES = ['refuse', 'approval'] as const;
export type OverBudgetRule = (typeof OVER_BUDGET_RULES)[number];

/** The largest budget per period, in cents (EUR 100 million): beyond any real budget, far within bigint and JSON. */
export const MAX_BUDGET_CENTS = 10_000_000_000;

export const BUDGET_ERRORS = {
  /** The id names no cost centre of the caller's organisation (404). */
  NOT_FOUND: 'BUDGET_COST_CENTRE_NOT_FOUND',
  /** Another cost centre of the organisation has this code (409, field `code`). */
  CODE_TAKEN: 'BUDGET_COST_CENTRE_CODE_TAKEN',
  /** A buyer assigned who is not a member of the organisation (422, field `buyer_ids`). */
  NOT_A_MEMBER: 'BUDGET_NOT_A_MEMBER',
  /** The organisation has cost centres: an order names one of the buyer's (422, field `cost_centre_id`). */
  COST_CENTRE_REQUIRED: 'BUDGET_COST_CENTRE_REQUIRED',
  /** The cost centre is not one the buyer may order against, or inactive (422, field `cost_centre_id`). */
  COST_CENTRE_NOT_ALLOWED: 'BUDGET_COST_CENTRE_NOT_ALLOWED',
  /** The order's total is more than what is left of the period's budget (409, `remaining_cents`). */
  EXCEEDED: 'BUDGET_EXCEEDED',
  /**
   * Over what is left, and the organisation's rule is "approval" (409, `remaining_cents`): nothing
   * is placed; the checkout submits the same body for approval (POST /v1/approval-requests), which
   * finds the budget exceeded itself and names it as the request's reason.
   */
  APPROVAL_REQUIRED: 'BUDGET_APPROVAL_REQUIRED',
  /** No procurement system of the caller's organisation by this channel and sender (404). */
  PROCUREMENT_SYSTEM_NOT_FOUND: 'BUDGET_PROCUREMENT_SYSTEM_NOT_FOUND',
} as const;

const BudgetCentsSchema = v.pipe(v.number(M.required), v.safeInteger(M.invalidValue), v.minValue(0, M.tooSmallNumber), v.maxValue(MAX_BUDGET_CENTS, M.tooBigNumber));

/** A cost centre as the administrator sees it, with the current period's figures. */
export const CostCentreSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
  active: v.boolean(),
  budget_cents: v.number(),
  period: v.picklist(BUDGET_PERIODS),
  /** The current period's first day (YYYY-MM-DD, Europe/Brussels). */
  period_start: v.string(),
  spent_cents: v.number(),
  remaining_cents: v.number(),
  /** The buyers who may order against it. */
  buyer_ids: v.array(v.string()),
});
export type CostCentre = v.InferOutput<typeof CostCentreSchema>;

/** The cost centres page: the organisation's rule and its cost centres. */
export const CostCentresPageSchema = v.object({
  over_budget: v.picklist(OVER_BUDGET_RULES),
  cost_centres: v.array(CostCentreSchema),
});
export type CostCentresPage = v.InferOutput<typeof CostCentresPageSchema>;

/** Creating or changing a cost centre (the administrator's form). */
export const CostCentreInputSchema = v.strictObject({
  code: v.pipe(requiredText(30), v.regex(/^[\p{L}\p{N}._/-]+$/u, M.invalidRegex)),
  name: requiredText(100),
  active: v.optional(v.boolean(M.invalidValue), true),
  budget_cents: BudgetCentsSchema,
  period: v.picklist(BUDGET_PERIODS, M.required),
  buyer_ids: v.optional(v.pipe(v.array(uuidInput(M.invalidUuid), M.invalidValue), v.maxLength(500, M.tooBigArray)), []),
});
export type CostCentreInput = v.InferInput<typeof CostCentreInputSchema>;
export type CostCentreFields = v.InferOutput<typeof CostCentreInputSchema>;

/** The organisation's rule for an order over what is left. */
export const BudgetRuleSchema = v.strictObject({ over_budget: v.picklist(OVER_BUDGET_RULES, M.required) });
export type BudgetRule = v.InferOutput<typeof BudgetRuleSchema>;

export const CostCentreIdParamsSchema = v.object({ id: v.pipe(inputString(M.invalidUuid), v.uuid(M.invalidUuid)) });

/** A cost centre the buyer may order against, as the checkout offers it. */
export const OwnCostCentreSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
  remaining_cents: v.number(),
});
export type OwnCostCentre = v.InferOutput<typeof OwnCostCentreSchema>;

/** The checkout's cost-centre choice: `required` when the organisation has cost centres. */
export const CheckoutCostCentresSchema = v.object({
  required: v.boolean(),
  cost_centres: v.array(OwnCostCentreSchema),
});
export type CheckoutCostCentres = v.InferOutput<typeof CheckoutCostCentresSchema>;

/**
 * What an order over what is left meets (issue 44.14): `fits` is charged as it is; `refused` is
 * placement's 409 BUDGET_EXCEEDED (the rule `refuse`); `approval` is its 409 APPROVAL_REQUIRED (the
 * rule `approval`: submitted for approval instead).
 */
export const BUDGET_OUTCOMES = ['fits', 'refused', 'approval'] as const;
export type BudgetOutcome = (typeof BUDGET_OUTCOMES)[number];

/** The chosen cost centre as the checkout's preview judges the order against it (the charge's rule, BudgetPort.forecast). */
export const BudgetForecastSchema = v.object({
  cost_centre: v.object({ code: v.string(), name: v.string() }),
  /** What is left of the period's budget now, in cents (0 when spent past it). */
  remaining_cents: v.number(),
  outcome: v.picklist(BUDGET_OUTCOMES),
});
export type BudgetForecast = v.InferOutput<typeof BudgetForecastSchema>;

/** What a BUDGET_EXCEEDED or APPROVAL_REQUIRED problem carries besides its code. */
export const BudgetRefusalSchema = v.object({ remaining_cents: v.number(), cost_centre: v.object({ code: v.string(), name: v.string() }) });
export type BudgetRefusal = v.InferOutput<typeof BudgetRefusalSchema>;

/** The cost centre an order was charged to (the order page, the order form, later the invoice). */
export const OrderCostCentreSchema = v.object({ code: v.string(), name: v.string() });
export type OrderCostCentre = v.InferOutput<typeof OrderCostCentreSchema>;

/** The channels a procurement system orders by (decision 053): a cXML OrderRequest, a Peppol Order. */
export const PROCUREMENT_CHANNELS = ['cxml', 'peppol'] as const;
export type ProcurementChannel = (typeof PROCUREMENT_CHANNELS)[number];

/**
 * One procurement system of the organisation as its administrator sets it up for budgets (issue 40,
 * decision 059): a cXML procurement identity or the organisation's Peppol identity, the cost centre
 * its orders are charged to when the document names none, and (cXML) the Accounting Segment type
 * that names the cost centre (null: CostCenter).
 */
export const ProcurementSystemSchema = v.object({
  channel: v.picklist(PROCUREMENT_CHANNELS),
  /** cXML: the procurement identity's id; Peppol: the participant id (`scheme:id`). */
  sender: v.string(),
  /** What the administrator recognises it by: the credential's domain and identity, or the participant id. */
  label: v.string(),
  default_cost_centre_id: v.nullable(IdSchema),
  segment_type: v.nullable(v.string()),
});
export type ProcurementSystem = v.InferOutput<typeof ProcurementSystemSchema>;
export const ProcurementSystemsSchema = v.object({ items: v.array(ProcurementSystemSchema) });
export type ProcurementSystems = v.InferOutput<typeof ProcurementSystemsSchema>;

/** The administrator's settings of one procurement system. */
export const ProcurementSystemInputSchema = v.strictObject({
  channel: v.picklist(PROCUREMENT_CHANNELS, M.invalidValue),
  sender: requiredText(200),
  default_cost_centre_id: v.nullable(uuidInput(M.invalidUuid)),
  segment_type: v.optional(v.nullable(v.pipe(inputString(M.invalidText), v.trim(), v.maxLength(50, M.tooBigString))), null),
});
export type ProcurementSystemInput = v.InferInput<typeof ProcurementSystemInputSchema>;
export type ProcurementSystemFields = v.InferOutput<typeof ProcurementSystemInputSchema>;
