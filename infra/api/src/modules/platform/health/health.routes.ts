import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_ERRORS } from '@portal/shared/schemas';
import * as v from 'valibot';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { checkReadiness } from './readiness';

/** Operational endpoints: their shapes concern only the service, so their schemas live here. */
export const HealthSchema = v.object({ status: v.literal('ok'), uptimeSeconds: v.number() });
export const ReadySchema = v.object({ status: v.literal('ready'), database: v.picklist(['pglite', 'postgres']) });
export const ReadyChecksSchema = v.object({
  status: v.literal('ready'),
  database: v.picklist(['pglite', 'postgres']),
  redis: v.picklist(['ok', 'not configured']),
});

/** How long a dependency may take to answer a readiness probe before the instance counts as not ready. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness. `/health` and `/ready` are the original pair; `/health/live` and
 * `/health/ready` are what a load balancer or orchestrator probes (decision 022): live says the
 * process answers, ready says this instance should get traffic (database, Redis when configured, not
 * shutting down).
 */
export function registerHealthRoutes(app: FastifyInstance, registry: RouteRegistry, database: Database) {
  // preClose runs before the server stops accepting: from the first moment of a graceful shutdown
  // readiness answers 503, so a balancer stops sending new work while in-flight requests drain.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // `app.redis`: the shared store (plugins/redis.ts), undefined without REDIS_URL.
  const probe = () => checkReadiness({ closing, database, redis: app.redis, timeoutMs: PROBE_TIMEOUT_MS });

  const liveHandler = async ({ reply }: { reply: FastifyReply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  };
  for (const [url, operationId, summary] of [
    ['/health', 'health', 'Liveness: the process answers'],
    ['/health/live', 'healthLive', 'Liveness probe: the process answers'],
  ] as const) {
    defineRoute(app, registry, {
      method: 'GET',
      url,
      operationId,
      summary,
      tags: ['operations'],
      auth: 'none',
      responses: { 200: { description: 'Alive', schema: HealthSchema } },
      handler: liveHandler,
    });
  }

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
      const result = await probe();
      if (!result.ready) {
        reply.log.warn({ reason: result.reason }, 'readiness check failed');
        throw new AppError(503, API_ERRORS.NOT_READY, result.detail);
      }
      return { status: 'ready', database: database.kind };
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/health/ready',
    operationId: 'healthReady',
    summary: 'Readiness probe: database and Redis (when configured) answer, not shutting down',
    tags: ['operations'],
    auth: 'none',
    responses: {
      200: { description: 'Ready to serve', schema: ReadyChecksSchema },
      503: { description: 'Not ready: code NOT_READY (a dependency does not answer, or the instance is shutting down)' },
    },
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      const result = await probe();
      if (!result.ready) {
        reply.log.warn({ reason: result.reason }, 'readiness check failed');
        throw new AppError(503, API_ERRORS.NOT_READY, result.detail);
      }
      return { status: 'ready', database: database.kind, redis: result.redis };
    },
  });
}
