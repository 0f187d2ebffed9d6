// The integration clients' own route (a connection check for the supplier's systems) and the
// supplier staff's list of clients. Every integration route lives under /api/integration/v1 with
// the OpenAPI tag `Integration` (plugins/openapi.ts describes it).
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, INTEGRATION_ERRORS, IntegrationClientListSchema, IntegrationWhoAmISchema } from '@portal/shared/schemas';
import { requireIntegrationClient, requireStaff } from '../../caller';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { IntegrationClientsService } from './integration-clients.service';

/** The OpenAPI tag of every integration route. */
export const INTEGRATION_TAG = 'Integration';

export function registerIntegrationClientsRoutes(app: FastifyInstance, registry: RouteRegistry, service: IntegrationClientsService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/client',
    operationId: 'integrationClient',
    summary: 'The calling integration client: its id, name and the scopes of this token',
    description: 'A connection check for an ERP, PIM or warehouse system: needs a client-credentials token, no particular scope.',
    tags: [INTEGRATION_TAG],
    auth: 'bearer',
    responses: {
      200: {
        description: 'The client',
        schema: IntegrationWhoAmISchema,
        example: { client_id: 'a3f5c1d7-6e28-4b90-8c4a-2d7e9f1b3c65', name: 'Demo ERP', scopes: ['stock:write', 'orders:read'] },
      },
      401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not an integration client's token (${INTEGRATION_ERRORS.NOT_A_CLIENT})` },
    },
    handler: async ({ caller, reply }) => {
      requireIntegrationClient(caller);
      reply.header('cache-control', 'no-store');
      return { client_id: caller.clientId, name: caller.clientName, scopes: [...caller.scopes] };
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/integration/clients',
    operationId: 'listIntegrationClients',
    summary: "The supplier's integration clients: name, scopes, created, last secret rotation, revoked (staff only)",
    tags: ['staff'],
    auth: 'bearer',
    responses: {
      200: { description: 'The clients, by name', schema: IntegrationClientListSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not a member of the supplier's staff (${API_ERRORS.STAFF_ONLY})` },
    },
    handler: async ({ caller, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return { items: await service.list() };
    },
  });
}
