// Recalls and field safety notices (issue 42 "Recalls", decision 074): the supplier's staff or the
// ERP opens one for a GTIN with lots, serial numbers or an expiry range; the portal finds who
// received those units in the shipments' lot index, tells them, blocks further shipments of them,
// and each receiving organisation answers what it holds, used and returns.
import * as v from 'valibot';
import { inputString, IsoDateSchema, NullableTextSchema, uuidInput } from './fields';
import { Gtin14Schema } from './gtin';
import { MESSAGE_KEYS as M } from './messages';

export const RECALL_ERRORS = {
  /** 404: no recall with that id the caller may see (another organisation's is not found either). */
  NOT_FOUND: 'RECALL_NOT_FOUND',
  /** 409: the ERP's reference was used for a recall with other content. */
  CONFLICT: 'RECALL_REFERENCE_CONFLICT',
  /** 422: a shipment report names a unit under an open recall (GTIN with a recalled lot, serial or expiry). */
  LOT_RECALLED: 'SHIPMENT_LOT_RECALLED',
  /** 422: an answer counts more units than the organisation received. */
  ANSWER_EXCEEDS_RECEIVED: 'RECALL_ANSWER_EXCEEDS_RECEIVED',
  /** 403: the caller belongs to no organisation that received the recalled units. */
  NO_ORGANISATION: 'RECALL_NO_ORGANISATION',
  /** 409: the recall is closed: it takes no answer, correction or second closing (decision 080). */
  CLOSED: 'RECALL_CLOSED',
  /** 422: a correction would take units out of the recall (a lot, serial or expiry date removed): a recall is widened or closed, never narrowed (decision 080). */
  NARROWING_REFUSED: 'RECALL_NARROWING_REFUSED',
} as const;

export const RECALL_KINDS = ['recall', 'field_safety_notice'] as const;
export type RecallKind = (typeof RECALL_KINDS)[number];

export const MAX_RECALL_LOTS = 200;
export const MAX_RECALL_SERIALS = 5000;

const text = (max: number) => v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, M.tooBigString));
const unique = (list: readonly string[] | undefined) => new Set(list ?? []).size === (list?.length ?? 0);

/** A text in the three languages the portal mails in. */
export const TrilingualTextSchema = v.strictObject({ en: text(4000), nl: text(4000), fr: text(4000) });
export type TrilingualText = v.InferOutput<typeof TrilingualTextSchema>;

