// Order events out (issue 29, decisions 051 and 066): the pull feed and the webhooks of the supplier's
// systems, and the staff's view of the deliveries. Named once here for the API, its OpenAPI
// document, the staff page and the tests.
import * as v from 'valibot';
import { inputString, uuidInput } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { OrderStatusSchema } from './order';
import { QuotationStatusSchema } from './quotation';

/**
 * The events the portal publishes, each with its data: the one definition (decision 066). The owner
 * of the change records its event in its own transaction, typed by `IntegrationEventRecord`; the feed
 * and the webhooks carry `data` as recorded. A new event is a new member here and a call in its owner.
 */
const ORDER_EVENT_TYPES = ['order.awaiting_payment', 'order.placed', 'order.status_changed', 'order.cancelled'] as const;
const PAYMENT_OUTCOME_TYPES = ['payment.succeeded', 'payment.failed'] as const;
const QUOTATION_EVENT_TYPES = ['quotation.created', 'quotation.sent', 'quotation.answered', 'quotation.accepted', 'quotation.expired', 'quotation.ordered'] as const;

/** An order's status moved (its history row): the order's facts after the move. */
export const OrderEventDataSchema = v.object({
  order_id: v.string(),
  order_number: v.string(),
  organisation_id: v.nullable(v.string()),
  status: OrderStatusSchema,
  /** Where it came from; null for the order's first status. */
  from_status: v.nullable(OrderStatusSchema),
  external_reference: v.nullable(v.string()),
  total_cents: v.number(),
  currency: v.string(),
});
export type OrderEventData = v.InferOutput<typeof OrderEventDataSchema>;

/** A payment's outcome at its provider (never back to pending). */
export const PaymentEventDataSchema = v.object({
  payment_id: v.string(),
  order_id: v.string(),
  order_number: v.string(),
  status: v.picklist(['paid', 'failed', 'cancelled', 'expired']),
  amount_cents: v.number(),
  currency: v.string(),
});
export type PaymentEventData = v.InferOutput<typeof PaymentEventDataSchema>;

/** A payment's amount given back. */
export const RefundEventDataSchema = v.object({
  payment_id: v.string(),
  order_id: v.string(),
  order_number: v.string(),
  refund_id: v.string(),
  amount_cents: v.number(),
  currency: v.string(),
});
export type RefundEventData = v.InferOutput<typeof RefundEventDataSchema>;

/** A quotation's step (its history row, but a draft's edits): the quotation's facts at that step. */
export const QuotationEventDataSchema = v.object({
  quotation_id: v.string(),
  quotation_number: v.string(),
  organisation_id: v.string(),
  status: QuotationStatusSchema,
  valid_until: v.nullable(v.string()),
  order_id: v.nullable(v.string()),
});
export type QuotationEventData = v.InferOutput<typeof QuotationEventDataSchema>;

/** A recall or field safety notice opened (decision 074): what it covers and whom it reached. */
export const RecallEventDataSchema = v.object({
  recall_id: v.string(),
  kind: v.picklist(['recall', 'field_safety_notice']),
  reference: v.nullable(v.string()),
  gtin: v.string(),
  lots: v.array(v.string()),
  serial_numbers: v.array(v.string()),
  expiry_from: v.nullable(v.string()),
  expiry_to: v.nullable(v.string()),
  organisation_ids: v.array(v.string()),
  units_received: v.number(),
});
export type RecallEventData = v.InferOutput<typeof RecallEventDataSchema>;

/** A recall corrected (widened, texts fixed) or closed (decision 080): what it covers now, who was newly reached, and when it closed. */
export const RecallChangeEventDataSchema = v.object({
  ...RecallEventDataSchema.entries,
  /** Organisations the correction reached for the first time (none for a closing). */
  added_organisation_ids: v.array(v.string()),
  closed_at: v.nullable(v.string()),
});
export type RecallChangeEventData = v.InferOutput<typeof RecallChangeEventDataSchema>;

/** What an owner records: the type, its aggregate (payments belong to their order, in order with its moves) and the data. */
export const IntegrationEventRecordSchema = v.variant('type', [
  v.object({ type: v.picklist(ORDER_EVENT_TYPES), aggregate_type: v.literal('order'), data: OrderEventDataSchema }),
  v.object({ type: v.picklist(PAYMENT_OUTCOME_TYPES), aggregate_type: v.literal('order'), data: PaymentEventDataSchema }),
  v.object({ type: v.literal('payment.refunded'), aggregate_type: v.literal('order'), data: RefundEventDataSchema }),
  v.object({ type: v.picklist(QUOTATION_EVENT_TYPES), aggregate_type: v.literal('quotation'), data: QuotationEventDataSchema }),
  v.object({ type: v.literal('recall.opened'), aggregate_type: v.literal('recall'), data: RecallEventDataSchema }),
  v.object({ type: v.picklist(['recall.corrected', 'recall.closed']), aggregate_type: v.literal('recall'), data: RecallChangeEventDataSchema }),
]);
export type IntegrationEventRecord = v.InferOutput<typeof IntegrationEventRecordSchema>;

