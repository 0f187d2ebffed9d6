import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  DESPATCH_DELIVERY_ERRORS,
  DespatchDeliveryParamsSchema,
  FailedDeliveriesSchema,
  INVOICE_DELIVERY_ERRORS,
  INVOICE_ERRORS,
  InvoiceDeliveryParamsSchema,
  InvoiceDeliveryStateSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { FAILED_DELIVERIES_EXAMPLE } from './invoice-delivery.examples';
import type { InvoiceDeliveryService } from './invoice-delivery.service';

export function registerInvoiceDeliveryRoutes(app: FastifyInstance, registry: RouteRegistry, service: InvoiceDeliveryService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/invoices/:id/delivery/retry',
    operationId: 'retryInvoiceDelivery',
    summary: "Staff of the invoice's organisation send a failed delivery again (Peppol and mail), or over a channel the organisation gained since",
    tags: ['invoices'],
    auth: 'bearer',
    params: InvoiceDeliveryParamsSchema,
    responses: {
      200: { description: 'The delivery, queued again', schema: InvoiceDeliveryStateSchema },
      400: { description: 'Not an invoice id' },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not staff (${INVOICE_DELIVERY_ERRORS.STAFF_ONLY})` },
      404: { description: `No such invoice for this caller (${INVOICE_ERRORS.NOT_FOUND})` },
      409: { description: `Nothing has failed (${INVOICE_DELIVERY_ERRORS.NOT_FAILED})` },
    },
    handler: async ({ caller, params }) => service.retry(caller, params.id),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/despatch-advices/:id/delivery/retry',
    operationId: 'retryDespatchAdviceDelivery',
    summary: "Staff of the shipment's organisation send its failed Peppol Despatch Advice again (decision 083)",
    tags: ['shipments'],
    auth: 'bearer',
    params: DespatchDeliveryParamsSchema,
    responses: {
      200: { description: 'The delivery, queued again', schema: InvoiceDeliveryStateSchema },
      400: { description: 'Not a Despatch Advice id' },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not staff (${INVOICE_DELIVERY_ERRORS.STAFF_ONLY})` },
      404: { description: `No such Despatch Advice for this caller (${DESPATCH_DELIVERY_ERRORS.NOT_FOUND})` },
      409: { description: `Nothing has failed (${INVOICE_DELIVERY_ERRORS.NOT_FAILED})` },
    },
    handler: async ({ caller, params }) => service.retryDespatchAdvice(caller, params.id),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/failed-deliveries',
    operationId: 'listFailedDeliveries',
    summary: "The Peppol and mail deliveries given up on among the staff's organisations: e-invoices and Despatch Advices (decision 083)",
    tags: ['invoices'],
    auth: 'bearer',
    responses: {
      200: { description: 'The failed deliveries, latest first', schema: FailedDeliveriesSchema, example: FAILED_DELIVERIES_EXAMPLE },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not staff (${INVOICE_DELIVERY_ERRORS.STAFF_ONLY})` },
    },
    handler: async ({ caller }) => service.failed(caller),
  });
}