/** Opening a recall (POST /api/v1/staff/recalls, POST /api/integration/v1/recalls). */
export const RecallOpenSchema = v.pipe(
  v.strictObject({
    kind: v.picklist(RECALL_KINDS, M.invalidValue),
    /** The ERP's or the authority's reference (FSCA number): a repeated open with it is answered, not repeated. */
    reference: v.optional(v.pipe(text(100), v.regex(/^[\w.:/#-]+$/, M.invalidValue))),
    gtin: Gtin14Schema,
    lots: v.optional(v.pipe(v.array(text(100), M.invalidValue), v.maxLength(MAX_RECALL_LOTS, M.tooBigArray))),
    serial_numbers: v.optional(v.pipe(v.array(text(100), M.invalidValue), v.maxLength(MAX_RECALL_SERIALS, M.tooBigArray))),
    /** Units whose expiry date lies in [expiry_from, expiry_to] (either end may be left open). */
    expiry_from: v.optional(IsoDateSchema),
    expiry_to: v.optional(IsoDateSchema),
    reason: TrilingualTextSchema,
    instructions: TrilingualTextSchema,
  }),
  v.forward(
    v.check((r) => Boolean(r.lots?.length || r.serial_numbers?.length || r.expiry_from || r.expiry_to), M.required),
    ['lots'],
  ),
  v.forward(v.check((r) => unique(r.lots), M.invalidValue), ['lots']),
  v.forward(v.check((r) => unique(r.serial_numbers), M.invalidValue), ['serial_numbers']),
  v.forward(v.check((r) => !r.expiry_from || !r.expiry_to || r.expiry_from <= r.expiry_to, M.invalidDate), ['expiry_to']),
);
export type RecallOpen = v.InferOutput<typeof RecallOpenSchema>;

export const RecallIdParamsSchema = v.object({ id: uuidInput(M.invalidUuid) });

const units = v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(0, M.tooSmallNumber), v.maxValue(10_000_000, M.tooBigNumber));

/** An organisation's answer (PUT /api/v1/recalls/:id/answer): what it holds, used and sends back. */
export const RecallAnswerSchema = v.pipe(
  v.strictObject({ units_on_hand: units, units_used: units, units_to_return: units }),
  v.forward(v.check((a) => a.units_to_return <= a.units_on_hand, M.tooBigNumber), ['units_to_return']),
);
export type RecallAnswer = v.InferOutput<typeof RecallAnswerSchema>;

/** Closing a recall (POST /api/v1/staff/recalls/:id/close, POST /api/integration/v1/recalls/:id/close): why, in the three languages. */
export const RecallCloseSchema = v.strictObject({ note: TrilingualTextSchema });
export type RecallClose = v.InferOutput<typeof RecallCloseSchema>;

/**
 * Correcting an open recall (PATCH /api/v1/staff/recalls/:id): what is sent replaces what is stored,
 * what is left out stays. Lots and serial numbers are the whole new lists and must keep every stored
 * one; an expiry bound may only move outwards (decision 080: widened or closed, never narrowed).
 */
export const RecallCorrectSchema = v.pipe(
  v.strictObject({
    lots: v.optional(v.pipe(v.array(text(100), M.invalidValue), v.maxLength(MAX_RECALL_LOTS, M.tooBigArray))),
    serial_numbers: v.optional(v.pipe(v.array(text(100), M.invalidValue), v.maxLength(MAX_RECALL_SERIALS, M.tooBigArray))),
    expiry_from: v.optional(IsoDateSchema),
    expiry_to: v.optional(IsoDateSchema),
    reason: v.optional(TrilingualTextSchema),
    instructions: v.optional(TrilingualTextSchema),
  }),
  v.forward(
    v.check((r) => Object.values(r).some((x) => x !== undefined), M.required),
    ['lots'],
  ),
  v.forward(v.check((r) => unique(r.lots), M.invalidValue), ['lots']),
  v.forward(v.check((r) => unique(r.serial_numbers), M.invalidValue), ['serial_numbers']),
  v.forward(v.check((r) => !r.expiry_from || !r.expiry_to || r.expiry_from <= r.expiry_to, M.invalidDate), ['expiry_to']),
);
export type RecallCorrect = v.InferOutput<typeof RecallCorrectSchema>;

const Criteria = {
  id: v.string(),
  kind: v.picklist(RECALL_KINDS),
  reference: NullableTextSchema,
  gtin: v.string(),
  lots: v.array(v.string()),
  serial_numbers: v.array(v.string()),
  expiry_from: v.nullable(v.string()),
  expiry_to: v.nullable(v.string()),
  opened_at: v.string(),
  /** Who opened it: a staff member's name or the ERP client's. */
  opened_by: v.string(),
  /** Last corrected (widened or its texts fixed), and by whom; null: as opened. */
  corrected_at: v.nullable(v.string()),
  corrected_by: NullableTextSchema,
  /** Closed: shipments of its units are no longer refused, no banner, no answers (decision 080). */
  closed_at: v.nullable(v.string()),
  closed_by: NullableTextSchema,
  closing_note: v.nullable(TrilingualTextSchema),
};

/** One delivery of recalled units: the order, the shipment, where it went and how many. */
export const RecallDeliverySchema = v.object({
  order_number: v.string(),
  shipment_id: v.string(),
  shipped_on: v.string(),
  lot: NullableTextSchema,
  expiry_on: v.nullable(v.string()),
  serial_numbers: v.array(v.string()),
  units: v.number(),
  delivery_address: v.string(),
});
export type RecallDelivery = v.InferOutput<typeof RecallDeliverySchema>;

const AnswerFacts = {
  answered_at: v.nullable(v.string()),
  units_on_hand: v.nullable(v.number()),
  units_used: v.nullable(v.number()),
  units_to_return: v.nullable(v.number()),
};

/** Whose notice: the caller's organisation's, or their own as a web-shop customer (decision 080). */
export const RECEIVED_BY = ['organisation', 'customer'] as const;
export type ReceivedBy = (typeof RECEIVED_BY)[number];

/**
 * GET /api/v1/recalls/:id and PUT …/answer: which of the caller's notices (decision 086). A person
 * reached through their organisation and their own web-shop order has one of each; left out, the
 * organisation's when there is one, else their own.
 */
export const MyRecallQuerySchema = v.object({ received_by: v.optional(v.picklist(RECEIVED_BY, M.invalidValue)) });
export type MyRecallQuery = v.InferOutput<typeof MyRecallQuerySchema>;

/** The page of one of the caller's notices: the dashboard's banner and the account's list link to it (decision 086). */
export const myRecallPath = (locale: string, r: { id: string; received_by: ReceivedBy }): string =>
  `/${locale}/user/recalls/${r.id}${r.received_by === 'customer' ? '?received_by=customer' : ''}`;

/** A recall as a receiving organisation's member reads it (GET /api/v1/recalls, /:id). */
export const MyRecallSchema = v.object({
  ...Criteria,
  /** Whose notice: the caller's organisation's, or their own as a web-shop customer (decision 080). */
  received_by: v.picklist(RECEIVED_BY),
  reason: TrilingualTextSchema,
  instructions: TrilingualTextSchema,
  units_received: v.number(),
  ...AnswerFacts,
  deliveries: v.array(RecallDeliverySchema),
});
export type MyRecall = v.InferOutput<typeof MyRecallSchema>;
export const MyRecallListSchema = v.object({ items: v.array(MyRecallSchema) });
export type MyRecallList = v.InferOutput<typeof MyRecallListSchema>;

/** One receiver in the staff's follow-up: an organisation, or a web-shop customer (organisation_id null, customer_name set; decision 080). */
export const RecallReceiverSchema = v.object({
  organisation_id: v.nullable(v.string()),
  organisation_name: v.string(),
  /** A web-shop customer's name (orders without an organisation); null for an organisation, or a web-shop order whose account is gone. */
  customer_name: NullableTextSchema,
  units_received: v.number(),
  /** Addresses told (administrators and the buyers who ordered). */
  told: v.array(v.string()),
  told_at: v.nullable(v.string()),
  ...AnswerFacts,
  answered_by: NullableTextSchema,
  /** Units not yet accounted for: received minus used, or all received until answered. */
  units_outstanding: v.number(),
  deliveries: v.array(RecallDeliverySchema),
});
export type RecallReceiver = v.InferOutput<typeof RecallReceiverSchema>;

/** A recall as the staff and the ERP follow it. */
export const RecallSchema = v.object({
  ...Criteria,
  reason: TrilingualTextSchema,
  instructions: TrilingualTextSchema,
  units_received: v.number(),
  units_outstanding: v.number(),
  organisations_told: v.number(),
  organisations_answered: v.number(),
  /** Web-shop customers told and those who answered (decision 080). */
  customers_told: v.number(),
  customers_answered: v.number(),
  receivers: v.array(RecallReceiverSchema),
});
export type Recall = v.InferOutput<typeof RecallSchema>;

/** The staff's list: each recall's figures without its receivers. */
export const RecallSummarySchema = v.object({
  ...Criteria,
  reason: TrilingualTextSchema,
  units_received: v.number(),
  units_outstanding: v.number(),
  organisations_told: v.number(),
  organisations_answered: v.number(),
  customers_told: v.number(),
  customers_answered: v.number(),
});
export const RecallListSchema = v.object({ items: v.array(RecallSummarySchema) });
export type RecallList = v.InferOutput<typeof RecallListSchema>;

/** GET /api/v1/recalls: `open=true` lists only the notices the organisation has not answered (the dashboard's banner). */
export const MyRecallsQuerySchema = v.object({ open: v.optional(v.picklist(['true', 'false'], M.invalidValue)) });
