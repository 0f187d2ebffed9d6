import * as v from 'valibot';

/** One invalid field of a request, with a message key the client translates. */
export const FieldErrorSchema = v.object({
  /** Dotted path of the field, e.g. `address.postal_code`. */
  path: v.string(),
  /** Stable message key, e.g. `validation.required` (see shared/src/schemas/messages.ts). */
  message: v.string(),
  /** Values for the message, e.g. `{ count: 3 }`. */
  values: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type FieldError = v.InferOutput<typeof FieldErrorSchema>;

/** RFC 9457 problem details, as every API error is sent (`application/problem+json`). */
export const ProblemSchema = v.object({
  type: v.optional(v.string()),
  title: v.string(),
  status: v.number(),
  detail: v.optional(v.string()),
  instance: v.optional(v.string()),
  /** Stable, machine-readable error code, e.g. `VALIDATION_FAILED`, `ORDERS_NOT_FOUND`. */
  code: v.string(),
  errors: v.optional(v.array(FieldErrorSchema)),
  requestId: v.optional(v.string()),
  /** CHECKOUT_OUT_OF_STOCK / CHECKOUT_NOT_ORDERABLE: the lines concerned. */
  lines: v.optional(
    v.array(v.object({ product_id: v.string(), name: v.string(), requested: v.optional(v.number()), available: v.optional(v.number()) })),
  ),
});
export type Problem = v.InferOutput<typeof ProblemSchema>;
