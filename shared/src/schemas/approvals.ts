// Approval rules and orders waiting for approval (issue 33, decision 055). An organisation's
// administrator sets rules; an order that meets one is submitted for approval instead of placed; an
// approver (or administrator) approves it, which places it, or rejects it with a comment.
import * as v from 'valibot';
import { AddressSnapshotSchema } from './address-shape';
import { IdSchema, inputString, NullableTextSchema, TimestampSchema, UuidSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { CentsSchema } from './money';

/** Stable codes of the approval endpoints. */
export const APPROVAL_ERRORS = {
  /** The order meets one of the organisation's approval rules: submit it for approval (POST /v1/approval-requests). */
  REQUIRED: 'APPROVAL_REQUIRED',
  /** Submitted for approval, but no rule applies (place it as an order). */
  NOT_REQUIRED: 'APPROVAL_NOT_REQUIRED',
  NOT_FOUND: 'APPROVAL_NOT_FOUND',
  RULE_NOT_FOUND: 'APPROVAL_RULE_NOT_FOUND',
  /** Only the organisation's administrators set rules. */
  ADMINS_ONLY: 'APPROVAL_ADMINS_ONLY',
  /** Only approvers and administrators decide. */
  APPROVERS_ONLY: 'APPROVAL_APPROVERS_ONLY',
  /** A web-shop customer: approvals belong to an organisation. */
  ORGANISATION_ONLY: 'APPROVAL_ORGANISATION_ONLY',
  /** A buyer does not decide their own request (another approver does). */
  OWN_REQUEST: 'APPROVAL_OWN_REQUEST',
  /** Decided already (approved or rejected). */
  DECIDED: 'APPROVAL_DECIDED',
  /** Prices, stock or the range changed since the buyer submitted: the answer's `changes` say what; decide again. */
  CHANGED: 'APPROVAL_CHANGED',
  /** A product, category or user named in a rule is not the organisation's. */
  INVALID_RULE: 'APPROVAL_INVALID_RULE',
} as const;

export const APPROVAL_RULE_KINDS = ['order_total_above', 'categories', 'users'] as const;
export type ApprovalRuleKind = (typeof APPROVAL_RULE_KINDS)[number];
export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];
export const APPROVAL_EVENTS = ['submitted', 'changed', 'approved', 'rejected', 'placed'] as const;
export type ApprovalEvent = (typeof APPROVAL_EVENTS)[number];

/** At most this many rules per organisation, categories or users per rule. */
export const MAX_APPROVAL_RULES = 50;
export const MAX_APPROVAL_RULE_ITEMS = 100;

const Amount = v.pipe(v.number(M.required), v.safeInteger(M.invalidValue), v.minValue(0, M.tooSmallNumber), v.maxValue(100_000_000, M.tooBigNumber));
const CategoryId = v.pipe(v.number(M.required), v.safeInteger(M.invalidValue), v.minValue(1, M.invalidValue));

/** A new rule, as the administrator sends it (one variant per kind). */
export const ApprovalRuleInputSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('order_total_above'), amount_cents: Amount }),
  v.strictObject({
    kind: v.literal('categories'),
    category_ids: v.pipe(v.array(CategoryId, M.required), v.minLength(1, M.tooSmallArray), v.maxLength(MAX_APPROVAL_RULE_ITEMS, M.tooBigArray)),
  }),
  v.strictObject({
    kind: v.literal('users'),
    user_ids: v.pipe(v.array(UuidSchema, M.required), v.minLength(1, M.tooSmallArray), v.maxLength(MAX_APPROVAL_RULE_ITEMS, M.tooBigArray)),
  }),
], M.invalidValue);
export type ApprovalRuleInput = v.InferOutput<typeof ApprovalRuleInputSchema>;

/** A rule as the API returns it (and as a request names the rules it met). */
export const ApprovalRuleSchema = v.object({
  id: IdSchema,
  kind: v.picklist(APPROVAL_RULE_KINDS),
  amount_cents: v.nullable(CentsSchema),
  categories: v.array(v.object({ id: v.number(), name: v.string() })),
  users: v.array(v.object({ id: IdSchema, name: v.string() })),
  created_at: TimestampSchema,
});
export type ApprovalRule = v.InferOutput<typeof ApprovalRuleSchema>;
export const ApprovalRuleListSchema = v.object({ items: v.array(ApprovalRuleSchema) });
export type ApprovalRuleList = v.InferOutput<typeof ApprovalRuleListSchema>;

/** The rule form's choices: the organisation's members and the catalogue's categories. */
export const ApprovalRuleOptionsSchema = v.object({
  users: v.array(v.object({ id: IdSchema, name: v.string() })),
  categories: v.array(v.object({ id: v.number(), name: v.string() })),
});
export type ApprovalRuleOptions = v.InferOutput<typeof ApprovalRuleOptionsSchema>;

