import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  ORDER_LIST_ERRORS,
  OrderListAddLinesSchema,
  OrderListCreateSchema,
  OrderListDetailSchema,
  OrderListIdParamsSchema,
  OrderListLineParamsSchema,
  OrderListLineUpdateSchema,
  OrderListOrderResultSchema,
  OrderListOrderSchema,
  OrderListsSchema,
  OrderListUpdateSchema,
} from '@portal/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { OrderListsService } from './order-lists.service';

/** Lists are an organisation's, priced and ranged by its contract: always the portal's scope, read after the caller is checked. */
const portalScope = (request: FastifyRequest) => () => request.shopScope('portal');

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Provider staff (${ORDER_LIST_ERRORS.CUSTOMERS_ONLY}), or a web-shop customer, who has no organisation (${ORDER_LIST_ERRORS.ORGANISATION_ONLY})` },
  404: { description: `No such list for this caller: another organisation's, or another member's private list (${ORDER_LIST_ERRORS.NOT_FOUND})` },
};
const ok = { description: 'The list, its lines flagged where they cannot be ordered as they are', schema: OrderListDetailSchema };
const badInput = { description: 'Bad input' };
const unknownProduct = { description: `A product the shop does not show (${ORDER_LIST_ERRORS.PRODUCT_NOT_FOUND})` };

export function registerOrderListRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrderListsService) {
  const common = { tags: ['order-lists'], auth: 'bearer' as const };

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/order-lists',
    operationId: 'listOrderLists',
    summary: "The caller's order lists and the ones shared with their active organisation",
    responses: { 200: { description: 'The lists', schema: OrderListsSchema }, 401: problems[401], 403: problems[403] },
    handler: async ({ reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(caller);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/order-lists',
    operationId: 'createOrderList',
    summary: 'Make a list (private, or shared with the organisation), optionally with its first lines',
    body: OrderListCreateSchema,
    responses: { 201: ok, 400: badInput, 401: problems[401], 403: problems[403], 422: unknownProduct },
    handler: async ({ request, reply, caller, body }) => {
      reply.code(201);
      return service.create(portalScope(request), caller, body);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/order-lists/:id',
    operationId: 'getOrderList',
    summary: 'One list with its lines as the shop shows their products now',
    params: OrderListIdParamsSchema,
    responses: { 200: ok, ...problems },
    handler: async ({ request, reply, caller, params }) => {
      reply.header('cache-control', 'private, no-store');
      return service.detail(portalScope(request), caller, params.id);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'PATCH',
    url: '/v1/order-lists/:id',
    operationId: 'updateOrderList',
    summary: "Rename, share or unshare a list (its author or an organisation's administrator)",
    params: OrderListIdParamsSchema,
    body: OrderListUpdateSchema,
    responses: { 200: ok, 400: badInput, ...problems, 403: { description: `${problems[403].description}; not the list's author nor an administrator (${ORDER_LIST_ERRORS.NOT_MANAGER})` } },
    handler: async ({ request, caller, params, body }) => service.update(portalScope(request), caller, params.id, body),
  });

  defineRoute(app, registry, {
    ...common,
    method: 'DELETE',
    url: '/v1/order-lists/:id',
    operationId: 'deleteOrderList',
    summary: "Delete a list (its author or an organisation's administrator)",
    params: OrderListIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, ...problems, 403: { description: `${problems[403].description}; not the list's author nor an administrator (${ORDER_LIST_ERRORS.NOT_MANAGER})` } },
    handler: async ({ reply, caller, params }) => {
      await service.remove(caller, params.id);
      return reply.code(204).send();
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/order-lists/:id/lines',
    operationId: 'addOrderListLines',
    summary: 'Add products to a list (from a product page, quick order or a past order); a product already there gets the quantity added',
    params: OrderListIdParamsSchema,
    body: OrderListAddLinesSchema,
    responses: { 200: ok, 400: badInput, ...problems, 409: { description: `The list would hold too many products (${ORDER_LIST_ERRORS.TOO_MANY_LINES})` }, 422: unknownProduct },
    handler: async ({ request, caller, params, body }) => service.addLines(portalScope(request), caller, params.id, body.lines),
  });

  defineRoute(app, registry, {
    ...common,
    method: 'PUT',
    url: '/v1/order-lists/:id/lines/:productId',
    operationId: 'setOrderListLine',
    summary: "Change a line's quantity (and note)",
    params: OrderListLineParamsSchema,
    body: OrderListLineUpdateSchema,
    responses: { 200: ok, 400: badInput, ...problems, 404: { description: `${problems[404].description}; not on the list (${ORDER_LIST_ERRORS.LINE_NOT_FOUND})` } },
    handler: async ({ request, caller, params, body }) => service.setLine(portalScope(request), caller, params.id, params.productId, body.quantity, body.note),
  });

  defineRoute(app, registry, {
    ...common,
    method: 'DELETE',
    url: '/v1/order-lists/:id/lines/:productId',
    operationId: 'removeOrderListLine',
    summary: 'Remove a product from a list',
    params: OrderListLineParamsSchema,
    responses: { 200: ok, ...problems, 404: { description: `${problems[404].description}; not on the list (${ORDER_LIST_ERRORS.LINE_NOT_FOUND})` } },
    handler: async ({ request, caller, params }) => service.removeLine(portalScope(request), caller, params.id, params.productId),
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/order-lists/:id/order',
    operationId: 'orderOrderList',
    summary: 'Put the whole list, or the chosen products, in the cart; reports what could not go in and why',
    description:
      'What can be ordered goes in in one add (at most what stock allows beside what the cart holds). A product that left the contract range, is out of stock or on price request is reported in `not_added` and stays on the list.',
    params: OrderListIdParamsSchema,
    body: OrderListOrderSchema,
    responses: {
      200: { description: 'What went in the cart and what did not', schema: OrderListOrderResultSchema },
      400: badInput,
      ...problems,
      404: { description: `${problems[404].description}; a chosen product is not on the list (${ORDER_LIST_ERRORS.LINE_NOT_FOUND})` },
      409: { description: 'The cart refused the add (it changed meanwhile): try again' },
    },
    handler: async ({ request, caller, params, body }) => service.order(portalScope(request), caller, params.id, body.product_ids),
  });
}
