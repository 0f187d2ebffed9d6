// Shipments back from the warehouse (issue 29 "Back: shipments", decision 050): what the supplier's
// warehouse system reports against an order, what the ERP reads back to reconcile, and what the
// buyer's order page shows. The API, the tests and the order page name these schemas once.
import * as v from 'valibot';
import { IdSchema, inputString, IsoDateSchema, NullableTextSchema, TimestampSchema } from './fields';
import { Gtin14Schema } from './gtin';
import { MESSAGE_KEYS as M } from './messages';
import { OrderShipmentSchema } from './order-shipment';
import { CentsSchema } from './money';
import { OrderStatusSchema } from './order';

/** Stable codes of the shipment routes' refusals (besides VALIDATION_FAILED and the scope checks). */
export const SHIPMENT_ERRORS = {
  /** 404: no order with that number. */
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  /** 409: the shipment id was reported before with another body. */
  CONFLICT: 'SHIPMENT_ID_CONFLICT',
  /** 409: the order is in a status nothing can be shipped from (awaiting payment, delivered). */
  ORDER_NOT_SHIPPABLE: 'SHIPMENT_ORDER_NOT_SHIPPABLE',
  /** 422: a line names no line of the order (or an article code on two of its lines). */
  UNKNOWN_LINE: 'SHIPMENT_UNKNOWN_LINE',
  /** 422: more than ordered minus what earlier shipments shipped. */
  OVER_SHIPPED: 'SHIPMENT_QUANTITY_EXCEEDS_OPEN',
  /** 404: no such shipment of an order the caller may see (decision 070's delivery note). */
  NOT_FOUND: 'SHIPMENT_NOT_FOUND',
  /**
   * 422: a line's `element_string` is not GS1 (each error names `lines.{i}.element_string`, the GS1
   * parser's message key and `values.code`, e.g. GS1_CHECK_DIGIT), names no GTIN (AI 01), or carries
   * a serial (AI 21) on a line of more than one unit (decision 079).
   */
  ELEMENT_STRING_INVALID: 'SHIPMENT_ELEMENT_STRING_INVALID',
} as const;

const text = (max: number) => v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, M.tooBigString));
const count = (max: number) => v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(1, M.tooSmallNumber), v.maxValue(max, M.tooBigNumber));

