// The integration clients' own route (a connection check for the supplier's systems), the
// supplier staff's list of clients, and (issue 44) their creation, rotation and revocation by a
// staff member whose role manages them (decision 062). Every integration route lives under /api/integration/v1 with
// the OpenAPI tag `Integration` (plugins/openapi.ts describes it).
import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  INTEGRATION_ERRORS,
  IntegrationClientCreateSchema,
  IntegrationClientIdParamsSchema,
  IntegrationClientListSchema,
  IntegrationClientRotateSchema,
  IntegrationClientSecretSchema,
  IntegrationClientSummarySchema,
  IntegrationWhoAmISchema,
  MAX_ROTATION_OVERLAP_HOURS,
} from '@portal/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { requireIntegrationClient, requireIntegrationManager, requireStaff } from '../../caller';
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

  // Issue 44: the staff manage the clients while the portal runs (the ops CLI needs it stopped on PGlite).
  const manageProblems = {
    400: { description: `Invalid input (${API_ERRORS.VALIDATION_FAILED})` },
    401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
    403: { description: `Not staff (${API_ERRORS.STAFF_ONLY}) or a staff role that does not manage clients (${INTEGRATION_ERRORS.MANAGER_ROLE_REQUIRED})` },
  };
  const ctxOf = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });
  const secretExample = {
    client: {
      id: 'a3f5c1d7-6e28-4b90-8c4a-2d7e9f1b3c65',
      name: 'Acme ERP',
      scopes: ['stock:write', 'orders:read'],
      created_at: '2026-11-27T08:00:00.000Z',
      last_rotated_at: '2026-11-27T08:00:00.000Z',
      revoked_at: null,
    },
    client_secret: 'Zr8kq3v1G2mW9xT4pL7nB0cY5hJ6dF2sA1eQ8uR3oI4',
    old_secrets_valid_until: null,
  };

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/integration/clients',
    operationId: 'createIntegrationClient',
    summary: 'A new integration client with its scopes; its secret is in this answer only (staff who manage clients)',
    tags: ['staff'],
    auth: 'bearer',
    body: IntegrationClientCreateSchema,
    bodyExample: { name: 'Acme ERP', scopes: ['stock:write', 'orders:read'] },
    responses: {
      201: { description: 'The client and its secret (shown this once)', schema: IntegrationClientSecretSchema, example: secretExample },
      ...manageProblems,
      409: { description: `Another client has this name (${INTEGRATION_ERRORS.CLIENT_NAME_TAKEN})` },
    },
    handler: async ({ caller, body, request, reply }) => {
      requireIntegrationManager(caller);
      const created = await service.create(caller, body, ctxOf(request));
      reply.code(201).header('cache-control', 'no-store');
      return created;
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/integration/clients/:id/rotate',
    operationId: 'rotateIntegrationClientSecret',
    summary: `A new secret for the client; the previous ones stay valid for overlap_hours (0 to ${MAX_ROTATION_OVERLAP_HOURS}; 0 ends them now)`,
    tags: ['staff'],
    auth: 'bearer',
    params: IntegrationClientIdParamsSchema,
    body: IntegrationClientRotateSchema,
    bodyExample: { overlap_hours: 24 },
    responses: {
      200: {
        description: 'The client and its new secret (shown this once)',
        schema: IntegrationClientSecretSchema,
        example: { ...secretExample, old_secrets_valid_until: '2026-11-28T08:00:00.000Z' },
      },
      ...manageProblems,
      404: { description: `No such client (${INTEGRATION_ERRORS.CLIENT_NOT_FOUND})` },
      409: { description: `The client is revoked (${INTEGRATION_ERRORS.CLIENT_ALREADY_REVOKED})` },
    },
    handler: async ({ caller, params, body, request, reply }) => {
      requireIntegrationManager(caller);
      reply.header('cache-control', 'no-store');
      return service.rotate(caller, params.id, body.overlap_hours, ctxOf(request));
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/integration/clients/:id/revoke',
    operationId: 'revokeIntegrationClient',
    summary: "Revokes the client: it gets no new token and the tokens it holds are refused at once, on every instance",
    tags: ['staff'],
    auth: 'bearer',
    params: IntegrationClientIdParamsSchema,
    responses: {
      200: { description: 'The revoked client', schema: IntegrationClientSummarySchema },
      ...manageProblems,
      404: { description: `No such client (${INTEGRATION_ERRORS.CLIENT_NOT_FOUND})` },
      409: { description: `Revoked already (${INTEGRATION_ERRORS.CLIENT_ALREADY_REVOKED})` },
    },
    handler: async ({ caller, params, request, reply }) => {
      requireIntegrationManager(caller);
      reply.header('cache-control', 'no-store');
      return service.revoke(caller, params.id, ctxOf(request));
    },
  });
}
