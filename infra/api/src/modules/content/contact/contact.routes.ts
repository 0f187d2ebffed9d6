import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ERRORS, API_ERRORS, ContactFormSchema, ContactSentSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { ContactService } from './contact.service';

export function registerContactRoutes(app: FastifyInstance, registry: RouteRegistry, service: ContactService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/contact',
    operationId: 'sendContactForm',
    summary: "Send the contact form to the organisation's case manager; the sender gets a confirmation",
    tags: ['account'],
    auth: 'bearer',
    body: ContactFormSchema,
    responses: {
      202: { description: 'The message is on its way', schema: ContactSentSchema },
      400: { description: `Invalid input, e.g. the terms not accepted (${API_ERRORS.VALIDATION_FAILED})` },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Provider staff (${ACCOUNT_ERRORS.CUSTOMERS_ONLY})` },
      429: { description: `Too many messages; try later (${API_ERRORS.RATE_LIMITED})` },
    },
    handler: async ({ body, caller, reply }) => {
      reply.code(202);
      return service.send(caller, body);
    },
  });
}