export const ApprovalIdParamsSchema = v.object({ id: UuidSchema });

/** Why an order needs approval: one of the rules, or another module's reason (a cost centre's budget exceeded, issue 33). */
export const APPROVAL_REASON_KINDS = [...APPROVAL_RULE_KINDS, 'budget'] as const;
export type ApprovalReasonKind = (typeof APPROVAL_REASON_KINDS)[number];

/**
 * Why an order needs approval. `amount_cents`: the rule's amount (`order_total_above`) or, for
 * `budget`, what was left of the cost centre's budget at submission; `cost_centre`: the one whose
 * budget the order exceeds (`budget` only). Always the server's finding, never the client's.
 */
export const ApprovalReasonSchema = v.object({
  kind: v.picklist(APPROVAL_REASON_KINDS),
  amount_cents: v.nullable(CentsSchema),
  cost_centre: v.optional(v.object({ code: v.string(), name: v.string() })),
});
export type ApprovalReason = v.InferOutput<typeof ApprovalReasonSchema>;

/** Whether the checkout as it stands would need approval (POST /v1/approval-requests/check), and why. */
export const ApprovalCheckSchema = v.object({
  required: v.boolean(),
  reasons: v.array(ApprovalReasonSchema),
});
export type ApprovalCheck = v.InferOutput<typeof ApprovalCheckSchema>;

/** The approver's decision. `accept_changes`: approve the order as it is now, after being shown what changed. */
export const ApprovalDecisionSchema = v.strictObject({
  decision: v.picklist(['approve', 'reject'], M.required),
  comment: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(2000, M.tooBigString)), ''),
  accept_changes: v.optional(v.boolean(), false),
});
export type ApprovalDecision = v.InferOutput<typeof ApprovalDecisionSchema>;

/** What changed on one line since the buyer submitted (price, availability, or the product left the range). */
export const ApprovalChangeSchema = v.object({
  product_id: IdSchema,
  name: v.string(),
  kind: v.picklist(['price', 'stock', 'unavailable']),
  before: v.nullable(v.number()),
  after: v.nullable(v.number()),
});
export type ApprovalChange = v.InferOutput<typeof ApprovalChangeSchema>;

const Money = v.object({ excl_vat: CentsSchema, vat: CentsSchema, incl_vat: CentsSchema, shipping_excl_vat: CentsSchema, discount_excl_vat: CentsSchema });

/** A request as the buyer's list and the approvers' queue show it. */
export const ApprovalRequestSummarySchema = v.object({
  id: IdSchema,
  status: v.picklist(APPROVAL_REQUEST_STATUSES),
  buyer: v.string(),
  created_at: TimestampSchema,
  total_incl_vat: CentsSchema,
  order_id: v.nullable(IdSchema),
  order_number: NullableTextSchema,
  /** Why it waits (the queue shows it): the rules met, a budget exceeded. */
  reasons: v.array(ApprovalReasonSchema),
});
export type ApprovalRequestSummary = v.InferOutput<typeof ApprovalRequestSummarySchema>;
export const ApprovalRequestListSchema = v.object({ items: v.array(ApprovalRequestSummarySchema) });
export type ApprovalRequestList = v.InferOutput<typeof ApprovalRequestListSchema>;

/** How many requests wait for the caller's decision (0 for a buyer): the count beside the approvals link. */
export const PendingApprovalCountSchema = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type PendingApprovalCount = v.InferOutput<typeof PendingApprovalCountSchema>;

/** One request: what the buyer submitted, as they saw it, its decision and history. */
export const ApprovalRequestSchema = v.object({
  ...ApprovalRequestSummarySchema.entries,
  lines: v.array(v.object({ product_id: IdSchema, name: v.string(), quantity: v.number(), unit_excl_vat: CentsSchema, vat_rate: v.number() })),
  totals: Money,
  delivery: AddressSnapshotSchema,
  external_order_number: NullableTextSchema,
  remarks: NullableTextSchema,
  comment: NullableTextSchema,
  decided_by: NullableTextSchema,
  decided_at: v.nullable(TimestampSchema),
  /** Found at the last approval attempt: the approver decides again. */
  changes: v.array(ApprovalChangeSchema),
  /** Whether the caller may approve or reject it (an approver or administrator of the organisation, while pending). */
  can_decide: v.boolean(),
  history: v.array(v.object({ event: v.picklist(APPROVAL_EVENTS), at: TimestampSchema, by: NullableTextSchema, note: NullableTextSchema })),
});
export type ApprovalRequest = v.InferOutput<typeof ApprovalRequestSchema>;

/** Whose requests: `mine` (the buyer's), `queue` (the organisation's pending ones, for approvers), `all` (the organisation's, for approvers). */
export const ApprovalListQuerySchema = v.strictObject({ view: v.optional(v.picklist(['mine', 'queue', 'all'], M.invalidValue), 'mine') });
