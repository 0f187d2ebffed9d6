import * as v from 'valibot';
import { IdSchema, optionalText, TimestampSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { QuantitySchema } from './product';

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

/** A quotation as the API returns it. Once `sent` it is locked (spec section 4). */
export const QuotationSchema = v.object({
  id: IdSchema,
  title: v.string(),
  created_at: TimestampSchema,
  sent: v.boolean(),
  sent_at: v.nullable(TimestampSchema),
  lines: v.array(
    v.object({ ...QuotationLineSchema.entries, quantity: v.pipe(v.number(), v.integer()), name: v.string(), article_code: v.string() }),
  ),
});
export type Quotation = v.InferOutput<typeof QuotationSchema>;