/** Every event type the portal publishes, from the records above. */
export const INTEGRATION_EVENT_TYPES = [...ORDER_EVENT_TYPES, ...PAYMENT_OUTCOME_TYPES, 'payment.refunded', ...QUOTATION_EVENT_TYPES, 'recall.opened', 'recall.corrected', 'recall.closed'] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** Stable codes of the events surface's own refusals. */
export const INTEGRATION_EVENT_ERRORS = {
  /** 400: `after` is not a cursor this feed handed out. */
  CURSOR_INVALID: 'EVENTS_CURSOR_INVALID',
  /** 400: the webhook URL is not https (http only to localhost outside production) or points at a private address. */
  WEBHOOK_URL_REFUSED: 'WEBHOOK_URL_REFUSED',
  /** 404: no such webhook or delivery of this client. */
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  DELIVERY_NOT_FOUND: 'WEBHOOK_DELIVERY_NOT_FOUND',
  /** 409: a replay of a delivery that is still pending. */
  DELIVERY_PENDING: 'WEBHOOK_DELIVERY_PENDING',
} as const;

/** Largest page of the feed. */
export const MAX_EVENTS_PAGE = 1000;

/** GET /api/integration/v1/events: `after` is the `next_cursor` of the previous page (absent: from the start). */
export const EventFeedQuerySchema = v.object({
  after: v.optional(v.pipe(inputString(), v.maxLength(64, M.tooBigString))),
  limit: v.optional(
    v.pipe(inputString(), v.regex(/^\d{1,6}$/, M.invalidRegex), v.transform(Number), v.minValue(1, M.tooSmallNumber), v.maxValue(MAX_EVENTS_PAGE, M.tooBigNumber)),
    '100',
  ),
});
export type EventFeedQuery = v.InferOutput<typeof EventFeedQuerySchema>;

/** One event, as the feed lists it and as a webhook's body carries it. */
export const IntegrationEventSchema = v.object({
  /** Unique: the webhook-id header; de-duplicate by it. */
  id: v.string(),
  type: v.picklist(INTEGRATION_EVENT_TYPES),
  /** Where this event stands in the feed: pass it as `after` to read what follows. */
  cursor: v.string(),
  aggregate_type: v.picklist(['order', 'quotation', 'recall']),
  aggregate_id: v.string(),
  /** 1, 2, 3… per order or quotation: the order in which its events happened. */
  sequence: v.number(),
  occurred_at: v.string(),
  /** Small: ids, numbers, statuses and amounts; read the order itself for its lines. */
  data: v.record(v.string(), v.unknown()),
});
export type IntegrationEvent = v.InferOutput<typeof IntegrationEventSchema>;

export const EventFeedSchema = v.object({
  items: v.array(IntegrationEventSchema),
  /** Pass as `after` next time; the same as `after` when there was nothing new. */
  next_cursor: v.nullable(v.string()),
});
export type EventFeed = v.InferOutput<typeof EventFeedSchema>;

/** POST /api/integration/v1/webhooks. */
export const WebhookCreateSchema = v.object({
  url: v.pipe(inputString(), v.trim(), v.nonEmpty(M.required), v.maxLength(2000, M.tooBigString), v.url(M.invalidRegex)),
  event_types: v.pipe(v.array(v.picklist(INTEGRATION_EVENT_TYPES)), v.minLength(1, M.required), v.maxLength(INTEGRATION_EVENT_TYPES.length, M.tooBigString)),
});
export type WebhookCreate = v.InferOutput<typeof WebhookCreateSchema>;

export const WebhookSchema = v.object({
  id: v.string(),
  url: v.string(),
  event_types: v.array(v.string()),
  created_at: v.string(),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;
/** The answer to a registration: the signing secret, shown this once. */
export const WebhookCreatedSchema = v.object({ ...WebhookSchema.entries, secret: v.string() });
export const WebhookListSchema = v.object({ items: v.array(WebhookSchema) });

export const WebhookIdParamsSchema = v.object({ id: uuidInput() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A delivery with its attempts, for the client's replay and the staff page. */
export const WebhookDeliverySchema = v.object({
  id: v.string(),
  webhook_id: v.string(),
  client_name: v.string(),
  url: v.string(),
  event_id: v.string(),
  event_type: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  next_attempt_at: v.nullable(v.string()),
  last_attempt_at: v.nullable(v.string()),
  last_status_code: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  delivered_at: v.nullable(v.string()),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = v.object({ items: v.array(WebhookDeliverySchema) });

export const DeliveryListQuerySchema = v.object({
  status: v.optional(v.picklist(WEBHOOK_DELIVERY_STATUSES, M.invalidRegex)),
});
