// The operations page's windows (decision 081). Prometheus' counters only grow from the process's
// start, so "in the last hour" is the difference between now and a snapshot taken an hour ago: a ring
// of snapshots, one a minute for six hours, kept in this process. Before the instance is an hour old
// the window starts at its first snapshot, and the answer says so (`since`). The figures are this
// instance's; several instances behind nginx each answer their own, Prometheus sums them.
import type { OperationsFigures } from '@portal/shared/schemas';
import type { CounterTotals, GaugeReadings } from './registry-reader';
import { backupStatus, failedDeliveriesStatus, jobsStatus, OPERATIONS_THRESHOLDS, ordersStatus, queueStatus, requestsStatus } from './thresholds';

export const SNAPSHOT_INTERVAL_MS = 60_000;
/** Hours of orders the page lists, one line each. */
export const ORDER_HOURS = 6;
const HOUR_MS = 3_600_000;
const KEEP_MS = ORDER_HOURS * HOUR_MS + SNAPSHOT_INTERVAL_MS;

interface Snapshot {
  at: number;
  totals: CounterTotals;
}

export interface FiguresDeps {
  readCounters(): Promise<CounterTotals>;
  readGauges(): Promise<GaugeReadings>;
  now(): number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const delta = (later: number, earlier: number) => Math.max(0, Math.round(later - earlier));

export interface OperationsFiguresSource {
  /** Takes a snapshot (the plugin calls it once a minute, and once when it starts). */
  sample(): Promise<void>;
  summary(): Promise<OperationsFigures>;
}

export function createOperationsFigures(deps: FiguresDeps): OperationsFiguresSource {
  const ring: Snapshot[] = [];

  /** The newest snapshot taken at or before `at`; the first one when none is that old. */
  const snapshotAt = (at: number): Snapshot => {
    let found = ring[0]!;
    for (const snapshot of ring) {
      if (snapshot.at > at) break;
      found = snapshot;
    }
    return found;
  };

  async function sample() {
    const at = deps.now();
    ring.push({ at, totals: await deps.readCounters() });
    while (ring.length > 1 && ring[0]!.at < at - KEEP_MS) ring.shift();
  }

  async function summary(): Promise<OperationsFigures> {
    if (ring.length === 0) await sample();
    const now = deps.now();
    const [live, gauges] = await Promise.all([deps.readCounters(), deps.readGauges()]);
    const first = ring[0]!;

    // Hour by hour back from now, as far as this instance has counted.
    const perHour: OperationsFigures['orders']['per_hour'] = [];
    for (let hour = 0; hour < ORDER_HOURS; hour++) {
      const to = hour === 0 ? { at: now, totals: live } : snapshotAt(now - hour * HOUR_MS);
      if (hour > 0 && to.at <= first.at) break;
      const from = snapshotAt(now - (hour + 1) * HOUR_MS);
      perHour.push({ from: iso(from.at), to: iso(to.at), placed: delta(to.totals.ordersPlaced, from.totals.ordersPlaced) });
    }

    const hourAgo = snapshotAt(now - HOUR_MS);
    const orderErrors = delta(live.orderServerErrors, hourAgo.totals.orderServerErrors);
    const windowStart = snapshotAt(now - OPERATIONS_THRESHOLDS.requestWindowSeconds * 1000);
    const total = delta(live.requests, windowStart.totals.requests);
    const serverErrors = delta(live.serverErrors, windowStart.totals.serverErrors);
    const failing = Object.keys(live.jobFailures)
      .filter((job) => delta(live.jobFailures[job]!, hourAgo.totals.jobFailures[job] ?? 0) > 0)
      .sort();
    const jobFailures = failing.reduce((sum, job) => sum + delta(live.jobFailures[job]!, hourAgo.totals.jobFailures[job] ?? 0), 0);
    const invoices = gauges.queues.find((q) => q.queue === 'invoice_deliveries')?.failed ?? 0;

    return {
      recording: true,
      generated_at: iso(now),
      instance_started_at: iso(first.at),
      orders: { status: ordersStatus(orderErrors), since: iso(hourAgo.at), placed: perHour[0]?.placed ?? 0, server_errors: orderErrors, per_hour: perHour },
      requests: {
        status: requestsStatus(total, serverErrors),
        since: iso(windowStart.at),
        window_seconds: OPERATIONS_THRESHOLDS.requestWindowSeconds,
        total,
        server_errors: serverErrors,
        error_ratio: total === 0 ? 0 : serverErrors / total,
      },
      queues: gauges.queues.map((q) => ({
        queue: q.queue,
        status: queueStatus(q.oldestAgeSeconds, q.failed),
        depth: Math.round(q.depth),
        oldest_age_seconds: Math.max(0, q.oldestAgeSeconds),
        failed: Math.round(q.failed),
      })),
      failed_invoice_deliveries: { status: failedDeliveriesStatus(invoices), count: Math.round(invoices) },
      jobs: { status: jobsStatus(jobFailures), since: iso(hourAgo.at), failures: jobFailures, failing },
      backup: gauges.lastBackup === undefined ? null : { status: backupStatus(gauges.lastBackup, new Date(now)), last_success_at: gauges.lastBackup ? gauges.lastBackup.toISOString() : null },
    };
  }

  return { sample, summary };
}
