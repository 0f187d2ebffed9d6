// The events' routes (decision 051): the pull feed and the webhooks of an integration client (scope
// events:read), and the supplier staff's view of the deliveries with a replay.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  API_ERRORS,
  DeliveryListQuerySchema,
  EventFeedQuerySchema,
  EventFeedSchema,
  INTEGRATION_ERRORS,
  INTEGRATION_EVENT_ERRORS,
  INTEGRATION_EVENT_TYPES,
  WebhookCreateSchema,
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
} from '@portal/shared/schemas';
import { requireStaff, type IntegrationCaller, type StaffCaller } from '../../caller';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { parseCursor, readFeed, toEvent, formatCursor } from './events.feed';
import {
  DELIVERY_HEADERS_EXAMPLE,
  DELIVERY_LIST_EXAMPLE,
  EVENT_FEED_EXAMPLE,
  WEBHOOK_CREATED_EXAMPLE,
  WEBHOOK_CREATE_EXAMPLE,
  WEBHOOK_LIST_EXAMPLE,
} from './integration-events.examples';
import { refuseTarget } from './webhook-targets';
import type { WebhooksRepository } from './webhooks.repository';

const TAG = 'Integration';
const SCOPE = 'events:read';

const clientProblems = {
  401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not an integration client (${INTEGRATION_ERRORS.NOT_A_CLIENT}) or without the scope ${SCOPE} (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
};
const staffProblems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not a member of the supplier's staff (${API_ERRORS.STAFF_ONLY})` },
};

// The example answer shows an order's and a quotation's events; the payment events' data is named here.
const EVENT_DATA = `Payment events carry \`payment_id\`, \`order_id\`, \`order_number\`, \`status\`, \`amount_cents\`, \`currency\` (a refund also \`refund_id\`). Types: ${INTEGRATION_EVENT_TYPES.join(', ')}.`;

const DeliveryIdParams = v.object({ id: WebhookIdParamsSchema.entries.id });
const StaffDeliveryQuery = v.object({ ...DeliveryListQuerySchema.entries });

