// The work queues as Prometheus gauges, computed when Prometheus scrapes (decision 071): one
// statement per scrape reads the three queues' waiting rows through their status indexes, so the
// figures are the database's, whichever instance did the work.
import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import * as v from 'valibot';
import type { Database } from '../../../db/client';
import { typedRows } from '../../../db/typed-rows';

/** outbox (mail and SMS), webhook_deliveries (order events out), invoice_deliveries (Peppol and e-mail invoices, and the shipments' Despatch Advices: decision 083). */
export const QUEUES = ['outbox', 'webhook_deliveries', 'invoice_deliveries'] as const;

const QueueRow = { queue: v.picklist(QUEUES), depth: v.number(), oldest: v.number(), failed: v.number() };

// Waiting: outbox `pending`, webhook `pending`, invoice `queued` or `sent` (sent, waiting for the
// access point's answer). Failed: parked for a person (outbox `failed`, webhook `dead`, invoice `failed`).
const QUEUE_STATE = sql`
  select 'outbox' as queue, count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest,
         (select count(*)::int from outbox where status = 'failed') as failed
    from outbox where status = 'pending'
  union all
  select 'webhook_deliveries', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8,
         (select count(*)::int from integration_webhook_deliveries where status = 'dead')
    from integration_webhook_deliveries where status = 'pending'
  union all
  select 'invoice_deliveries', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8,
         (select count(*)::int from invoice_deliveries where status = 'failed')
    from invoice_deliveries where status in ('queued', 'sent')`;

type QueueState = v.InferOutput<v.ObjectSchema<typeof QueueRow, undefined>>;

/** The database the gauges read: the last app started in this process (one per process outside the tests). */
let source: Database | undefined;
/** One statement per scrape: the first gauge collected reads, the other two take its answer. */
let reading: { at: number; rows: Promise<QueueState[]> } | undefined;

function queueState(): Promise<QueueState[]> {
  const database = source;
  if (!database) return Promise.resolve([]);
  if (!reading || Date.now() - reading.at > 1_000) reading = { at: Date.now(), rows: typedRows(database.db, QueueRow, QUEUE_STATE).catch(() => []) };
  return reading.rows;
}

function queueGauge(name: string, help: string, field: 'depth' | 'oldest' | 'failed') {
  return new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    async collect() {
      this.reset();
      for (const row of await queueState()) this.set({ queue: row.queue }, row[field]);
    },
  });
}

queueGauge('portal_queue_depth', 'Items waiting in a work queue', 'depth');
queueGauge('portal_queue_oldest_age_seconds', 'Age of the oldest item waiting in a work queue (0: none waiting)', 'oldest');
queueGauge('portal_queue_failed', 'Items a work queue gave up on, waiting for a person (failed mail, dead webhooks, failed e-invoices and Despatch Advices)', 'failed');

const POOL_LABELS = ['driver'] as const;
let pool: Database | undefined;
const poolGauge = (name: string, help: string, field: 'total' | 'idle' | 'waiting') =>
  new Gauge({
    name,
    help,
    labelNames: POOL_LABELS,
    collect() {
      this.reset();
      const state = pool?.poolState();
      const value = state?.[field];
      if (pool && value !== undefined) this.set({ driver: pool.kind }, value);
    },
  });
poolGauge('portal_db_pool_connections', 'Database connections open (PostgreSQL pool; PGlite: 1)', 'total');
poolGauge('portal_db_pool_idle_connections', 'Pooled database connections idle (PostgreSQL only)', 'idle');
poolGauge('portal_db_pool_waiting_requests', 'Queries waiting for a pooled connection (PostgreSQL only)', 'waiting');

/** The database the queue and pool gauges read, until `unwatch`. */
export function watchDatabase(database: Database): () => void {
  source = database;
  pool = database;
  reading = undefined;
  return () => {
    if (source === database) source = undefined;
    if (pool === database) pool = undefined;
  };
}
