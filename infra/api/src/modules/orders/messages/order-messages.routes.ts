import type { FastifyInstance } from 'fastify';
import { API_ERRORS, ORDER_HISTORY_ERRORS, OrderIdParamsSchema, OrderMessageInputSchema, OrderMessageSchema, OrderMessageThreadSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrderMessagesService } from './order-messages.service';

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  404: { description: `No such order for this caller (${ORDER_HISTORY_ERRORS.NOT_FOUND})` },
};

export function registerOrderMessageRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrderMessagesService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/orders/:id/messages',
    operationId: 'listOrderMessages',
    summary: "The order's message thread, oldest first; reading marks the other side's messages read",
    tags: ['orders'],
    auth: 'bearer',
    params: OrderIdParamsSchema,
    responses: { 200: { description: 'The thread', schema: OrderMessageThreadSchema }, ...problems },
    handler: async ({ reply, caller, params }) => {
      reply.header('cache-control', 'private, no-store');
      return service.thread(caller, params.id);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders/:id/messages',
    operationId: 'writeOrderMessage',
    summary: 'Write on the order (case manager, sales consultant or the customer); the other side gets a mail in their language',
    tags: ['orders'],
    auth: 'bearer',
    params: OrderIdParamsSchema,
    body: OrderMessageInputSchema,
    responses: { 201: { description: 'The message', schema: OrderMessageSchema }, 400: { description: 'Empty or too long' }, ...problems },
    handler: async ({ reply, caller, params, body }) => {
      reply.code(201);
      return service.write(caller, params.id, body.body);
    },
  });
}