export function registerIntegrationEventsRoutes(app: FastifyInstance, registry: RouteRegistry, deps: { db: Db; webhooks: WebhooksRepository; production: boolean }) {
  const { db, webhooks, production } = deps;

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/events',
    operationId: 'integrationEvents',
    summary: 'The order, payment and quotation events after a cursor, oldest first (pull feed)',
    description: `Poll with \`after\` = the previous page's \`next_cursor\` (leave it out the first time). Every event is served once in this order and none is skipped, also when transactions commit out of order; an event shows on the first read after its commit. Events of one order carry \`sequence\` 1, 2, 3…; de-duplicate by \`id\`. ${EVENT_DATA}`,
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    querystring: EventFeedQuerySchema,
    responses: {
      200: { description: 'A page of events and the cursor to continue from', schema: EventFeedSchema, example: EVENT_FEED_EXAMPLE },
      400: { description: `A bad limit (${API_ERRORS.VALIDATION_FAILED}) or a cursor this feed did not hand out (${INTEGRATION_EVENT_ERRORS.CURSOR_INVALID})` },
      ...clientProblems,
    },
    handler: async ({ query, reply }) => {
      const cursor = query.after === undefined || query.after === '' ? null : parseCursor(query.after);
      const rows = await readFeed(db, cursor, query.limit);
      reply.header('cache-control', 'no-store');
      const last = rows.at(-1);
      return { items: rows.map(toEvent), next_cursor: last ? formatCursor(last) : (query.after || null) };
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/webhooks',
    operationId: 'createIntegrationWebhook',
    summary: 'Registers an endpoint for events; answers the signing secret once',
    description: `Deliveries follow the Standard Webhooks convention: headers \`webhook-id\` (the event's id), \`webhook-timestamp\` and \`webhook-signature\` (\`v1,<base64 HMAC-SHA256 of id.timestamp.body>\` with the base64 key after \`whsec_\`). A 2xx answer delivers; anything else is retried (5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 24 h), then the delivery is dead until replayed. Events of one order arrive in order. The URL must be https to a public address (outside production, http to localhost too). The body of a delivery is one event as the feed lists it; the first event of the feed's example, sent to the webhook of this route's example, carries ${DELIVERY_HEADERS_EXAMPLE}.`,
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    body: WebhookCreateSchema,
    bodyExample: WEBHOOK_CREATE_EXAMPLE,
    responses: {
      201: { description: 'The webhook, with its secret (shown only now)', schema: WebhookCreatedSchema, example: WEBHOOK_CREATED_EXAMPLE },
      400: { description: `Invalid input (${API_ERRORS.VALIDATION_FAILED}) or a refused URL (${INTEGRATION_EVENT_ERRORS.WEBHOOK_URL_REFUSED})` },
      ...clientProblems,
    },
    handler: async ({ caller, body, reply }) => {
      const refused = refuseTarget(body.url, production);
      if (refused) throw new AppError(400, INTEGRATION_EVENT_ERRORS.WEBHOOK_URL_REFUSED, refused);
      reply.code(201).header('cache-control', 'no-store');
      return webhooks.create(caller, body);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/webhooks',
    operationId: 'listIntegrationWebhooks',
    summary: "The calling client's webhooks (without their secrets)",
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    responses: { 200: { description: 'The webhooks, oldest first', schema: WebhookListSchema, example: WEBHOOK_LIST_EXAMPLE }, ...clientProblems },
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'no-store');
      return { items: await webhooks.list(caller) };
    },
  });

  defineRoute(app, registry, {
    method: 'DELETE',
    url: '/integration/v1/webhooks/:id',
    operationId: 'deleteIntegrationWebhook',
    summary: 'Removes a webhook: nothing more is sent to it',
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    params: WebhookIdParamsSchema,
    responses: {
      204: { description: 'Removed' },
      ...clientProblems,
      404: { description: `No such webhook of this client (${INTEGRATION_EVENT_ERRORS.WEBHOOK_NOT_FOUND})` },
    },
    handler: async ({ caller, params, reply }) => {
      if (!(await webhooks.remove(caller, params.id))) throw new AppError(404, INTEGRATION_EVENT_ERRORS.WEBHOOK_NOT_FOUND, 'No such webhook');
      return reply.code(204).send();
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/webhooks/deliveries',
    operationId: 'listIntegrationWebhookDeliveries',
    summary: "The calling client's latest deliveries with their tries, status and last error",
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    querystring: DeliveryListQuerySchema,
    responses: { 200: { description: 'Newest first, at most 200', schema: WebhookDeliveryListSchema, example: DELIVERY_LIST_EXAMPLE }, ...clientProblems },
    handler: async ({ caller, query, reply }) => {
      reply.header('cache-control', 'no-store');
      return { items: await webhooks.deliveries(caller, { status: query.status, limit: 200 }) };
    },
  });

  async function replay(caller: IntegrationCaller | StaffCaller, id: string) {
    const outcome = await webhooks.replay(caller, id);
    if (outcome === null) throw new AppError(404, INTEGRATION_EVENT_ERRORS.DELIVERY_NOT_FOUND, 'No such delivery');
    if (outcome === 'pending') throw new AppError(409, INTEGRATION_EVENT_ERRORS.DELIVERY_PENDING, 'This delivery is still being tried');
  }
  const replayResponses = {
    204: { description: 'Pending again, due now, with a fresh count of tries' },
    404: { description: `No such delivery (${INTEGRATION_EVENT_ERRORS.DELIVERY_NOT_FOUND})` },
    409: { description: `Still being tried (${INTEGRATION_EVENT_ERRORS.DELIVERY_PENDING})` },
  };

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/webhooks/deliveries/:id/replay',
    operationId: 'replayIntegrationWebhookDelivery',
    summary: 'Sends a dead (or delivered) delivery again',
    description: "The event keeps its id (webhook-id), so a receiver that has it already can drop it. Later events of the same order waited behind a dead one and follow once it is delivered.",
    tags: [TAG],
    auth: 'bearer',
    scope: SCOPE,
    params: DeliveryIdParams,
    responses: { ...replayResponses, ...clientProblems },
    handler: async ({ caller, params, reply }) => {
      await replay(caller, params.id);
      return reply.code(204).send();
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/integration/deliveries',
    operationId: 'staffWebhookDeliveries',
    summary: "Every client's latest webhook deliveries with tries, status and last error (staff only)",
    tags: ['staff'],
    auth: 'bearer',
    querystring: StaffDeliveryQuery,
    responses: { 200: { description: 'Newest first, at most 200', schema: WebhookDeliveryListSchema }, ...staffProblems },
    handler: async ({ caller, query, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return { items: await webhooks.deliveries(caller, { status: query.status, limit: 200 }) };
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/integration/deliveries/:id/replay',
    operationId: 'staffReplayWebhookDelivery',
    summary: 'Sends a dead (or delivered) webhook delivery again (staff only)',
    tags: ['staff'],
    auth: 'bearer',
    params: DeliveryIdParams,
    responses: { ...replayResponses, ...staffProblems },
    handler: async ({ caller, params, reply }) => {
      requireStaff(caller);
      await replay(caller, params.id);
      return reply.code(204).send();
    },
  });
}
