import type { FastifyInstance, FastifyRequest } from 'fastify';
import { register } from 'prom-client';
import { API_ERRORS, BEACON_LIMITS, BeaconBatchSchema, BeaconResultSchema } from '@portal/shared/schemas';
import { AppError } from '../../../errors';
import { mayOpenDevelopmentPage } from '../../../http/development-pages';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { handleError } from '../../../plugins/problem';
import { BEACON_METRICS, type BeaconMetrics } from './beacon-metrics';
import type { VersionGate } from './version-gate';

/**
 * POST /v1/beacons: the shell's reports (decision 072). Public, since a page that failed to load a
 * remote may have no session, but cheap to refuse: the body limit holds before parsing (413), the
 * schema bounds the batch, its enums and its strings (400), a client address sends at most
 * `limit.max` batches a minute (429), and an event naming a build that is not live is dropped.
 */
export function registerBeaconRoutes(
  app: FastifyInstance,
  registry: RouteRegistry,
  deps: { metrics: BeaconMetrics; versions: VersionGate; limit: { max: number; timeWindow: number }; development: boolean },
) {
  const { metrics, versions } = deps;
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/beacons',
    operationId: 'sendBeacons',
    summary: "The shell's reports on its remotes: load failures, caught errors, web vitals",
    description: `At most ${BEACON_LIMITS.events} events and ${BEACON_LIMITS.bodyBytes} bytes a batch. Each event names a known remote, its build and the browser's release group (stable or canary), and nothing about the person. Counted as Prometheus metrics; an event of a build that is neither live nor canary is dropped.`,
    tags: ['operations'],
    auth: 'none',
    body: BeaconBatchSchema,
    bodyLimit: BEACON_LIMITS.bodyBytes,
    bodyExample: { events: [{ kind: 'remote-load-failure', remote: 'catalog', version: '0.1.0-3f2a9c01be', release: 'canary' }] },
    config: { rateLimit: { ...deps.limit, keyGenerator: (req: FastifyRequest) => `beacons-ip:${req.ip}` } },
    responses: {
      202: { description: 'Counted (events of builds no longer live dropped)', schema: BeaconResultSchema },
      400: { description: `Not a batch: malformed JSON (${API_ERRORS.MALFORMED_BODY}), an unknown remote, kind or metric, a version that is not a build, too many events (${API_ERRORS.VALIDATION_FAILED})` },
      413: { description: `Over ${BEACON_LIMITS.bodyBytes} bytes (${API_ERRORS.PAYLOAD_TOO_LARGE})` },
      415: { description: `Not JSON (${API_ERRORS.UNSUPPORTED_MEDIA_TYPE})` },
      429: { description: `Too many batches from this address (${API_ERRORS.RATE_LIMITED})` },
    },
    // Refusals are counted by status, then answered as everywhere else.
    errorHandler: (error, request, reply) => {
      const answer = handleError(error, request, reply);
      if (reply.statusCode < 500) metrics.batch(reply.statusCode);
      return answer;
    },
    handler: async ({ body, reply }) => {
      const mayCount = await versions.forBatch();
      const counted = body.events.filter((event) => mayCount(event.remote, event.version));
      for (const event of counted) metrics.count(event);
      metrics.batch('accepted');
      metrics.dropped('version', body.events.length - counted.length);
      reply.code(202).header('cache-control', 'no-store');
      return { accepted: counted.length, dropped: body.events.length - counted.length };
    },
  });

  // Outside production, the machine itself (the browser journeys) or staff may read the counts without
  // the metrics endpoint, as the development mailbox shows the mail.
  if (!deps.development) return;
  const guard = {
    onRequest: async (request: FastifyRequest) => {
      if (!mayOpenDevelopmentPage(request)) throw new AppError(403, 'BEACONS_FORBIDDEN', 'The beacon counts answer only this machine or a staff session');
    },
  };
  app.get('/dev/beacons', guard, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const metrics = await Promise.all(Object.values(BEACON_METRICS).map((name) => register.getSingleMetric(name)?.get()));
    return metrics.filter((m) => m !== undefined).map(({ name, values }) => ({ name, values: values.map(({ labels, value }) => ({ labels, value })) }));
  });
}
