import type { FastifyInstance } from 'fastify';
import { API_ERRORS } from '@portal/shared/schemas';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';

/** Operational endpoints: their shapes concern only the service, so their schemas live here. */
export const HealthSchema = v.object({ status: v.literal('ok'), uptimeSeconds: v.number() });
export const ReadySchema = v.object({ status: v.literal('ready'), database: v.picklist(['pglite', 'postgres']) });

export function registerHealthRoutes(app: FastifyInstance, registry: RouteRegistry, database: Database) {
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/health',
    operationId: 'health',
    summary: 'Liveness: the process answers',
    tags: ['operations'],
    auth: 'none',
    responses: { 200: { description: 'Alive', schema: HealthSchema } },
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/ready',
    operationId: 'ready',
    summary: 'Readiness: the database answers',
    tags: ['operations'],
    auth: 'none',
    responses: {
      200: { description: 'Ready to serve', schema: ReadySchema },
      503: { description: 'Not ready (database unreachable or shutting down)' },
    },
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      if (closing) throw new AppError(503, API_ERRORS.NOT_READY, 'The service is shutting down');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('database ping timed out')), 2_000))),
        ]);
      } catch (err) {
        reply.log.warn({ err }, 'readiness check failed');
        throw new AppError(503, API_ERRORS.NOT_READY, 'The database is not reachable');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready', database: database.kind };
    },
  });
}
