// The buyer's delivery note per shipment (issue 42, decision 070), from the order page.
import type { FastifyInstance } from 'fastify';
import { DeliveryNoteParamsSchema, SHIPMENT_ERRORS } from '@portal/shared/schemas';
import { requireSignedIn } from '../../../caller';
import { interfaceLocale } from '../../../http/interface-locale';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { DeliveryNoteService } from './delivery-note.service';

export function registerDeliveryNoteRoutes(app: FastifyInstance, registry: RouteRegistry, service: DeliveryNoteService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/my-orders/:number/shipments/:shipment_id/delivery-note.pdf',
    operationId: 'getDeliveryNote',
    summary: "A shipment's delivery note: its lines with lot, expiry and serial numbers, and a GS1 DataMatrix per unit holding its UDI",
    description: "In the interface's language (Accept-Language). `shipment_id` is the warehouse's id, as the order's `shipments` name it.",
    tags: ['orders'],
    auth: 'bearer',
    params: DeliveryNoteParamsSchema,
    responses: {
      200: { description: 'The PDF', contentType: 'application/pdf' },
      400: { description: 'A shipment id that cannot be one' },
      401: { description: 'Not signed in' },
      404: { description: `No such shipment of an order in the caller's organisation (${SHIPMENT_ERRORS.NOT_FOUND})` },
    },
    handler: async ({ request, reply, params, caller }) => {
      requireSignedIn(caller);
      const { fileName, bytes } = await service.download(caller, params.number, params.shipment_id, interfaceLocale(request.headers['accept-language']) ?? 'en');
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  });
}
