import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  INVOICE_ERRORS,
  InvoiceCreatedSchema,
  InvoiceCreditNoteInputSchema,
  InvoiceDetailSchema,
  InvoiceIdParamsSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceNumberParamsSchema,
  InvoicePaymentInputSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { INVOICE_PAYMENT_EXAMPLE, PAID_INVOICE_EXAMPLE } from './invoices.examples';
import type { InvoicesService } from './invoices.service';

const unauthorized = { description: `Not signed in, or an anonymous session (${API_ERRORS.UNAUTHORIZED})` };
const notFound = { description: `No such invoice for this caller (${INVOICE_ERRORS.NOT_FOUND})` };
const staffOnly = { description: `A buyer of the invoice's organisation: staff only (${INVOICE_ERRORS.STAFF_ONLY})` };

export function registerInvoicesRoutes(app: FastifyInstance, registry: RouteRegistry, service: InvoicesService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/invoices',
    operationId: 'listInvoices',
    summary: "The caller's organisation's invoices and credit notes (staff: the assigned organisations'), newest first",
    description: 'Filters: status, issue period (`from`, `to`), one order, and for staff one organisation.',
    tags: ['invoices'],
    auth: 'bearer',
    querystring: InvoiceListQuerySchema,
    responses: { 200: { description: 'One page of documents', schema: InvoiceListSchema }, 400: { description: 'Bad filter' }, 401: unauthorized },
    handler: async ({ reply, caller, query }) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(caller, query);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/invoices/:id',
    operationId: 'getInvoice',
    summary: 'One invoice or credit note: lines, VAT breakdown, payment reference, credit notes',
    tags: ['invoices'],
    auth: 'bearer',
    params: InvoiceIdParamsSchema,
    responses: { 200: { description: 'The document', schema: InvoiceDetailSchema }, 400: { description: 'Not an id' }, 401: unauthorized, 404: notFound },
    handler: async ({ reply, caller, params }) => {
      reply.header('cache-control', 'private, no-store');
      return service.detail(caller, params.id);
    },
  });

  for (const [which, suffix, contentType] of [
    ['pdf', 'invoice.pdf', 'application/pdf'],
    ['ubl', 'ubl.xml', 'application/xml'],
  ] as const) {
    defineRoute(app, registry, {
      method: 'GET',
      url: `/v1/invoices/:id/${suffix}`,
      operationId: which === 'pdf' ? 'getInvoicePdf' : 'getInvoiceUbl',
      summary: which === 'pdf' ? "The invoice's PDF in the buyer's language" : 'The Peppol BIS Billing 3.0 UBL document',
      description: 'Rendered once at issue and stored: the same bytes on every download.',
      tags: ['invoices'],
      auth: 'bearer',
      params: InvoiceIdParamsSchema,
      responses: { 200: { description: 'The document', contentType }, 400: { description: 'Not an id' }, 401: unauthorized, 404: notFound },
      handler: async ({ reply, caller, params }) => {
        const { fileName, bytes } = await service.file(caller, params.id, which);
        return reply
          .type(which === 'pdf' ? contentType : `${contentType}; charset=utf-8`)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(bytes);
      },
    });
  }

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/invoices/:id/payments',
    operationId: 'recordInvoicePayment',
    summary: 'Staff: payment received (the invoice becomes paid)',
    tags: ['invoices'],
    auth: 'bearer',
    params: InvoiceIdParamsSchema,
    body: InvoicePaymentInputSchema,
    responses: {
      200: { description: 'The invoice, paid', schema: InvoiceDetailSchema },
      400: { description: 'Bad input (a day that does not exist, or in the future)' },
      401: unauthorized,
      403: staffOnly,
      404: notFound,
      409: { description: `Not open or overdue, or a credit note (${INVOICE_ERRORS.NOT_PAYABLE})` },
    },
    handler: async ({ caller, params, body }) => service.pay(caller, params.id, body),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/invoices/:id/credit-notes',
    operationId: 'createInvoiceCreditNote',
    summary: 'Staff: a credit note for cancelled or returned quantities of the invoice, referencing it',
    tags: ['invoices'],
    auth: 'bearer',
    params: InvoiceIdParamsSchema,
    body: InvoiceCreditNoteInputSchema,
    responses: {
      201: { description: 'The credit note issued', schema: InvoiceCreatedSchema },
      400: { description: 'Bad input' },
      401: unauthorized,
      403: staffOnly,
      404: notFound,
      409: { description: `A credit note cannot be credited (${INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE})` },
      422: { description: `A line not on the invoice, or more than it still holds (${INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE})` },
    },
    handler: async ({ reply, caller, params, body }) => {
      reply.code(201);
      return service.credit(caller, params.id, body);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/invoices/:number/payments',
    operationId: 'integrationRecordInvoicePayment',
    summary: "The supplier's accounting system: payment received for an invoice (scope payments:write)",
    description:
      'Names the invoice by its number (`YYYY-NNNNNN`); `paid_on` is the day the money arrived (today when left out, never a day to come). ' +
      'Recording a payment already recorded answers the paid invoice and changes nothing, so a retry is safe.',
    tags: ['Integration'],
    auth: 'bearer',
    scope: 'payments:write',
    params: InvoiceNumberParamsSchema,
    body: InvoicePaymentInputSchema,
    bodyExample: INVOICE_PAYMENT_EXAMPLE,
    responses: {
      200: { description: 'The invoice, paid', schema: InvoiceDetailSchema, example: PAID_INVOICE_EXAMPLE },
      400: { description: 'Bad input (not an invoice number, a day that does not exist or is to come)' },
      401: unauthorized,
      403: { description: 'Not an integration client, or a client without the scope payments:write' },
      404: notFound,
      409: { description: `A credit note or a credited invoice (${INVOICE_ERRORS.NOT_PAYABLE})` },
    },
    handler: async ({ caller, params, body }) => {
      return service.payByClient(caller, params.number, body);
    },
  });
}
