import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  API_ERRORS,
  BUDGET_ERRORS,
  CATALOG_ERRORS,
  CHECKOUT_ERRORS,
  CheckoutPreviewRequestSchema,
  CheckoutPreviewSchema,
  CountryCodeSchema,
  ShippingMethodSchema,
  UuidSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { requireOrderingCustomer } from '../../common/scope';
import type { CheckoutService } from './checkout.service';

const problems = {
  400: { description: `${API_ERRORS.VALIDATION_FAILED} or ${CATALOG_ERRORS.SHOP_REQUIRED}` },
  401: { description: `Not signed in (${CATALOG_ERRORS.LOGIN_REQUIRED}): the client shows the login-required dialog` },
  403: { description: `A provider employee: only customer accounts can place orders (${CHECKOUT_ERRORS.CUSTOMERS_ONLY})` },
};

export function registerCheckoutRoutes(app: FastifyInstance, registry: RouteRegistry, service: CheckoutService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/checkout/shipping-methods',
    operationId: 'listShippingMethods',
    summary: 'Shipping methods offered for a delivery country, priced for what is ordered: the cart, or an accepted quotation',
    description:
      'Each price is 0 when the goods ordered (excl. VAT, before discount) reach the method\'s "free from" amount: the cart\'s, or with ' +
      '`quotation_id` the accepted quotation\'s at its quoted prices, by the rule the preview and the order charge. An empty list: no shipping method available for this country.',
    tags: ['checkout'],
    auth: 'bearer',
    querystring: v.object({ country: CountryCodeSchema, quotation_id: v.optional(UuidSchema) }),
    responses: {
      200: { description: 'The methods, cheapest first', schema: v.array(ShippingMethodSchema) },
      ...problems,
      409: { description: `${CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED}, ${CHECKOUT_ERRORS.QUOTATION_EXPIRED} or ${CHECKOUT_ERRORS.QUOTATION_ORDERED} (field quotation_id)` },
      422: { description: `${CHECKOUT_ERRORS.QUOTATION_NOT_FOUND} (field quotation_id: none of the caller's organisation)` },
    },
    handler: async ({ request, reply, query, caller }) => {
      reply.header('cache-control', 'private, no-store');
      requireOrderingCustomer(caller);
      return service.shippingMethods(await request.shopScope(), caller, query.country, query.quotation_id);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/checkout/preview',
    operationId: 'previewCheckout',
    summary: 'The totals the server would charge for the cart with a delivery country, shipping method and discount code',
    description:
      'With `cost_centre_id`, `budget` says whether the total (incl. VAT) fits what is left of that cost centre\'s budget this period, what is left, and what placement would do: ' +
      `\`fits\`, \`refused\` (${BUDGET_ERRORS.EXCEEDED}) or \`approval\` (${BUDGET_ERRORS.APPROVAL_REQUIRED}: submit it for approval). The same judgement as the charge at placement; a read, nothing reserved.`,
    tags: ['checkout'],
    auth: 'bearer',
    body: CheckoutPreviewRequestSchema,
    responses: {
      200: { description: 'Lines, totals and the applied discount', schema: CheckoutPreviewSchema },
      ...problems,
      422: {
        description: `${CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE} (field discount_code: invalid, expired, used up or another organisation's), ${CHECKOUT_ERRORS.NO_SHIPPING_METHOD} (field shipping_method: not offered for the country), ${BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED} (field cost_centre_id: not a cost centre the caller may order against, as placement refuses it)`,
      },
    },
    handler: async ({ request, body, caller }) => {
      requireOrderingCustomer(caller);
      return service.preview(await request.shopScope(), caller, body);
    },
  });
}
