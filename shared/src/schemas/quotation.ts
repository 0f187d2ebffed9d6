import * as v from 'valibot';
import { IdSchema, optionalText, TimestampSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { QuantitySchema } from './product';

/**
 * Quotation statuses (`quotations.status`). The spec's "sent flag" is `status !== 'draft'`: a status
 * rather than a boolean, because the orders issue answers, accepts and expires sent quotations,
 * and those become more values of this one list (and of the database enum built from it).
 */
export const QUOTATION_STATUSES = ['draft', 'sent'] as const;
export const QuotationStatusSchema = v.picklist(QUOTATION_STATUSES);
export type QuotationStatus = v.InferOutput<typeof QuotationStatusSchema>;

/** Longest quotation (lines). */
export const MAX_QUOTATION_LINES = 200;

/** One product asked for in a quotation. */
export const QuotationLineSchema = v.object({
  product_id: IdSchema,
  quantity: QuantitySchema,
});

/** What the customer sends to create or edit a quotation (only while it is not sent). */
export const QuotationInputSchema = v.object({
  title: optionalText(200),
  lines: v.pipe(
    v.array(QuotationLineSchema, M.required),
    v.minLength(1, M.tooSmallArray),
    v.maxLength(MAX_QUOTATION_LINES, M.tooBigArray),
  ),
});
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
    v.object({ ...QuotationLineSchema.entries, quantity: v.pipe(v.number(), v.integer()), name: v.string(), article_code: v.string() }),
  ),
});
export type Quotation = v.InferOutput<typeof QuotationSchema>;
