// Per-route request metrics (decision 071): counted when the answer has gone, labelled by the route's
// PATTERN (`/api/v1/orders/:id`, never the raw URL; `unmatched` for what no route took), the method,
// the status class and the release group the shell names (`x-portal-release`: stable, canary, else none).
// Counted in the process's tally, which the instruments read when scraped (decision 097).
import type { FastifyInstance } from 'fastify';
import { httpTally, methodLabel, releaseLabel, statusClass } from '../../../common/metrics';

export const UNMATCHED_ROUTE = 'unmatched';

export function recordHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const labels = {
      method: methodLabel(request.method),
      // A not-found handler's request has no route pattern; a route's 404 (an unknown id) keeps its own.
      route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
      status_class: statusClass(status),
      release: releaseLabel(request.headers['x-portal-release']),
    };
    httpTally.count(labels, status, reply.elapsedTime / 1000);
    done();
  });
}
