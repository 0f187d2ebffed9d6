import type { FastifyInstance } from 'fastify';
import { API_ERRORS, ORDER_HISTORY_ERRORS, OrderDetailSchema, OrderIdParamsSchema, OrderProblemReportSchema, OrderStatusChangeSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrderStatusService } from './order-status.service';

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `The caller's role cannot make this move (${ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN})` },
  404: { description: `No such order for this caller (${ORDER_HISTORY_ERRORS.NOT_FOUND})` },
};

export function registerOrderStatusRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrderStatusService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders/:id/status',
    operationId: 'moveOrderStatus',
    summary: 'Staff move an order: processing, to be shipped, in shipping (tracking reference and expected date), delivered',
    tags: ['orders'],
    auth: 'bearer',
    params: OrderIdParamsSchema,
    body: OrderStatusChangeSchema,
    responses: {
      200: { description: 'The order after the move', schema: OrderDetailSchema },
      400: { description: 'Bad input (tracking reference and expected date are required for in_shipping)' },
      ...problems,
      409: { description: `${ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED} (not in the table from the current status), ${ORDER_HISTORY_ERRORS.PAYMENT_STATE} (payment flow only)` },
    },
    handler: async ({ request, caller, params, body }) => service.move(caller, params.id, body, request.locale),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders/:id/confirm-delivery',
    operationId: 'confirmOrderDelivery',
    summary: 'The buyer confirms delivery (who and when); an order in shipping past its expected date becomes delivered',
    tags: ['orders'],
    auth: 'bearer',
    params: OrderIdParamsSchema,
    responses: {
      200: { description: 'The order after confirming', schema: OrderDetailSchema },
      ...problems,
      409: { description: `Not delivered yet, or already confirmed (${ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE})` },
    },
    handler: async ({ request, caller, params }) => service.confirmDelivery(caller, params.id, request.locale),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders/:id/problems',
    operationId: 'reportOrderProblem',
    summary: 'The buyer reports missing or damaged lines; the case manager gets a message and a mail',
    tags: ['orders'],
    auth: 'bearer',
    params: OrderIdParamsSchema,
    body: OrderProblemReportSchema,
    responses: {
      200: { description: 'The order', schema: OrderDetailSchema },
      400: { description: 'Bad input' },
      ...problems,
      409: { description: `Not shipped yet (${ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE})` },
      422: { description: `A line or quantity not on the order (${ORDER_HISTORY_ERRORS.UNKNOWN_LINE})` },
    },
    handler: async ({ request, caller, params, body }) => service.reportProblem(caller, params.id, body, request.locale),
  });
}
