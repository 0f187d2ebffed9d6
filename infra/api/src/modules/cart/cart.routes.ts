import type { FastifyInstance } from 'fastify';
import { AddToCartBulkSchema, AddToCartSchema, CART_ERRORS, CartSchema, CATALOG_ERRORS } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { CartService } from './cart.service';

const problems = {
  401: { description: `Not signed in (${CATALOG_ERRORS.LOGIN_REQUIRED}): the client shows the login-required dialog` },
  403: { description: `A provider employee: ordering is for customer accounts (${CATALOG_ERRORS.CUSTOMERS_ONLY})` },
  404: { description: `No such product in this shop (${CATALOG_ERRORS.PRODUCT_NOT_FOUND})` },
  409: {
    description: `${CART_ERRORS.NOT_ORDERABLE} (not within contract, price on request, not available); ${CART_ERRORS.MAXIMUM_REACHED} (\`quantity.maximumReached\`, values.count = the maximum); ${CART_ERRORS.QUANTITY_OVER_STOCK} (\`quantity.maximumAllowed\`, values.count = what can still be added)`,
  },
};

export function registerCartRoutes(app: FastifyInstance, registry: RouteRegistry, service: CartService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/cart',
    operationId: 'getCart',
    summary: "The signed-in customer's cart, priced for the shop in X-Shop-Type",
    tags: ['cart'],
    auth: 'bearer',
    responses: { 200: { description: 'The cart', schema: CartSchema }, 401: problems[401], 403: problems[403] },
    handler: async ({ request, reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.read(await request.shopScope(), caller);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/cart/items',
    operationId: 'addToCart',
    summary: 'Add a product to the cart (quantity limited by stock)',
    tags: ['cart'],
    auth: 'bearer',
    body: AddToCartSchema,
    responses: { 200: { description: 'The cart after adding', schema: CartSchema }, ...problems },
    handler: async ({ request, body, caller }) => service.add(await request.shopScope(), caller, [body], () => 'quantity'),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/cart/items/bulk',
    operationId: 'addToCartBulk',
    summary: 'Add several lines at once (quick order): all or none',
    tags: ['cart'],
    auth: 'bearer',
    body: AddToCartBulkSchema,
    responses: { 200: { description: 'The cart after adding', schema: CartSchema }, ...problems },
    handler: async ({ request, body, caller }) => service.add(await request.shopScope(), caller, body.lines, (i) => `lines.${i}.quantity`),
  });
}
