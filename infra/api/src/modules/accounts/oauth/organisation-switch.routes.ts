// GET /api/v1/me/organisations and POST /api/v1/me/organisation: the header's organisation picker
// (decision 057). In the oauth module because the switch issues tokens and moves a refresh-token family.
import type { FastifyInstance } from 'fastify';
import {
  MemberOrganisationListSchema,
  ORGANISATION_SWITCH_ERRORS,
  OrganisationSwitchInputSchema,
  TokenResponseSchema,
} from '@portal/shared/schemas';
import { requireSignedIn } from '../../../caller';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OrganisationSwitchService } from './organisation-switch.service';

export function registerOrganisationSwitchRoutes(app: FastifyInstance, registry: RouteRegistry, service: OrganisationSwitchService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/me/organisations',
    operationId: 'listMyOrganisations',
    summary: 'The organisations the caller may act for',
    description: 'The active memberships of the signed-in user; `current` marks the one the access token acts for. Staff have none.',
    tags: ['auth'],
    auth: 'bearer',
    responses: { 200: { description: 'The organisations', schema: MemberOrganisationListSchema }, 401: { description: 'Not signed in (UNAUTHORIZED)' } },
    handler: async ({ reply, caller }) => {
      requireSignedIn(caller);
      reply.header('cache-control', 'private, no-store');
      return service.list(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/me/organisation',
    operationId: 'switchOrganisation',
    summary: 'Act for another of the caller\'s organisations',
    description:
      'Moves the session to another organisation the user is an active member of and answers new tokens for it (the ' +
      'refresh token sent, the session\'s current one, is spent; the session keeps its absolute end). Written to the audit log.',
    tags: ['auth'],
    auth: 'bearer',
    body: OrganisationSwitchInputSchema,
    bodyLimit: 4 * 1024,
    responses: {
      200: { description: 'Tokens acting for the chosen organisation', schema: TokenResponseSchema },
      400: { description: `VALIDATION_FAILED, or ${ORGANISATION_SWITCH_ERRORS.SESSION_INVALID}` },
      401: { description: 'Not signed in (UNAUTHORIZED)' },
      403: { description: `${ORGANISATION_SWITCH_ERRORS.NOT_A_MEMBER} (no active membership), ${ORGANISATION_SWITCH_ERRORS.CUSTOMERS_ONLY} (staff)` },
    },
    handler: async ({ request, reply, body, caller }) => {
      const tokens = await service.switchTo(caller, body, { ip: request.ip, requestId: String(request.id) });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return tokens;
    },
  });
}