/** The warehouse's own id of a shipment: the idempotency key of the report. */
export const ShipmentExternalIdSchema = v.pipe(text(100), v.regex(/^[\w.:/#-]+$/, M.invalidValue));

/** A tracking page: https only (a link on the buyer's page and in a mail must not be http or javascript:). */
export const TrackingUrlSchema = v.pipe(inputString(M.invalidUrl), v.trim(), v.maxLength(2000, M.tooBigString), v.url(M.invalidUrl), v.startsWith('https://', M.invalidUrl));

export const MAX_SHIPMENT_LINES = 500;
export const MAX_SERIALS_PER_LINE = 1000;
/** Longer than any GS1 barcode (the parser refuses over 256 with GS1_INPUT_TOO_LONG); a bound on the body. */
export const MAX_ELEMENT_STRING_LENGTH = 1000;

/** The fields an `element_string` replaces: a line carries them or the scan, never both (decision 079). */
const SCANNED_FIELDS = ['gtin', 'lot', 'expiry_on', 'serial_numbers'] as const;

export const ShipmentLineInputSchema = v.pipe(
  v.strictObject({
    /** The order line, by its id (GET /api/integration/v1/orders/{number}) ... */
    order_line_id: v.optional(v.pipe(inputString(), v.uuid(M.invalidUuid))),
    /** ... or by its article code (unique on the order). */
    article_code: v.optional(text(100)),
    /** The unit's GTIN as scanned; left out: the ordered product's (stored as GTIN-14, decision 074). */
    gtin: v.optional(Gtin14Schema),
    quantity: count(1_000_000),
    lot: v.optional(text(100)),
    expiry_on: v.optional(IsoDateSchema),
    serial_numbers: v.optional(v.pipe(v.array(text(100), M.invalidValue), v.maxLength(MAX_SERIALS_PER_LINE, M.tooBigArray))),
    /**
     * The unit's GS1 barcode as scanned, instead of `gtin`, `lot`, `expiry_on` and `serial_numbers`:
     * an element string (GS as ASCII 29 or a scanner's remap such as `<GS>`, with or without `]d2`/`]C1`),
     * bracketed `(01)...(10)...`, or a GS1 Digital Link. Read by the GS1 parser (decision 069, 079).
     */
    element_string: v.optional(v.pipe(inputString(M.required), v.nonEmpty(M.required), v.maxLength(MAX_ELEMENT_STRING_LENGTH, M.tooBigString))),
  }),
  v.forward(
    v.check((l) => l.element_string === undefined || SCANNED_FIELDS.every((f) => l[f] === undefined), M.invalidValue),
    ['element_string'],
  ),
  v.forward(
    v.check((l) => (l.order_line_id === undefined) !== (l.article_code === undefined), M.required),
    ['order_line_id'],
  ),
  v.forward(
    v.check((l) => (l.serial_numbers?.length ?? 0) <= l.quantity, M.tooBigArray),
    ['serial_numbers'],
  ),
  v.forward(
    v.check((l) => new Set(l.serial_numbers ?? []).size === (l.serial_numbers?.length ?? 0), M.invalidValue),
    ['serial_numbers'],
  ),
);

/** POST /api/integration/v1/shipments. */
export const ShipmentReportSchema = v.pipe(
  v.strictObject({
    shipment_id: ShipmentExternalIdSchema,
    order_number: text(40),
    carrier: text(100),
    tracking_reference: text(100),
    tracking_url: v.optional(TrackingUrlSchema),
    shipped_on: IsoDateSchema,
    /** When the parcel should arrive; left out: three days after `shipped_on` (decision 050). */
    expected_delivery_on: v.optional(IsoDateSchema),
    lines: v.pipe(v.array(ShipmentLineInputSchema, M.required), v.minLength(1, M.tooSmallArray), v.maxLength(MAX_SHIPMENT_LINES, M.tooBigArray)),
  }),
  v.forward(
    v.check((s) => !s.expected_delivery_on || s.expected_delivery_on >= s.shipped_on, M.invalidDate),
    ['expected_delivery_on'],
  ),
);
export type ShipmentReport = v.InferOutput<typeof ShipmentReportSchema>;

export { ShipmentLineSchema, OrderShipmentSchema, type OrderShipment } from './order-shipment';

/** A shipment as the integration API answers it: the buyer's view plus the order and when it was recorded. */
export const ShipmentSchema = v.object({
  ...OrderShipmentSchema.entries,
  order_number: v.string(),
  recorded_at: TimestampSchema,
});
export type Shipment = v.InferOutput<typeof ShipmentSchema>;

/** GET /api/integration/v1/orders/{number}: the order with its lines, what is shipped of each, and its shipments. */
export const IntegrationOrderSchema = v.object({
  id: IdSchema,
  number: v.string(),
  status: OrderStatusSchema,
  placed_at: TimestampSchema,
  organisation_id: v.nullable(IdSchema),
  organisation_name: NullableTextSchema,
  external_order_number: NullableTextSchema,
  total_incl_vat: CentsSchema,
  currency: v.string(),
  tracking_reference: NullableTextSchema,
  expected_delivery_on: v.nullable(IsoDateSchema),
  lines: v.array(
    v.object({
      id: IdSchema,
      article_code: v.string(),
      description: v.string(),
      quantity: v.pipe(v.number(), v.integer()),
      quantity_shipped: v.pipe(v.number(), v.integer()),
    }),
  ),
  shipments: v.array(OrderShipmentSchema),
});
export type IntegrationOrder = v.InferOutput<typeof IntegrationOrderSchema>;

export const INTEGRATION_ORDER_PAGE_SIZE = 100;

/** GET /api/integration/v1/orders: oldest first from `placed_after`, paged by an opaque cursor. */
export const IntegrationOrderListQuerySchema = v.strictObject({
  status: v.optional(OrderStatusSchema),
  /** Placed at or after this instant (an ISO timestamp) or day (`YYYY-MM-DD`, UTC). */
  placed_after: v.optional(v.union([IsoDateSchema, v.pipe(inputString(), v.isoTimestamp(M.invalidDatetime))], M.invalidDatetime)),
  /** The `next` of the previous page. */
  after: v.optional(v.pipe(inputString(), v.maxLength(200, M.tooBigString), v.regex(/^[A-Za-z0-9_-]+$/, M.invalidValue))),
  limit: v.optional(
    v.pipe(inputString(), v.regex(/^\d{1,4}$/, M.invalidRegex), v.transform(Number), v.minValue(1, M.tooSmallNumber), v.maxValue(INTEGRATION_ORDER_PAGE_SIZE, M.tooBigNumber)),
  ),
});
export type IntegrationOrderListQuery = v.InferOutput<typeof IntegrationOrderListQuerySchema>;

export const IntegrationOrderSummarySchema = v.object({
  id: IdSchema,
  number: v.string(),
  status: OrderStatusSchema,
  placed_at: TimestampSchema,
  organisation_id: v.nullable(IdSchema),
  external_order_number: NullableTextSchema,
  total_incl_vat: CentsSchema,
  currency: v.string(),
});
export type IntegrationOrderSummary = v.InferOutput<typeof IntegrationOrderSummarySchema>;

export const IntegrationOrderListSchema = v.object({
  items: v.array(IntegrationOrderSummarySchema),
  /** The cursor of the next page (`after=`); null on the last page. */
  next: v.nullable(v.string()),
});
export type IntegrationOrderList = v.InferOutput<typeof IntegrationOrderListSchema>;

/** Path of GET /api/integration/v1/orders/{number}. */
export const IntegrationOrderParamsSchema = v.object({ number: v.pipe(inputString(), v.maxLength(40, M.tooBigString)) });

/** GET /v1/my-orders/{number}/shipments/{shipment_id}/delivery-note.pdf (decision 070). */
export const DeliveryNoteParamsSchema = v.object({
  number: v.pipe(inputString(), v.maxLength(40, M.tooBigString)),
  shipment_id: ShipmentExternalIdSchema,
});
export type DeliveryNoteParams = v.InferOutput<typeof DeliveryNoteParamsSchema>;
