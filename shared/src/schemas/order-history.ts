// My orders (issue 14): the list with search, filters and paging, the detail the my-orders pane
// shows (lines, addresses, submitter, status timeline, delivery), the staff's status moves, the
// buyer's delivery confirmation and problem report. The checkout's OrderSchema (order.ts) stays the
// confirmation page's; this file only adds.
import * as v from 'valibot';
import { AddressSnapshotSchema } from './address-shape';
import { IdSchema, inputString, IsoDateSchema, NullableTextSchema, TimestampSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { CentsSchema } from './money';
import { ORDER_STATUSES, OrderStatusSchema, OrderSummarySchema, OrderTotalsSchema } from './order';
import { OrderShipmentSchema } from './order-shipment';

/** Stable codes of the my-orders endpoints (list, detail, status moves, delivery, messages). */
export const ORDER_HISTORY_ERRORS = {
  /** No such order for this caller (another organisation's is "not found" too, never "forbidden"). */
  NOT_FOUND: 'ORDER_NOT_FOUND',
  /** The move is not in the transition table from the order's current status. */
  TRANSITION_NOT_ALLOWED: 'ORDER_TRANSITION_NOT_ALLOWED',
  /** The move exists but not for the caller's role (e.g. a buyer moving to processing). */
  TRANSITION_FORBIDDEN: 'ORDER_TRANSITION_FORBIDDEN',
  /** Payment states move only through the payment flow. */
  PAYMENT_STATE: 'ORDER_PAYMENT_STATE',
  /** Delivery can be confirmed only once, when delivered or after the expected date. */
  DELIVERY_NOT_CONFIRMABLE: 'ORDER_DELIVERY_NOT_CONFIRMABLE',
  /** A problem report names a line that is not on the order. */
  UNKNOWN_LINE: 'ORDER_UNKNOWN_LINE',
} as const;

export const ORDER_LIST_MAX_PAGE_SIZE = 100;
export const ORDER_LIST_PAGE_SIZE = 20;
/** The list counts up to this many orders; beyond, `total_capped` says "more than". */
export const ORDER_LIST_COUNT_CAP = 10_000;

const positiveInt = (max: number) =>
  v.pipe(inputString(), v.regex(/^\d{1,6}$/, M.invalidRegex), v.transform(Number), v.minValue(1, M.tooSmallNumber), v.maxValue(max, M.tooBigNumber));

/** Query of GET /v1/orders; the same keys are the page's URL. */
export const OrderListQuerySchema = v.strictObject({
  /** Order number, external order number, product name or article/product code. */
  q: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(100, M.tooBigString))),
  status: v.optional(OrderStatusSchema),
  /** Placed on or after this day (UTC). */
  from: v.optional(IsoDateSchema),
  /** Placed on or before this day (UTC). */
  to: v.optional(IsoDateSchema),
  /** Staff only: one of the assigned organisations. */
  organisation: v.optional(v.pipe(inputString(), v.uuid(M.invalidUuid))),
  page: v.optional(positiveInt(100_000)),
  page_size: v.optional(positiveInt(ORDER_LIST_MAX_PAGE_SIZE)),
});
export type OrderListQuery = v.InferOutput<typeof OrderListQuerySchema>;

/** One row of the list. */
export const OrderListItemSchema = v.object({
  ...OrderSummarySchema.entries,
  external_order_number: NullableTextSchema,
  /** Null for a web-shop order placed without an organisation. */
  organisation_name: v.nullable(v.string()),
  /** Messages from the other side (case manager for a buyer, buyer for staff) not yet read. */
  unread_messages: v.pipe(v.number(), v.integer()),
  awaiting_delivery_confirmation: v.boolean(),
});
export type OrderListItem = v.InferOutput<typeof OrderListItemSchema>;

export const OrderListSchema = v.object({
  items: v.array(OrderListItemSchema),
  total: v.pipe(v.number(), v.integer()),
  /** More orders match than `total` (the count stops at ORDER_LIST_COUNT_CAP). */
  total_capped: v.boolean(),
  page: v.pipe(v.number(), v.integer()),
  page_size: v.pipe(v.number(), v.integer()),
});
export type OrderList = v.InferOutput<typeof OrderListSchema>;

/** Path of the detail: the order number is the page's slug. */
export const OrderNumberParamsSchema = v.object({ number: v.pipe(inputString(), v.maxLength(40, M.tooBigString)) });
/** Path of the actions on one order. */
export const OrderIdParamsSchema = v.object({ id: v.pipe(inputString(), v.uuid(M.invalidUuid)) });

