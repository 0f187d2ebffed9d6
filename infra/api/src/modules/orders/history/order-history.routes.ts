import type { FastifyInstance } from 'fastify';
import { API_ERRORS, ORDER_HISTORY_ERRORS, OrderDetailSchema, OrderListQuerySchema, OrderListSchema, OrderNumberParamsSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrderHistoryService } from './order-history.service';

const unauthorized = { description: `Not signed in, or an anonymous session (${API_ERRORS.UNAUTHORIZED})` };

export function registerOrderHistoryRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrderHistoryService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/orders',
    operationId: 'listOrders',
    summary: "The caller's organisation's orders (staff: the assigned organisations'), newest first",
    description: 'Search `q` matches the order number, the external order number, and product names and codes on the lines.',
    tags: ['orders'],
    auth: 'bearer',
    querystring: OrderListQuerySchema,
    responses: { 200: { description: 'One page of orders', schema: OrderListSchema }, 400: { description: 'Bad filter' }, 401: unauthorized },
    handler: async ({ reply, caller, query }) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(caller, query);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/my-orders/:number',
    operationId: 'getOrderHistoryDetail',
    summary: 'One order with lines, addresses, submitter, status timeline and what the caller may do next',
    tags: ['orders'],
    auth: 'bearer',
    params: OrderNumberParamsSchema,
    responses: {
      200: { description: 'The order', schema: OrderDetailSchema },
      401: unauthorized,
      404: { description: `No such order for this caller (${ORDER_HISTORY_ERRORS.NOT_FOUND})` },
    },
    handler: async ({ request, reply, caller, params }) => {
      reply.header('cache-control', 'private, no-store');
      return service.detail(caller, { number: params.number }, request.locale);
    },
  });
}
