// The OpenAPI examples of the events' routes (issue 29 "Documentation"): the feed's events of one
// order of the demo's hospital, and the webhook that receives them. defineRoute checks each against
// its route's schema at start-up. The delivery headers are signed with the example secret by the
// function webhook-sender.ts signs with (webhook-message.ts), so a receiver's developer can check
// their verification against them.
import type { EventFeed, IntegrationEvent, Webhook, WebhookCreate, WebhookDelivery } from '@portal/shared/schemas';
import { deliveryHeaders as signedHeaders } from './webhook-message';

const ORDER_ID = '5d1e8c3a-2f47-4b9e-a6d0-7c3b91e4f028';
const ORGANISATION_ID = '9a0c4e7b-13d5-4f6a-8b2e-c4d7f1a90b36';
const WEBHOOK_ID = 'c7a3e915-0d2b-4f84-9e6a-1b5f8d2c4a07';
const URL = 'https://erp.portal-supplier.example/hooks/portal-events';

const orderData = (status: string, from: string | null) => ({
  order_id: ORDER_ID,
  order_number: 'SO-2026-010084',
  organisation_id: ORGANISATION_ID,
  status,
  from_status: from,
  external_reference: 'PO-4411',
  total_cents: 60_102,
  currency: 'EUR',
});

// Keys in the order toEvent gives them: the webhook's body is this object's JSON.
const PLACED: IntegrationEvent = {
  id: '0b6f2c8e-91d4-4a57-b3e0-6f2a9d1c7e45',
  type: 'order.placed',
  cursor: '118',
  aggregate_type: 'order',
  aggregate_id: ORDER_ID,
  sequence: 1,
  occurred_at: '2026-11-25T08:41:17.204Z',
  data: orderData('ordered', null),
};

/** GET /integration/v1/events: an order placed and taken into processing, and a quotation sent. */
export const EVENT_FEED_EXAMPLE: EventFeed = {
  items: [
    PLACED,
    {
      id: '6a2d9f41-3c8b-4e70-a5d2-8b1e4f0c9d63',
      type: 'order.status_changed',
      cursor: '121',
      aggregate_type: 'order',
      aggregate_id: ORDER_ID,
      sequence: 2,
      occurred_at: '2026-11-25T10:02:55.913Z',
      data: orderData('processing', 'ordered'),
    },
    {
      id: 'e41b7c05-9a2f-4d6e-8c13-5f0a2b9d7e86',
      type: 'quotation.sent',
      cursor: '122',
      aggregate_type: 'quotation',
      aggregate_id: 'f3c82a6d-47e1-4b09-9d5a-0e7b3c1f8a24',
      sequence: 2,
      occurred_at: '2026-11-25T10:15:08.447Z',
      data: {
        quotation_id: 'f3c82a6d-47e1-4b09-9d5a-0e7b3c1f8a24',
        quotation_number: 'QT-NL-00512',
        organisation_id: '4c8e2a1f-5b7d-4e93-a0c6-d1f3b92e7a58',
        status: 'sent',
        valid_until: '2026-12-25',
        order_id: null,
      },
    },
  ],
  next_cursor: '122',
};

export const WEBHOOK_CREATE_EXAMPLE: WebhookCreate = { url: URL, event_types: ['order.placed', 'order.status_changed', 'order.cancelled'] };

const WEBHOOK: Webhook = { id: WEBHOOK_ID, url: URL, event_types: WEBHOOK_CREATE_EXAMPLE.event_types, created_at: '2026-11-20T15:30:12.006Z' };
/** Shown once, at registration: `whsec_` and 32 bytes in base64 (a made-up one). */
const SECRET = 'whsec_ShQRlbsJqyqHx+cTV4/LOXUSbl9xf9gPTQmav4KLWyc=';

export const WEBHOOK_CREATED_EXAMPLE = { ...WEBHOOK, secret: SECRET };
export const WEBHOOK_LIST_EXAMPLE = { items: [WEBHOOK] };

/** The headers of the delivery of the feed's first event to the example webhook, signed with its secret. */
function exampleDeliveryHeaders(): string {
  const sent = new Date('2026-11-25T08:41:19.000Z');
  const headers = signedHeaders(SECRET, PLACED.id, sent, JSON.stringify(PLACED));
  return Object.entries(headers)
    .map(([name, value]) => `\`${name}: ${value}\``)
    .join(', ');
}
/** For the registration's description: what a delivery of the example event to the example webhook carries. */
export const DELIVERY_HEADERS_EXAMPLE = exampleDeliveryHeaders();

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '2f9c4b7e-5a13-4d8f-b0e6-7c1d3a9e5f28',
  webhook_id: WEBHOOK_ID,
  client_name: 'Demo ERP',
  url: URL,
  event_id: PLACED.id,
  event_type: 'order.placed',
  status: 'delivered',
  attempts: 1,
  next_attempt_at: null,
  last_attempt_at: '2026-11-25T08:41:19.000Z',
  last_status_code: 204,
  last_error: null,
  delivered_at: '2026-11-25T08:41:19.000Z',
  ...over,
});

/** GET /integration/v1/webhooks/deliveries: one delivered, one being retried after a 503. */
export const DELIVERY_LIST_EXAMPLE = {
  items: [
    delivery({
      id: '8b0e3d6a-1f57-4c92-a4e8-3d6f0b2c9e71',
      event_id: '6a2d9f41-3c8b-4e70-a5d2-8b1e4f0c9d63',
      event_type: 'order.status_changed',
      status: 'pending',
      attempts: 3,
      next_attempt_at: '2026-11-25T10:05:33.412Z',
      last_attempt_at: '2026-11-25T10:03:33.412Z',
      last_status_code: 503,
      last_error: 'the receiver answered 503',
      delivered_at: null,
    }),
    delivery({}),
  ],
};
