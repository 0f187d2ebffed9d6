import * as v from 'valibot';
import { IdSchema, inputString, IsoDateSchema, NullableTextSchema, optionalText, TimestampSchema, UuidSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { QuantitySchema } from './product';

/**
 * Quotation statuses (`quotations.status`). The spec's "sent flag" is `status !== 'draft'`: a status
 * rather than a boolean, because the orders issue answers, accepts and expires sent quotations,
 * and those become more values of this one list (and of the database enum built from it).
 */
export const QUOTATION_STATUSES = ['draft', 'sent', 'answered', 'accepted', 'expired'] as const;
export const QuotationStatusSchema = v.picklist(QUOTATION_STATUSES);
export type QuotationStatus = v.InferOutput<typeof QuotationStatusSchema>;

/** Longest quotation (lines). */
export const MAX_QUOTATION_LINES = 200;

/** One product asked for in a quotation. */
export const QuotationLineSchema = v.strictObject({
  product_id: UuidSchema,
  quantity: QuantitySchema,
});

/** What the customer sends to create or edit a quotation (only while it is not sent). */
export const QuotationInputSchema = v.strictObject({
  title: optionalText(200),
  lines: v.pipe(
    v.array(QuotationLineSchema, M.required),
    v.minLength(1, M.tooSmallArray),
    v.maxLength(MAX_QUOTATION_LINES, M.tooBigArray),
  ),
});

/** Stable codes of the quotation endpoints (issue 14). */
export const QUOTATION_ERRORS = {
  NOT_FOUND: 'QUOTATION_NOT_FOUND',
  /** Sent (or answered, accepted, expired): no more changes. */
  LOCKED: 'QUOTATION_LOCKED',
  /** The step is not possible from the quotation's status (send twice, answer a draft, ...). */
  WRONG_STATUS: 'QUOTATION_WRONG_STATUS',
  /** Sending needs at least one line. */
  EMPTY: 'QUOTATION_EMPTY',
  /** The validity date has passed: it can no longer be accepted. */
  EXPIRED: 'QUOTATION_EXPIRED',
  /** Customers create, edit, send and accept; staff answer. */
  ROLE: 'QUOTATION_ROLE',
  /** A product that cannot be quoted for the caller (unknown, or another organisation's contract-only product). */
  PRODUCT_NOT_FOUND: 'QUOTATION_PRODUCT_NOT_FOUND',
  /** A web-shop customer (no organisation): quotations belong to an organisation with a contract. */
  ORGANISATION_ONLY: 'QUOTATION_ORGANISATION_ONLY',
} as const;

/** Create: empty (then add products), from the cart, or with lines (e.g. a price-on-request product). */
export const QuotationCreateSchema = v.strictObject({
  title: optionalText(200),
  from_cart: v.optional(v.boolean(), false),
  lines: v.optional(v.pipe(v.array(QuotationLineSchema, M.required), v.maxLength(MAX_QUOTATION_LINES, M.tooBigArray)), []),
});
export type QuotationCreate = v.InferInput<typeof QuotationCreateSchema>;

/** Edit a draft: its title and all its lines (an empty list is allowed while drafting). */
export const QuotationUpdateSchema = v.strictObject({
  title: optionalText(200),
  lines: v.pipe(v.array(QuotationLineSchema, M.required), v.maxLength(MAX_QUOTATION_LINES, M.tooBigArray)),
});
export type QuotationUpdate = v.InferInput<typeof QuotationUpdateSchema>;

/** The case manager's answer: a price per line and until when the offer holds. */
export const QuotationAnswerSchema = v.strictObject({
  valid_until: IsoDateSchema,
  lines: v.pipe(
    v.array(
      v.strictObject({
        product_id: UuidSchema,
        unit_price_excl_vat: v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(0, M.tooSmallNumber), v.maxValue(100_000_000, M.tooBigNumber)),
      }),
      M.required,
    ),
    v.minLength(1, M.tooSmallArray),
    v.maxLength(MAX_QUOTATION_LINES, M.tooBigArray),
  ),
  note: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(2000, M.tooBigString)), ''),
});
export type QuotationAnswer = v.InferInput<typeof QuotationAnswerSchema>;

export const QuotationIdParamsSchema = v.object({ id: UuidSchema });

export const QUOTATION_EVENTS = ['created', 'edited', 'sent', 'answered', 'accepted', 'expired', 'ordered'] as const;
export type QuotationInput = v.InferInput<typeof QuotationInputSchema>;

/** A quotation as the API returns it. Editable while `draft`; locked once sent (spec section 4). */
export const QuotationSchema = v.object({
  id: IdSchema,
  title: v.nullable(v.string()),
  created_at: TimestampSchema,
  number: v.string(),
  status: QuotationStatusSchema,
  sent_at: v.nullable(TimestampSchema),
  lines: v.array(
    v.object({
      product_id: IdSchema,
      quantity: v.pipe(v.number(), v.integer()),
      name: v.string(),
      article_code: v.string(),
      /** The case manager's price, once answered. */
      unit_price_excl_vat: v.optional(v.nullable(v.number())),
    }),
  ),
  /** Until when an answered quotation can be accepted. */
  valid_until: v.optional(v.nullable(IsoDateSchema)),
  organisation_name: v.optional(v.string()),
  /** Whether the caller may still edit it (a draft, for its organisation's people). */
  editable: v.optional(v.boolean()),
  /** The order placed from it (checkout), at most one. */
  order_id: v.optional(v.nullable(IdSchema)),
  history: v.optional(
    v.array(v.object({ event: v.picklist(QUOTATION_EVENTS), at: TimestampSchema, by: NullableTextSchema, note: NullableTextSchema })),
  ),
});
export type Quotation = v.InferOutput<typeof QuotationSchema>;

export const QuotationListSchema = v.object({ items: v.array(QuotationSchema) });
export type QuotationList = v.InferOutput<typeof QuotationListSchema>;
