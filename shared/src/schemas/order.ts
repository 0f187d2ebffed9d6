import * as v from 'valibot';
import { AddressSchema } from './address-shape';
import { IdSchema, NullableTextSchema, TimestampSchema } from './fields';
import { CentsSchema } from './money';
import { OrderLineSchema } from './product';

/** Order statuses (spec section 4). Transitions are the API's business. */
export const ORDER_STATUSES = [
  'payment_pending',
  'payment_failed',
  'payment_cancelled',
  'payment_expired',
  'ordered',
  'processing',
  'to_be_shipped',
  'in_shipping',
  'delivered',
] as const;
export const OrderStatusSchema = v.picklist(ORDER_STATUSES);
export type OrderStatus = v.InferOutput<typeof OrderStatusSchema>;

/** Statuses of an order whose payment has not (yet) succeeded: not placed, never counted as ordered. */
export const PAYMENT_STATUSES = ['payment_pending', 'payment_failed', 'payment_cancelled', 'payment_expired'] as const satisfies readonly OrderStatus[];
/** Statuses of a placed order (on account, or paid). */
export const PLACED_ORDER_STATUSES = ORDER_STATUSES.filter(
  (s): s is Exclude<OrderStatus, (typeof PAYMENT_STATUSES)[number]> => !(PAYMENT_STATUSES as readonly string[]).includes(s),
);

/** Totals of an order, in cents. */
export const OrderTotalsSchema = v.object({
  excl_vat: CentsSchema,
  vat: CentsSchema,
  incl_vat: CentsSchema,
  shipping_excl_vat: CentsSchema,
  discount_excl_vat: CentsSchema,
  /**
   * Where no Belgian VAT is charged (intra-community supply, exemption, export): the legal mentions
   * the invoice will carry, in the reader's language (decision 058). Absent or empty: none.
   */
  vat_mentions: v.optional(v.array(v.string())),
});

/** An order as the list shows it. */
export const OrderSummarySchema = v.object({
  id: IdSchema,
  /** Public order number, also the detail page slug. */
  number: v.string(),
  date: TimestampSchema,
  status: OrderStatusSchema,
  /** Number of products on the order. */
  products: v.pipe(v.number(), v.integer()),
  ordered_by: v.string(),
  total_incl_vat: CentsSchema,
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

/** An order with its detail (spec section 3). */
export const OrderSchema = v.object({
  ...OrderSummarySchema.entries,
  delivery: v.object({ address: AddressSchema, tracking_url: NullableTextSchema, delivered_at: v.nullable(TimestampSchema) }),
  invoice: v.object({ address: AddressSchema, invoice_number: NullableTextSchema }),
  /** The customer's own (purchase-order) reference. */
  external_order_number: NullableTextSchema,
  remarks: NullableTextSchema,
  /** Message left by the case manager. */
  case_manager_message: NullableTextSchema,
  /** Link to the order form PDF. */
  order_form_url: NullableTextSchema,
  /** True when tracking says it arrived and the customer should confirm delivery. */
  awaiting_delivery_confirmation: v.boolean(),
  lines: v.array(OrderLineSchema),
  totals: OrderTotalsSchema,
  /** The buyer's cost centre the order was charged to (decision 054); null or absent: none. */
  cost_centre: v.optional(v.nullable(v.object({ code: v.string(), name: v.string() }))),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** Answer of POST /api/v1/orders: the placed order, and where a web-shop customer pays. */
export const PlacedOrderSchema = v.object({
  id: IdSchema,
  number: v.string(),
  status: OrderStatusSchema,
  /** The payment provider's hosted page (web-shop customers); null for orders on account. */
  payment_url: NullableTextSchema,
});
export type PlacedOrder = v.InferOutput<typeof PlacedOrderSchema>;

/** Answer of POST /api/v1/orders/:id/payment (a new payment for a failed or cancelled one). */
export const OrderPaymentSchema = v.object({ payment_url: v.string() });
export type OrderPayment = v.InferOutput<typeof OrderPaymentSchema>;

/** Stable error codes of the order API. */
export const ORDER_ERRORS = {
  /** No such order for the caller (another organisation's order answers the same). */
  NOT_FOUND: 'ORDER_NOT_FOUND',
  /** Only an order in `payment_failed` or `payment_cancelled` can be paid again. */
  PAYMENT_NOT_RETRYABLE: 'ORDER_PAYMENT_NOT_RETRYABLE',
} as const;
