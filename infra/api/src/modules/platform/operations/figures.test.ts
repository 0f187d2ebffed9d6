// The windows of the operations page (decision 081): differences of the counters against the ring of
// snapshots, clamped to the instance's start, and the statuses at the alert rules' thresholds.
import { describe, expect, it } from 'vitest';
import { createOperationsFigures, SNAPSHOT_INTERVAL_MS } from './figures';
import type { CounterTotals, GaugeReadings } from './registry-reader';

const T0 = Date.parse('2026-12-07T08:00:00Z');

function world() {
  const state = { now: T0, totals: { ordersPlaced: 0, orderServerErrors: 0, requests: 0, serverErrors: 0, jobFailures: {} } as CounterTotals };
  const gauges: GaugeReadings = {
    queues: [
      { queue: 'outbox', depth: 0, oldestAgeSeconds: 0, failed: 0 },
      { queue: 'webhook_deliveries', depth: 2, oldestAgeSeconds: 901, failed: 0 },
      { queue: 'invoice_deliveries', depth: 1, oldestAgeSeconds: 30, failed: 3 },
    ],
    lastBackup: undefined,
  };
  const figures = createOperationsFigures({ readCounters: async () => structuredClone(state.totals), readGauges: async () => gauges, now: () => state.now });
  /** Moves the clock minute by minute, a snapshot each, as the plugin's timer does. */
  const pass = async (minutes: number, each: (t: CounterTotals) => void = () => {}) => {
    for (let i = 0; i < minutes; i++) {
      state.now += SNAPSHOT_INTERVAL_MS;
      each(state.totals);
      await figures.sample();
    }
  };
  return { state, gauges, figures, pass };
}

describe('operations figures', () => {
  it('counts since the instance started while it is younger than the window', async () => {
    const { state, figures, pass } = world();
    await figures.sample();
    await pass(10, (t) => (t.ordersPlaced += 1));
    const s = await figures.summary();
    expect(s.instance_started_at).toBe(new Date(T0).toISOString());
    expect(s.orders).toMatchObject({ placed: 10, since: new Date(T0).toISOString() });
    expect(s.orders.per_hour).toEqual([{ from: new Date(T0).toISOString(), to: new Date(state.now).toISOString(), placed: 10 }]);
  });

  it('keeps the last hour and lists the hours before, as far as it has counted', async () => {
    const { figures, pass } = world();
    await figures.sample();
    await pass(150, (t) => (t.ordersPlaced += 2));
    const s = await figures.summary();
    expect(s.orders.placed).toBe(120);
    expect(s.orders.per_hour.map((h) => h.placed)).toEqual([120, 120, 60]);
    expect(s.orders.per_hour[2]!.from).toBe(new Date(T0).toISOString());
    // Past six hours the ring forgets, and the list stops at six lines.
    await pass(7 * 60, (t) => (t.ordersPlaced += 1));
    expect((await figures.summary()).orders.per_hour.map((h) => h.placed)).toEqual([60, 60, 60, 60, 60, 60]);
  });

  it('takes the error ratio over five minutes, attention past 2 % with some traffic', async () => {
    const { figures, pass } = world();
    await figures.sample();
    // An old burst of errors is outside the window.
    await pass(10, (t) => ((t.requests += 100), (t.serverErrors += 50)));
    await pass(5, (t) => (t.requests += 20));
    let s = await figures.summary();
    expect(s.requests).toMatchObject({ total: 100, server_errors: 0, status: 'fine', window_seconds: 300 });
    await pass(5, (t) => ((t.requests += 20), (t.serverErrors += 1)));
    s = await figures.summary();
    expect(s.requests).toMatchObject({ total: 100, server_errors: 5, error_ratio: 0.05, status: 'attention' });
    // Too little traffic to call 1 failure in 10 a problem.
    await pass(5, (t) => ((t.requests += 2), (t.serverErrors += t.serverErrors % 2)));
    expect((await figures.summary()).requests.status).toBe('fine');
  });

  it('flags a stuck queue, failed deliveries, a failing job, a failed order, an old or missing backup', async () => {
    const { state, gauges, figures, pass } = world();
    await figures.sample();
    let s = await figures.summary();
    expect(s.queues.map((q) => [q.queue, q.status])).toEqual([['outbox', 'fine'], ['webhook_deliveries', 'attention'], ['invoice_deliveries', 'attention']]);
    expect(s.failed_invoice_deliveries).toEqual({ status: 'attention', count: 3 });
    expect(s.jobs).toMatchObject({ status: 'fine', failures: 0, failing: [] });
    expect(s.orders.status).toBe('fine');
    expect(s.backup).toBeNull();

    await pass(1, (t) => ((t.jobFailures = { invoice_delivery: 2, outbox_dispatch: 0 }), (t.orderServerErrors = 1)));
    gauges.lastBackup = new Date(state.now - 27 * 3600 * 1000);
    s = await figures.summary();
    expect(s.jobs).toMatchObject({ status: 'attention', failures: 2, failing: ['invoice_delivery'] });
    expect(s.orders).toMatchObject({ status: 'attention', server_errors: 1 });
    expect(s.backup).toEqual({ status: 'attention', last_success_at: gauges.lastBackup.toISOString() });
    gauges.lastBackup = new Date(state.now - 3600 * 1000);
    expect((await figures.summary()).backup?.status).toBe('fine');
    gauges.lastBackup = null;
    expect((await figures.summary()).backup).toEqual({ status: 'attention', last_success_at: null });
    // An hour later the job's failures have left the window.
    await pass(61);
    expect((await figures.summary()).jobs).toMatchObject({ status: 'fine', failures: 0 });
  });
});
