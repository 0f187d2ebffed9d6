import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ERRORS, API_ERRORS, OrganisationDetailsSchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrganisationService } from './organisation.service';

export function registerOrganisationRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrganisationService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/organisation',
    operationId: 'getOrganisation',
    summary: "The caller's organisation, its contract and conditions, and the people to contact",
    tags: ['account'],
    auth: 'bearer',
    responses: {
      200: { description: 'The organisation and its contract', schema: OrganisationDetailsSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Provider staff (${ACCOUNT_ERRORS.CUSTOMERS_ONLY})` },
      404: { description: `A web-shop account without organisation (${ACCOUNT_ERRORS.NO_ORGANISATION})` },
    },
    handler: async ({ request, reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.read(caller, request.locale);
    },
  });
}
