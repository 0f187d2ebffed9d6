import type { FastifyInstance } from 'fastify';
import { TranslationListSchema, TranslationsQuerySchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { TranslationsRepository } from './translations.repository';

export function registerTranslationRoutes(app: FastifyInstance, registry: RouteRegistry, repo: TranslationsRepository) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/translations',
    operationId: 'listTranslations',
    summary: 'Server-managed texts in en, nl and fr',
    description: 'Policy page bodies (Markdown), SEO descriptions and other server-managed texts, sorted by key. Optional `prefix` filter.',
    tags: ['content'],
    auth: 'optional',
    querystring: TranslationsQuerySchema,
    responses: {
      200: { description: 'The entries', schema: TranslationListSchema },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
    },
    handler: async ({ request, reply, query, caller }) => {
      const { entries, etag } = await repo.list(caller, query.prefix);
      reply.header('cache-control', 'public, max-age=60').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return entries;
    },
  });
}
