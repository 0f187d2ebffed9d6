// Invoices and credit notes (issue 30): the buyer's list and detail, the downloads, and the staff's
// "payment received". The documents themselves (PDF, UBL) are rendered once at issue and stored by
// the API; these schemas only describe what the pages read.
import * as v from 'valibot';
import { IdSchema, inputString, IsoDateSchema, NullableTextSchema, TimestampSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { CentsSchema } from './money';

/** Stable codes of the invoice endpoints. */
export const INVOICE_ERRORS = {
  /** No such invoice for this caller (another organisation's is "not found" too, never "forbidden"). */
  NOT_FOUND: 'INVOICE_NOT_FOUND',
  /** Payment can be recorded only on an open or overdue invoice, not on a paid one or a credit note. */
  NOT_PAYABLE: 'INVOICE_NOT_PAYABLE',
  /** A credit note names more than what the invoice still holds (or a line that is not on it). */
  CREDIT_EXCEEDS_INVOICE: 'INVOICE_CREDIT_EXCEEDS_INVOICE',
  /** Payments received and credit notes are staff's: a buyer who can see the invoice is refused. */
  STAFF_ONLY: 'INVOICE_STAFF_ONLY',
} as const;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const InvoiceKindSchema = v.picklist(INVOICE_KINDS);
export type InvoiceKind = v.InferOutput<typeof InvoiceKindSchema>;

/**
 * The buyer's view of an invoice's payment: open (not yet due or due today), overdue (the due date
 * passed, marked by a job), paid. A credit note is `credited` once issued.
 */
export const INVOICE_STATUSES = ['open', 'overdue', 'paid', 'credited'] as const;
export const InvoiceStatusSchema = v.picklist(INVOICE_STATUSES);
export type InvoiceStatus = v.InferOutput<typeof InvoiceStatusSchema>;

/** How far the e-invoice has travelled over Peppol (or by mail when the buyer has no Peppol id). */
export const INVOICE_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export const InvoiceDeliveryStatusSchema = v.picklist(INVOICE_DELIVERY_STATUSES);
export type InvoiceDeliveryStatus = v.InferOutput<typeof InvoiceDeliveryStatusSchema>;

export const INVOICE_LIST_MAX_PAGE_SIZE = 100;
export const INVOICE_LIST_PAGE_SIZE = 20;

const positiveInt = (max: number) =>
  v.pipe(inputString(), v.regex(/^\d{1,6}$/, M.invalidRegex), v.transform(Number), v.minValue(1, M.tooSmallNumber), v.maxValue(max, M.tooBigNumber));

/** Query of GET /v1/invoices; the same keys are the page's URL. */
export const InvoiceListQuerySchema = v.strictObject({
  status: v.optional(InvoiceStatusSchema),
  /** Issued on or after this day. */
  from: v.optional(IsoDateSchema),
  /** Issued on or before this day. */
  to: v.optional(IsoDateSchema),
  /** The invoices of one order (its id). */
  order: v.optional(v.pipe(inputString(), v.uuid(M.invalidUuid))),
  /** Staff only: one of the assigned organisations. */
  organisation: v.optional(v.pipe(inputString(), v.uuid(M.invalidUuid))),
  page: v.optional(positiveInt(100_000)),
  page_size: v.optional(positiveInt(INVOICE_LIST_MAX_PAGE_SIZE)),
});
export type InvoiceListQuery = v.InferOutput<typeof InvoiceListQuerySchema>;

/** One row of the list. */
export const InvoiceSummarySchema = v.object({
  id: IdSchema,
  kind: InvoiceKindSchema,
  /** The gapless number, e.g. `2026-000042`. */
  number: v.string(),
  issue_date: IsoDateSchema,
  /** Null for a credit note and for an invoice paid at placement. */
  due_date: v.nullable(IsoDateSchema),
  status: InvoiceStatusSchema,
  delivery_status: InvoiceDeliveryStatusSchema,
  order: v.object({ id: IdSchema, number: v.string(), external_order_number: NullableTextSchema }),
  /** Null for a web-shop invoice without an organisation. */
  organisation_name: v.nullable(v.string()),
  total_excl_vat: CentsSchema,
  vat: CentsSchema,
  total_incl_vat: CentsSchema,
  /** What is left to pay (0 when paid; a credit note's is 0). */
  amount_due: CentsSchema,
  currency: v.string(),
});
export type InvoiceSummary = v.InferOutput<typeof InvoiceSummarySchema>;

export const InvoiceListSchema = v.object({
  items: v.array(InvoiceSummarySchema),
  total: v.pipe(v.number(), v.integer()),
  page: v.pipe(v.number(), v.integer()),
  page_size: v.pipe(v.number(), v.integer()),
});
export type InvoiceList = v.InferOutput<typeof InvoiceListSchema>;

export const InvoiceLineViewSchema = v.object({
  article_code: v.string(),
  description: v.string(),
  quantity: v.number(),
  /** Net unit price as a decimal string (it may carry fractions of a cent), e.g. `12.3333`. */
  unit_price: v.string(),
  line_total_excl_vat: CentsSchema,
  vat_category: v.string(),
  vat_rate_percent: v.string(),
});

export const InvoiceVatRowSchema = v.object({
  category: v.string(),
  rate_percent: v.string(),
  taxable: CentsSchema,
  vat: CentsSchema,
  /** The legal mention for reverse charge, intra-community supply or exemption. */
  exemption_reason: NullableTextSchema,
});

/** An invoice or credit note with what its page shows. */
/** The delivery problems the portal names itself (InvoiceDetail.delivery_problem). */
export const INVOICE_DELIVERY_PROBLEMS = ['no_recipient'] as const;
export type InvoiceDeliveryProblem = (typeof INVOICE_DELIVERY_PROBLEMS)[number];

export const InvoiceDetailSchema = v.object({
  ...InvoiceSummarySchema.entries,
  /** The credit note's invoice (number and id); null for an invoice. */
  credits: v.nullable(v.object({ id: IdSchema, number: v.string() })),
  /** The credit notes issued against this invoice. */
  credit_notes: v.array(v.object({ id: IdSchema, number: v.string(), total_incl_vat: CentsSchema })),
  /** Belgian structured communication to quote with the transfer, `+++123/4567/89012+++`. */
  payment_reference: NullableTextSchema,
  iban: NullableTextSchema,
  paid_at: v.nullable(TimestampSchema),
  lines: v.array(InvoiceLineViewSchema),
  vat_breakdown: v.array(InvoiceVatRowSchema),
  discount_excl_vat: CentsSchema,
  shipping_excl_vat: CentsSchema,
  /** The delivery attempts' last error, for staff (null for buyers). */
  delivery_error: NullableTextSchema,
  /**
   * The delivery's problem as a word of the portal, for staff, where there is one: `no_recipient` (no
   * Peppol participant id and no billing e-mail when it was issued), shown in the reader's language
   * instead of `delivery_error` (issue 44). Null otherwise (an access point's own error is shown as written).
   */
  delivery_problem: v.optional(v.nullable(v.picklist(INVOICE_DELIVERY_PROBLEMS)), null),
});
export type InvoiceDetail = v.InferOutput<typeof InvoiceDetailSchema>;

/** POST /v1/invoices/{id}/payments (staff, later the integration API): payment received. */
export const InvoicePaymentInputSchema = v.strictObject({
  /** The day the money arrived; today when left out. */
  paid_on: v.optional(IsoDateSchema),
});
export type InvoicePaymentInput = v.InferOutput<typeof InvoicePaymentInputSchema>;

/** Path of the invoice routes: `{id}` must be a UUID (anything else is a 400, never a 500). */
export const InvoiceIdParamsSchema = v.object({ id: v.pipe(inputString(), v.uuid(M.invalidUuid)) });
/** The integration API names an invoice by its number, `YYYY-NNNNNN`. */
export const InvoiceNumberParamsSchema = v.object({ number: v.pipe(inputString(), v.regex(/^\d{4}-\d{6}$/, M.invalidRegex)) });

export const INVOICE_CREDIT_MAX_LINES = 500;

/** POST /v1/invoices/{id}/credit-notes (staff): cancelled or returned quantities of the invoice's lines. */
export const InvoiceCreditNoteInputSchema = v.strictObject({
  /** Why (cancelled, returned, damaged): kept with the credit note. */
  reason: v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(500, M.tooBigString)),
  lines: v.pipe(
    v.array(
      v.strictObject({
        order_line_id: v.pipe(inputString(), v.uuid(M.invalidUuid)),
        quantity: v.pipe(v.number(M.invalidValue), v.integer(M.invalidValue), v.minValue(1, M.tooSmallNumber), v.maxValue(1_000_000, M.tooBigNumber)),
      }),
    ),
    v.minLength(1, M.tooSmallArray),
    v.maxLength(INVOICE_CREDIT_MAX_LINES, M.tooBigArray),
  ),
});
export type InvoiceCreditNoteInput = v.InferOutput<typeof InvoiceCreditNoteInputSchema>;

/** The credit note's answer: its id and number (its detail is GET /v1/invoices/{id}). */
export const InvoiceCreatedSchema = v.object({ id: IdSchema, number: v.string() });
