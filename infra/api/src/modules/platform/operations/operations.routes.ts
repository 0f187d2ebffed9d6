// GET /v1/staff/operations (issue 43, decision 081): the few figures the supplier's staff check first,
// from this instance's metrics registry. Staff only: the queues and error figures are the supplier's.
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, OperationsSummarySchema, type OperationsSummary } from '@portal/shared/schemas';
import { requireStaff } from '../../../caller';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { OperationsFiguresSource } from './figures';

export function registerOperationsRoutes(app: FastifyInstance, registry: RouteRegistry, figures: OperationsFiguresSource | undefined) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/operations',
    operationId: 'operationsFigures',
    summary: "The figures the supplier's staff check first: orders per hour, API errors, queues, failed deliveries, jobs, backup (staff)",
    description:
      "Read from this instance's Prometheus registry, the one its metrics listener serves: the figures are this instance's since it started " +
      '(Prometheus is the view over every instance). Orders: answers 2xx of POST /api/v1/orders. Each figure has a status, `attention` past the ' +
      'alert rules\' thresholds. Without METRICS_PORT nothing is counted: `recording: false`.',
    tags: ['operations'],
    auth: 'bearer',
    responses: {
      200: { description: 'The figures, or `recording: false` when this instance records no metrics', schema: OperationsSummarySchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not the supplier's staff (${API_ERRORS.STAFF_ONLY})` },
    },
    handler: async ({ caller, reply }): Promise<OperationsSummary> => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return figures ? figures.summary() : { recording: false, generated_at: new Date().toISOString() };
    },
  });
}
