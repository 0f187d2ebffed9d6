import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { API_ERRORS, BUDGET_ERRORS, CATALOG_ERRORS, CHECKOUT_ERRORS, CheckoutSchema, IDEMPOTENCY_KEY_HEADER, ORDER_ERRORS, OrderSchema, PlacedOrderSchema, PUNCHOUT_ERRORS, UuidSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { signInSessionOf } from '../../../http/sign-in-session';
import { requireOrderingCustomer } from '../../../common/scope';
import type { OrdersService } from './orders.service';

const IdParams = v.object({ id: UuidSchema });

export function registerOrderRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrdersService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders',
    operationId: 'placeOrder',
    summary: "Place the caller's cart as an order (header Idempotency-Key required)",
    description:
      'Every price, discount, shipping cost and VAT is computed by the server from the database; the body carries choices only. ' +
      'Contract customers order on account (`ordered`); web-shop customers get `payment_pending` and the `payment_url` of the hosted payment page. ' +
      'The same Idempotency-Key with the same body answers the same order (header `idempotent-replayed: true`); with another body 422; while the first request runs 409.',
    tags: ['orders'],
    auth: 'bearer',
    body: CheckoutSchema,
    responses: {
      201: { description: 'The placed order', schema: PlacedOrderSchema },
      400: { description: `${API_ERRORS.VALIDATION_FAILED} (e.g. the declaration not ticked) or ${CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REQUIRED}` },
      401: { description: `Not signed in (${CATALOG_ERRORS.LOGIN_REQUIRED})` },
      403: { description: `A provider employee (${CHECKOUT_ERRORS.CUSTOMERS_ONLY})` },
      409: {
        description: `${CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS}, ${CHECKOUT_ERRORS.CART_BUSY} (the cart kept changing under the placement), ${CHECKOUT_ERRORS.CART_EMPTY}, ${CHECKOUT_ERRORS.OUT_OF_STOCK} (\`lines\`: product_id, name, requested, available), ${CHECKOUT_ERRORS.NOT_ORDERABLE} (\`lines\`), ${BUDGET_ERRORS.EXCEEDED} or ${BUDGET_ERRORS.APPROVAL_REQUIRED} (the total is over what is left of the cost centre's budget: \`remaining_cents\`, \`cost_centre\`; with the latter, submit the same body to POST /v1/approval-requests), ${PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT} (the caller's sign-in is an open punchout session: the cart goes back to the procurement system, which orders it)`,
      },
      422: {
        description: `${CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REUSED}, ${CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE} (field discount_code), ${CHECKOUT_ERRORS.NO_SHIPPING_METHOD} (field shipping_method), ${CHECKOUT_ERRORS.ADDRESS_NOT_FOUND} (field billing_address_id / delivery_address_id), ${BUDGET_ERRORS.COST_CENTRE_REQUIRED} / ${BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED} (field cost_centre_id)`,
      },
    },
    handler: async ({ request, reply, body, caller }) => {
      requireOrderingCustomer(caller);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { order, replayed } = await service.place(await request.shopScope(), caller, typeof header === 'string' ? header : undefined, body, request.locale, signInSessionOf(request));
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.code(201);
      return order;
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/orders/:id',
    operationId: 'getOrder',
    summary: 'One order with its lines, addresses and totals (the confirmation page)',
    tags: ['orders'],
    auth: 'bearer',
    params: IdParams,
    responses: {
      200: { description: 'The order', schema: OrderSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      404: { description: `No such order for the caller (${ORDER_ERRORS.NOT_FOUND}); another organisation's order answers the same` },
    },
    handler: async ({ request, reply, params, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(caller, params.id, request.locale);
    },
  });
}
