// The staff's operations page (issue 43, decision 081): the few figures a person checks first,
// computed by the API from its own Prometheus registry. In the full entry (the API) and the account
// remote's entry (the page), not in a first-screen one (decision 068).
import * as v from 'valibot';
import { TimestampSchema } from './fields';

/** fine: nothing to do; attention: a person should look (thresholds: the API's operations/thresholds.ts). */
export const OPERATIONS_STATUSES = ['fine', 'attention'] as const;
export type OperationsStatus = (typeof OPERATIONS_STATUSES)[number];

/** The work queues the API's gauges report (docs/observability.md, label `queue`). */
export const OPERATIONS_QUEUES = ['outbox', 'webhook_deliveries', 'invoice_deliveries'] as const;
export type OperationsQueue = (typeof OPERATIONS_QUEUES)[number];

const Status = v.picklist(OPERATIONS_STATUSES);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Seconds = v.pipe(v.number(), v.minValue(0));

/** One hour of orders: `from` is later than an hour before `to` when the instance started within it. */
export const OrdersHourSchema = v.object({ from: TimestampSchema, to: TimestampSchema, placed: Count });

export const OperationsFiguresSchema = v.object({
  recording: v.literal(true),
  generated_at: TimestampSchema,
  /** The figures are this instance's (a counter starts at 0 with the process): Prometheus is the cluster's view. */
  instance_started_at: TimestampSchema,
  /** Orders placed at the checkout (POST /api/v1/orders answered 2xx) and refused by a server error, in the last hour. */
  orders: v.object({ status: Status, since: TimestampSchema, placed: Count, server_errors: Count, per_hour: v.array(OrdersHourSchema) }),
  /** Every API answer, and the 5xx among them, over the last `window_seconds` (or since `since`). */
  requests: v.object({ status: Status, since: TimestampSchema, window_seconds: Count, total: Count, server_errors: Count, error_ratio: v.pipe(v.number(), v.minValue(0), v.maxValue(1)) }),
  /** Waiting items, the oldest one's age and the items given up on, per queue (the database's figures). */
  queues: v.array(v.object({ queue: v.picklist(OPERATIONS_QUEUES), status: Status, depth: Count, oldest_age_seconds: Seconds, failed: Count })),
  /** Deliveries of e-invoices and Despatch Advices that failed and wait for a person (decision 083). */
  failed_invoice_deliveries: v.object({ status: Status, count: Count }),
  /** Periodic job passes that failed in the last hour, and which jobs. */
  jobs: v.object({ status: Status, since: TimestampSchema, failures: Count, failing: v.array(v.pipe(v.string(), v.maxLength(64))) }),
  /** The last complete backup; null where this instance does not watch the backups (PGlite, no backup folder). */
  backup: v.nullable(v.object({ status: Status, last_success_at: v.nullable(TimestampSchema) })),
});

/** Metrics off on this instance (no METRICS_PORT): nothing is counted, so nothing to show. */
export const OperationsOffSchema = v.object({ recording: v.literal(false), generated_at: TimestampSchema });

export const OperationsSummarySchema = v.variant('recording', [OperationsFiguresSchema, OperationsOffSchema]);

export type OperationsFigures = v.InferOutput<typeof OperationsFiguresSchema>;
export type OperationsSummary = v.InferOutput<typeof OperationsSummarySchema>;
