import type { FastifyInstance } from 'fastify';
import { ORDER_ERRORS, PaymentOrderParamsSchema } from '@portal/shared/schemas';
import { requireSignedIn } from '../../../caller';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrderDocumentsService } from './order-documents.service';

export function registerOrderDocumentsRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrderDocumentsService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/orders/:id/order-form.pdf',
    operationId: 'getOrderForm',
    summary: 'The order-form PDF of an order (spec section 3), the same bytes on every download',
    description: "In the buyer's language at checkout. Rendered once per order and stored.",
    tags: ['orders'],
    auth: 'bearer',
    params: PaymentOrderParamsSchema,
    responses: {
      200: { description: 'The PDF', contentType: 'application/pdf' },
      401: { description: 'Not signed in' },
      404: { description: `No such order in the caller's organisation (${ORDER_ERRORS.NOT_FOUND})` },
    },
    handler: async ({ reply, params, caller }) => {
      requireSignedIn(caller);
      const { fileName, bytes } = await service.download(caller, params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  });
}
