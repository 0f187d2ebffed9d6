// The warehouse's and the ERP's routes of issue 29's "Back: shipments" (decision 050), under
// /api/integration/v1 with the OpenAPI tag Integration. The client acts for the supplier: it may
// name every organisation's orders (no organisation scope applies to it; its scope does).
import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  INTEGRATION_ERRORS,
  IntegrationOrderListQuerySchema,
  IntegrationOrderListSchema,
  IntegrationOrderParamsSchema,
  IntegrationOrderSchema,
  RECALL_ERRORS,
  SHIPMENT_ERRORS,
  ShipmentReportSchema,
  ShipmentSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { checkResponse } from '../../http/validate';
import { INTEGRATION_ORDER_EXAMPLE, INTEGRATION_ORDER_LIST_EXAMPLE, SHIPMENT_EXAMPLE, SHIPMENT_REPORT_EXAMPLE } from './shipments.examples';
import type { ShipmentsService } from './shipments.service';

const TAG = 'Integration';
const refusals = (scope: string) => ({
  401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not an integration client's token (${INTEGRATION_ERRORS.NOT_A_CLIENT}), or a client without ${scope} (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
});

export function registerShipmentsRoutes(app: FastifyInstance, registry: RouteRegistry, service: ShipmentsService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/shipments',
    operationId: 'reportShipment',
    summary: 'The warehouse reports a shipment against an order (scope shipments:write)',
    description:
      'Lines by order line id or article code, partial shipments allowed; carrier, tracking reference and https tracking URL; per line lot, ' +
      'expiry date and serial numbers (no more than the quantity), or instead the unit\'s scanned GS1 barcode as `element_string` ' +
      '(GS as ASCII 29 or `<GS>`, `]d2`/`]C1` prefixes, bracketed `(01)…(10)…` or a Digital Link; AI 01 gives the GTIN, 10 the lot, ' +
      '17 the expiry, 21 a serial, which makes the line one unit; decision 079). Idempotent by `shipment_id`: the same report again answers 200 with the ' +
      `stored shipment and changes nothing; another body under the same id is ${SHIPMENT_ERRORS.CONFLICT}. The order moves to in_shipping ` +
      'when everything is shipped, to to_be_shipped when part is; the buyer gets a mail with the tracking link. Left out, ' +
      '`expected_delivery_on` is three days after `shipped_on`.',
    tags: [TAG],
    auth: 'bearer',
    scope: 'shipments:write',
    body: ShipmentReportSchema,
    bodyExample: SHIPMENT_REPORT_EXAMPLE,
    responses: {
      200: { description: 'Reported before with the same body: the stored shipment, nothing changed', schema: ShipmentSchema, example: SHIPMENT_EXAMPLE },
      201: { description: 'Recorded', schema: ShipmentSchema, example: SHIPMENT_EXAMPLE },
      400: { description: `Bad input, e.g. a day that does not exist or an http tracking URL (${API_ERRORS.VALIDATION_FAILED})` },
      ...refusals('shipments:write'),
      404: { description: `No such order (${SHIPMENT_ERRORS.ORDER_NOT_FOUND})` },
      409: { description: `The id was reported with another body (${SHIPMENT_ERRORS.CONFLICT}), or the order cannot ship now (${SHIPMENT_ERRORS.ORDER_NOT_SHIPPABLE})` },
      422: {
        description:
          `A line is not on the order (${SHIPMENT_ERRORS.UNKNOWN_LINE}), ships more than is open (${SHIPMENT_ERRORS.OVER_SHIPPED}), ` +
          `names units under a recall (${RECALL_ERRORS.LOT_RECALLED}), or has an element_string that is not GS1 (${SHIPMENT_ERRORS.ELEMENT_STRING_INVALID}: ` +
          'each error names `lines.{i}.element_string` with the GS1 code in `values.code`, e.g. GS1_CHECK_DIGIT, GS1_INVALID_DATE)',
      },
    },
    handler: async ({ caller, body, reply }) => {
      const { replayed, shipment } = await service.report(caller, body);
      reply.header('cache-control', 'no-store');
      if (replayed) return shipment;
      // The route's checked success status is 200 (the lowest); a new shipment's 201 is checked here.
      return reply.code(201).send(checkResponse(ShipmentSchema, shipment, 'POST /integration/v1/shipments'));
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/orders/:number',
    operationId: 'integrationOrder',
    summary: 'An order with its lines, what is shipped of each, and its shipments (scope orders:read)',
    tags: [TAG],
    auth: 'bearer',
    scope: 'orders:read',
    params: IntegrationOrderParamsSchema,
    responses: {
      200: { description: 'The order', schema: IntegrationOrderSchema, example: INTEGRATION_ORDER_EXAMPLE },
      ...refusals('orders:read'),
      404: { description: `No such order (${SHIPMENT_ERRORS.ORDER_NOT_FOUND})` },
    },
    handler: async ({ params, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.order(params.number);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/orders',
    operationId: 'integrationOrders',
    summary: 'Orders oldest first, by status and placement time, paged by cursor (scope orders:read)',
    description: 'Follow `next` as `after=` until it is null. `placed_after` takes a day (UTC) or an ISO timestamp.',
    tags: [TAG],
    auth: 'bearer',
    scope: 'orders:read',
    querystring: IntegrationOrderListQuerySchema,
    responses: {
      200: { description: 'One page', schema: IntegrationOrderListSchema, example: INTEGRATION_ORDER_LIST_EXAMPLE },
      ...refusals('orders:read'),
    },
    handler: async ({ query, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.list(query);
    },
  });
}
