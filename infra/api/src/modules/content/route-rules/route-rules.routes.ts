import type { FastifyInstance } from 'fastify';
import { RouteRuleSchema, RouteRulesQuerySchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { resolveRoute } from './match';
import type { RouteRulesRepository } from './route-rules.repository';

export function registerRouteRuleRoutes(app: FastifyInstance, registry: RouteRegistry, repo: RouteRulesRepository) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/route-rules',
    operationId: 'getRouteRule',
    summary: 'Redirect and middleware for a portal path',
    description:
      'Looks up a portal path (with or without its locale prefix). Returns an optional redirect (`internal`: a path that keeps ' +
      'the locale prefix; `external`: leaves the portal) and the middleware names that apply (`auth`: signed-in only; ' +
      '`guest`: visitors only). A path without a rule gets no redirect and no middleware.',
    tags: ['content'],
    auth: 'optional',
    querystring: RouteRulesQuerySchema,
    responses: { 200: { description: 'The rule for the path', schema: RouteRuleSchema } },
    handler: async ({ reply, query, caller }) => {
      reply.header('cache-control', 'public, max-age=60');
      return resolveRoute(await repo.all(caller), query.path);
    },
  });
}