export const OrderHistoryLineSchema = v.object({
  id: IdSchema,
  product_id: v.nullable(IdSchema),
  /** The product page's slug, when the product still exists. */
  slug: NullableTextSchema,
  article_code: v.string(),
  description: v.string(),
  nsn: NullableTextSchema,
  quantity: v.pipe(v.number(), v.integer()),
  unit_price_excl_vat: CentsSchema,
  vat_rate_bp: v.pipe(v.number(), v.integer()),
  line_total_excl_vat: CentsSchema,
});

export const OrderHistoryEntrySchema = v.object({
  status: OrderStatusSchema,
  at: TimestampSchema,
  /** Who moved it (null: the system, e.g. the payment provider). */
  by: NullableTextSchema,
  note: NullableTextSchema,
});

/** The detail the my-orders pane (and the staff's order page) shows: GET /v1/my-orders/:number. */
export const OrderDetailSchema = v.object({
  ...OrderListItemSchema.entries,
  organisation_id: v.nullable(IdSchema),
  remarks: NullableTextSchema,
  delivery_address: AddressSnapshotSchema,
  invoice_address: AddressSnapshotSchema,
  shipping_method: NullableTextSchema,
  tracking_reference: NullableTextSchema,
  expected_delivery_on: v.nullable(IsoDateSchema),
  delivery_confirmed_at: v.nullable(TimestampSchema),
  delivery_confirmed_by: NullableTextSchema,
  /** Where the order came from: a procurement system's cXML OrderRequest or a Peppol Order (decision 053); absent or null: the portal. */
  source: v.optional(v.nullable(v.picklist(['cxml', 'peppol']))),
  submitter: v.nullable(v.object({ full_name: v.string(), function: v.string() })),
  lines: v.array(OrderHistoryLineSchema),
  totals: OrderTotalsSchema,
  history: v.array(OrderHistoryEntrySchema),
  /** Statuses the caller may move this order to (staff), for the buttons. */
  next_statuses: v.array(OrderStatusSchema),
  /** Whether the caller may confirm delivery / report a problem now. */
  can_confirm_delivery: v.boolean(),
  can_report_problem: v.boolean(),
  /** The order form PDF (the payments helper's route). */
  order_form_url: v.string(),
  /** What the warehouse shipped, oldest first: carrier, tracking link, lines with lot, expiry and serials (decision 050). */
  shipments: v.optional(v.array(OrderShipmentSchema)),
  /**
   * The buyer's cost centre the order was charged to (issue 33); null: none. `over_budget_cents`:
   * how far this order took the budget past its limit, which only an approval allows (0: within it).
   */
  cost_centre: v.optional(v.nullable(v.object({ code: v.string(), name: v.string(), over_budget_cents: v.optional(v.number()) }))),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

/** Staff move an order on (POST /v1/orders/:id/status). Shipping needs a tracking reference and date. */
export const OrderStatusChangeSchema = v.pipe(
  v.strictObject({
    status: v.picklist(ORDER_STATUSES, M.required),
    tracking_reference: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(100, M.tooBigString))),
    expected_delivery_on: v.optional(IsoDateSchema),
    note: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(1000, M.tooBigString))),
  }),
  v.forward(
    v.partialCheck([['status'], ['tracking_reference']], (i) => i.status !== 'in_shipping' || !!i.tracking_reference, M.required),
    ['tracking_reference'],
  ),
  v.forward(
    v.partialCheck([['status'], ['expected_delivery_on']], (i) => i.status !== 'in_shipping' || !!i.expected_delivery_on, M.required),
    ['expected_delivery_on'],
  ),
);
export type OrderStatusChange = v.InferOutput<typeof OrderStatusChangeSchema>;

export const ORDER_PROBLEM_KINDS = ['missing', 'damaged'] as const;

/** The buyer reports missing or damaged lines instead of confirming delivery. */
export const OrderProblemReportSchema = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        line_id: v.pipe(inputString(), v.uuid(M.invalidUuid)),
        kind: v.picklist(ORDER_PROBLEM_KINDS, M.required),
        quantity: v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(1, M.tooSmallNumber), v.maxValue(100_000, M.tooBigNumber)),
      }),
      M.required,
    ),
    v.minLength(1, M.tooSmallArray),
    v.maxLength(200, M.tooBigArray),
  ),
  description: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(2000, M.tooBigString)), ''),
});
export type OrderProblemReport = v.InferInput<typeof OrderProblemReportSchema>;
