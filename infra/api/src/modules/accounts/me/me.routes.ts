import type { FastifyInstance } from 'fastify';
import { API_ERRORS, MeSchema, type Me } from '@portal/shared/schemas';
import { requireSignedIn } from '../../../caller';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';

export function registerMeRoutes(app: FastifyInstance, registry: RouteRegistry) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/me',
    operationId: 'getCaller',
    summary: 'The caller named by the access token',
    tags: ['auth'],
    auth: 'bearer',
    responses: { 200: { description: 'The caller', schema: MeSchema }, 401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` } },
    handler: async ({ caller }): Promise<Me> => {
      if (caller.kind === 'anonymous') {
        return { kind: 'anonymous', userId: null, sessionId: caller.sessionId, organisationId: null, role: 'anonymous' };
      }
      if (caller.kind === 'public' || caller.kind === 'system') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'An access token is required');
      requireSignedIn(caller);
      return { kind: caller.kind, userId: caller.userId, sessionId: null, organisationId: caller.organisationId, role: caller.role };
    },
  });
}
