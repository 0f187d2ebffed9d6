// A job that runs every interval in each API instance (outbox dispatch, payment and quotation
// expiry). Running in several instances at once is safe because every job claims its work in the
// database (FOR UPDATE SKIP LOCKED, leases, conditional updates; decision 023): this timer only says
// when to look. A failed pass is retried later and later (doubling up to MAX_BACKOFF_FACTOR times the
// interval), so a database outage is not hammered; the first pass that works resets the pace.
// stop() clears the timer and waits for the pass in flight, so app.close() never cuts work short.

import { jobDuration, jobFailures, jobLabel, jobRuns } from './metrics';

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export const MAX_BACKOFF_FACTOR = 32;

/** Milliseconds until the next pass after `failures` failed passes in a row. */
export function nextDelayMs(intervalMs: number, failures: number): number {
  return intervalMs * Math.min(MAX_BACKOFF_FACTOR, 2 ** failures);
}

export interface PeriodicJob<T> {
  /** One pass now, or the one in flight in this process. */
  runOnce(): Promise<T>;
  /** Starts the timer (interval 0: never; tests then call runOnce). */
  start(): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function createPeriodicJob<T>(deps: { name: string; intervalMs: number; run: () => Promise<T>; log: Log; report?: (result: T) => void }): PeriodicJob<T> {
  const { name, intervalMs, run, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = true;
  let failures = 0;

  const job = jobLabel(name);
  // Every pass is counted and timed (decision 071), the timer's and a test's or an admin's runOnce alike.
  async function observed(): Promise<T> {
    const end = jobDuration.startTimer({ job });
    try {
      const result = await run();
      jobRuns.inc({ job, outcome: 'ok' });
      return result;
    } catch (err) {
      jobRuns.inc({ job, outcome: 'error' });
      jobFailures.inc({ job });
      throw err;
    } finally {
      end();
    }
  }

  function runOnce(): Promise<T> {
    running ??= observed().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .then((result) => {
          failures = 0;
          deps.report?.(result);
        })
        .catch((err: unknown) => {
          failures++;
          log.error({ err, job: name, failures, retryInMs: nextDelayMs(intervalMs, failures) }, `${name} failed`);
        })
        .finally(schedule);
    }, nextDelayMs(intervalMs, failures));
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
