import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  AddToCartBulkSchema,
  AddToCartSchema,
  CART_ERRORS,
  CartMergeRequestSchema,
  CartMergeResultSchema,
  CartSchema,
  CATALOG_ERRORS,
  SetCartQuantitySchema,
  UuidSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { CartService } from './cart.service';

const problems = {
  401: { description: `Not signed in, nor an anonymous session in a public shop (${CATALOG_ERRORS.LOGIN_REQUIRED}): the client shows the login-required dialog` },
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

  const ProductParams = v.object({ productId: UuidSchema });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/cart/items/:productId',
    operationId: 'setCartQuantity',
    summary: "Set a line's quantity (at most what can be ordered)",
    tags: ['cart'],
    auth: 'bearer',
    params: ProductParams,
    body: SetCartQuantitySchema,
    responses: {
      200: { description: 'The cart after the change', schema: CartSchema },
      ...problems,
      404: { description: `Not in the cart (${CART_ERRORS.LINE_NOT_FOUND}) or no such product in this shop (${CATALOG_ERRORS.PRODUCT_NOT_FOUND})` },
    },
    handler: async ({ request, params, body, caller }) => service.set(await request.shopScope(), caller, params.productId, body.quantity),
  });

  defineRoute(app, registry, {
    method: 'DELETE',
    url: '/v1/cart/items/:productId',
    operationId: 'removeFromCart',
    summary: 'Remove a line from the cart (nothing happens when it is not there)',
    tags: ['cart'],
    auth: 'bearer',
    params: ProductParams,
    responses: { 200: { description: 'The cart after removing', schema: CartSchema }, 401: problems[401], 403: problems[403] },
    handler: async ({ request, params, caller }) => service.remove(await request.shopScope(), caller, params.productId),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/cart/merge',
    operationId: 'mergeCart',
    summary: "Merge a visitor's anonymous cart into the signed-in customer's cart (after sign-in)",
    description:
      'Quantities are capped by stock and contract; `changes` lists every line that was reduced or left out. The anonymous cart is emptied in the same transaction, so a second merge adds nothing.',
    tags: ['cart'],
    auth: 'bearer',
    body: CartMergeRequestSchema,
    responses: {
      200: { description: 'The merged cart and what changed', schema: CartMergeResultSchema },
      401: problems[401],
      403: problems[403],
      422: { description: `The token is not a valid anonymous session (${CART_ERRORS.MERGE_TOKEN_INVALID})` },
    },
    handler: async ({ request, body, caller }) => service.merge(await request.shopScope(), caller, body.anonymous_token),
  });
}
