// The procurement orders' routes (issue 34, decision 053): the cXML OrderRequest after a punchout
// (authenticated by its Sender credential, answered in cXML), the Peppol Order handed over by the
// access point (an integration client with the scope peppol:receive), and the staff's list of
// received Peppol orders and their Order Responses.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { API_ERRORS, INTEGRATION_ERRORS, PROCUREMENT_ORDER_ERRORS, ReceivedPeppolOrderSchema, StaffPeppolOrderListSchema } from '@portal/shared/schemas';
import { requireStaff } from '../../../caller';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { CxmlRefusal, statusResponse } from '../protocol/cxml-envelope';
import { PeppolOrderRefused } from '../protocol/peppol-order';
import { XML_LIMITS, XmlRefused } from '../protocol/xml';
import type { ProcurementOrdersService } from './procurement-orders.service';

const XML = 'text/xml; charset=utf-8';

/** `host`: the portal's, as the payloadID of its cXML answers names it. */
export function registerProcurementOrderRoutes(app: FastifyInstance, registry: RouteRegistry, service: ProcurementOrdersService, host: string) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/punchout/cxml/order',
    operationId: 'receiveCxmlOrder',
    summary: 'A procurement system places a cXML OrderRequest (text/xml; the Sender credential authenticates it)',
    description:
      'Placed as the portal places an order: contract prices (a UnitPrice that differs refuses the order), stock taken the same way, idempotent by ' +
      'the buyer\'s orderID (the same order again answers 200 and changes nothing; another order under the same orderID 409). Answered with a cXML ' +
      'Response whose Status code is also the HTTP status: 200, 400 (not readable, unknown part, price), 401 (credential), 403, 406 (not a new order), 409 (stock, orderID).',
    tags: ['procurement'],
    auth: 'none',
    bodyLimit: XML_LIMITS.cxmlOrder,
    responses: {
      200: { description: 'cXML Response, Status 200', contentType: XML },
      400: { description: 'cXML Response with the reason', contentType: XML },
      401: { description: 'cXML Response: unknown sender or wrong shared secret', contentType: XML },
      403: { description: 'cXML Response: the identity may not order', contentType: XML },
      406: { description: 'cXML Response: not a new order', contentType: XML },
      409: { description: 'cXML Response: stock short, or the orderID used for another order', contentType: XML },
    },
    handler: async ({ request, reply }) => {
      reply.type(XML).header('cache-control', 'no-store');
      try {
        if (typeof request.body !== 'string') throw new CxmlRefusal(400, 'Send the cXML document as text/xml or application/xml');
        const answer = await service.receiveCxml(request.body);
        return reply.code(answer.status).send(statusResponse(host, answer.status, answer.text));
      } catch (err) {
        if (err instanceof CxmlRefusal) return reply.code(err.status).send(statusResponse(host, err.status, err.message));
        throw err;
      }
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/peppol/orders',
    operationId: 'receivePeppolOrder',
    summary: 'The access point hands over a received Peppol BIS Ordering 3 Order (application/xml; scope peppol:receive)',
    description:
      "The buyer party's EndpointID names the organisation; lines are matched by SellersItemIdentification (article code), StandardItemIdentification " +
      "0160 (GTIN) or BuyersItemIdentification; what can be placed is placed at the contract's prices. Answered with an Order Response (AP, RE, or CA " +
      'with per-line status codes) sent back through the access point. The same order again answers the first outcome (`replayed`) and changes nothing.',
    tags: ['Integration'],
    auth: 'bearer',
    scope: 'peppol:receive',
    bodyLimit: XML_LIMITS.peppolOrder,
    responses: {
      200: {
        description: 'What became of the order and its Order Response',
        schema: ReceivedPeppolOrderSchema,
        // Two of the four lines were short of stock: placed at what was there, answered CA.
        example: {
          id: '5b0c2f9e-8d1a-4c3e-9f47-2a6d1e0b7c55',
          buyer_order_id: 'PO-2026-00871',
          order_id: '9e3f6a12-4b7d-4f0a-8c21-6d5e4a3b2c10',
          order_number: 'SO-2026-010112',
          response_code: 'CA',
          response_note: 'Line 2 and line 4: fewer than ordered in stock',
          response_status: 'sent',
          replayed: false,
        },
      },
      400: { description: `Not readable XML (${PROCUREMENT_ORDER_ERRORS.XML_REFUSED}): not well-formed, a DTD with an internal subset, an entity declaration, over 1 MiB` },
      401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not an integration client (${INTEGRATION_ERRORS.NOT_A_CLIENT}) or without peppol:receive (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
      422: { description: `Not a Peppol Order the portal can answer (${PROCUREMENT_ORDER_ERRORS.NOT_AN_ORDER})` },
    },
    handler: async ({ request }) => {
      if (typeof request.body !== 'string') throw new AppError(400, PROCUREMENT_ORDER_ERRORS.XML_REFUSED, 'Send the UBL Order as application/xml');
      try {
        return await service.receivePeppol(request.body);
      } catch (err) {
        if (err instanceof XmlRefused) throw new AppError(400, PROCUREMENT_ORDER_ERRORS.XML_REFUSED, err.message);
        if (err instanceof PeppolOrderRefused) throw new AppError(422, PROCUREMENT_ORDER_ERRORS.NOT_AN_ORDER, err.message);
        throw err;
      }
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/procurement/peppol-orders',
    operationId: 'listReceivedPeppolOrders',
    summary: "Received Peppol orders of the staff member's organisations and their Order Responses, newest first",
    tags: ['procurement'],
    auth: 'bearer',
    querystring: v.object({}),
    responses: {
      200: { description: 'The received orders (at most 50)', schema: StaffPeppolOrderListSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not staff (${API_ERRORS.STAFF_ONLY})` },
    },
    handler: async ({ reply, caller }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      const rows = await service.listPeppol(caller, 50);
      return { items: rows.map((r) => ({ ...r, received_at: r.received_at.toISOString() })) };
    },
  });
}
