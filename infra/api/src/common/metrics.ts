// The API's Prometheus instruments (decision 071), on prom-client's default registry: the metrics
// listener (modules/platform/metrics) serves whatever is registered there, these and any other
// module's (the browser beacons'). Every label value comes from a short fixed list or from the code
// (a job's name, an import kind, a route pattern): never a user id, an email, an organisation, a raw
// URL or a header's text, so a hostile caller cannot grow the series nor read anyone's data here.
import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';
import { HttpTally, TalliedHistogram, talliedCounter } from './http-tally';

/** Seconds: 5 ms to 10 s, the range of an API answer and of a query (Prometheus' default buckets). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The process's own figures (CPU, memory, handles, event-loop delay), once per process. */
export function collectProcessMetrics(): void {
  if (!register.getSingleMetric('nodejs_eventloop_lag_seconds')) collectDefaultMetrics({ register });
}

const HTTP_LABELS = ['method', 'route', 'status_class', 'release'] as const;

/** Every answer, counted by modules/platform/metrics/http-metrics.ts; read through the three instruments below. */
export const httpTally = new HttpTally(LATENCY_BUCKETS);

export const httpRequests = talliedCounter({ name: 'portal_http_requests_total', help: 'API requests answered, by route pattern', labelNames: HTTP_LABELS, tally: httpTally, field: 'requests' });
export const httpErrors = talliedCounter({
  name: 'portal_http_request_errors_total',
  help: 'API requests answered with a 4xx or a 5xx status, by route pattern (status_class tells which)',
  labelNames: HTTP_LABELS,
  tally: httpTally,
  field: 'errors',
});
export const httpDuration = new TalliedHistogram('portal_http_request_duration_seconds', 'Time from the request to its answer, by route pattern', httpTally);
// prom-client's registry reads any metric by its `get()`; its types name only its own four classes.
register.registerMetric(httpDuration as unknown as Histogram);

export const dbQueryDuration = new Histogram({
  name: 'portal_db_query_duration_seconds',
  help: 'Database statement time, by driver, statement kind (its first keyword) and outcome',
  labelNames: ['driver', 'statement', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const jobRuns = new Counter({ name: 'portal_job_runs_total', help: 'Periodic job passes, by job and outcome', labelNames: ['job', 'outcome'] as const });
export const jobFailures = new Counter({ name: 'portal_job_failures_total', help: 'Periodic job passes that failed, by job', labelNames: ['job'] as const });
export const jobDuration = new Histogram({
  name: 'portal_job_duration_seconds',
  help: 'Periodic job pass time, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
});

export const importLines = new Counter({
  name: 'portal_import_lines_total',
  help: 'Bulk import lines committed, by kind and result (accepted, unchanged, refused)',
  labelNames: ['kind', 'result'] as const,
});

/**
 * Every way an order comes to be (decision 084): the checkout's cart, an accepted quotation ordered
 * at its prices, an approved request, a procurement system's cXML OrderRequest, a Peppol order. The
 * channel is named by the code that places the order, never read from input.
 */
export const ORDER_CHANNELS = ['checkout', 'quotation', 'approval', 'cxml', 'peppol'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const ordersPlaced = new Counter({
  name: 'portal_orders_placed_total',
  help: 'Orders placed (their placement transaction committed), by channel; a replayed or refused placement is not counted',
  labelNames: ['channel'] as const,
});
// Every channel's series from the start, at 0: Prometheus' increase() and the operations page's
// windows see the first order of a channel as one, not as a series that appeared with it.
for (const channel of ORDER_CHANNELS) ordersPlaced.inc({ channel }, 0);

/** `outbox dispatch` → `outbox_dispatch`: a job's label (names come from the code, never from input). */
export const jobLabel = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release', 'listen', 'set']);

/** The statement's kind, its first keyword from a fixed list (`other` else): never the SQL text. */
export function statementKind(text: string): string {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return STATEMENTS.has(word) ? word : 'other';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

/** `x-portal-release` (the shell's build group, decision 071): `stable` or `canary`, anything else `none`. */
export function releaseLabel(header: string | string[] | undefined): 'stable' | 'canary' | 'none' {
  return header === 'stable' || header === 'canary' ? header : 'none';
}

export const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
