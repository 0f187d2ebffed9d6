// The operations page's figures read from prom-client's default registry (decision 081): the very
// counters and gauges the metrics listener serves, never counted a second way.
import { register } from 'prom-client';
import { OPERATIONS_QUEUES, type OperationsQueue } from '@portal/shared/schemas';
import { httpRequests, jobFailures, ordersPlaced } from '../../../common/metrics';

/**
 * The checkout's placement route (orders.routes.ts) as its requests are labelled: its 5xx are the
 * orders refused by a server error. The orders placed are the orders counter's, every channel's (decision 084).
 */
const PLACE_ORDER = { method: 'POST', route: '/api/v1/orders' } as const;
/** Registered by the gateway on PostgreSQL (infra/gateway/src/backup-freshness.ts, decision 073). */
const BACKUP_FRESHNESS_METRIC = 'portal_backup_last_success_timestamp_seconds';

/** The counters, as totals since the process started: the page's windows are differences of these. */
export interface CounterTotals {
  ordersPlaced: number;
  orderServerErrors: number;
  requests: number;
  serverErrors: number;
  /** Failed passes per job label. */
  jobFailures: Record<string, number>;
}

export interface QueueReading {
  queue: OperationsQueue;
  depth: number;
  oldestAgeSeconds: number;
  failed: number;
}

export interface GaugeReadings {
  queues: QueueReading[];
  /** undefined: no backup gauge on this instance; null: the gauge says there is none (0). */
  lastBackup: Date | null | undefined;
}

export async function readCounters(): Promise<CounterTotals> {
  const totals: CounterTotals = { ordersPlaced: 0, orderServerErrors: 0, requests: 0, serverErrors: 0, jobFailures: {} };
  for (const { labels, value } of (await httpRequests.get()).values) {
    totals.requests += value;
    if (labels.status_class !== '5xx') continue;
    totals.serverErrors += value;
    if (labels.method === PLACE_ORDER.method && labels.route === PLACE_ORDER.route) totals.orderServerErrors += value;
  }
  for (const { value } of (await ordersPlaced.get()).values) totals.ordersPlaced += value;
  for (const { labels, value } of (await jobFailures.get()).values) {
    const job = String(labels.job);
    totals.jobFailures[job] = (totals.jobFailures[job] ?? 0) + value;
  }
  return totals;
}

const gaugeValues = async (name: string) => (await register.getSingleMetric(name)?.get())?.values ?? [];

/** The queue gauges (one database read for the three, queue-metrics.ts) and the backup's. */
export async function readGauges(): Promise<GaugeReadings> {
  const [depth, oldest, failed] = await Promise.all([gaugeValues('portal_queue_depth'), gaugeValues('portal_queue_oldest_age_seconds'), gaugeValues('portal_queue_failed')]);
  const of = (values: typeof depth, queue: string) => values.find((entry) => entry.labels.queue === queue)?.value ?? 0;
  const queues = OPERATIONS_QUEUES.map((queue) => ({ queue, depth: of(depth, queue), oldestAgeSeconds: of(oldest, queue), failed: of(failed, queue) }));
  const backup = register.getSingleMetric(BACKUP_FRESHNESS_METRIC) ? (await gaugeValues(BACKUP_FRESHNESS_METRIC))[0]?.value : undefined;
  return { queues, lastBackup: backup === undefined ? undefined : backup > 0 ? new Date(backup * 1000) : null };
}
