import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireSignedIn } from '../../caller';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';

/** Who the access token names. (Candidate for @portal/shared once the client needs it.) */
export const CallerSchema = v.object({
  kind: v.picklist(['anonymous', 'customer', 'staff']),
  userId: v.nullable(v.string()),
  sessionId: v.nullable(v.string()),
  organisationId: v.nullable(v.string()),
  role: v.picklist(['anonymous', 'buyer', 'admin', 'case_manager', 'sales_consultant']),
});

export function registerMeRoutes(app: FastifyInstance, registry: RouteRegistry) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/me',
    operationId: 'getCaller',
    summary: 'The caller named by the access token',
    tags: ['auth'],
    auth: 'bearer',
    responses: { 200: { description: 'The caller', schema: CallerSchema }, 401: { description: 'No or invalid access token' } },
    handler: async ({ caller }) => {
      if (caller.kind === 'anonymous') {
        return { kind: 'anonymous', userId: null, sessionId: caller.sessionId, organisationId: null, role: 'anonymous' };
      }
      if (caller.kind === 'public' || caller.kind === 'system') throw new AppError(401, 'UNAUTHORIZED', 'An access token is required');
      requireSignedIn(caller);
      return { kind: caller.kind, userId: caller.userId, sessionId: null, organisationId: caller.organisationId, role: caller.role };
    },
  });
}
