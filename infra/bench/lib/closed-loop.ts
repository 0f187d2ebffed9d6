// A closed-loop load: `workers` clients each run `step` again and again for `durationMs`, waiting
// for every answer before the next request (like buyers, unlike an open-loop flood). Counts the
// successes per second and keeps each success's latency.
export interface LoopResult {
  ok: number;
  failed: number;
  seconds: number;
  latencies: number[];
  /** Status codes of the failures, counted (what went wrong, at a glance). */
  failures: Record<string, number>;
}

export async function closedLoop(workers: number, durationMs: number, step: (worker: number) => Promise<{ ok: boolean; ms: number; status: number | string }>): Promise<LoopResult> {
  const result: LoopResult = { ok: 0, failed: 0, seconds: 0, latencies: [], failures: {} };
  const started = performance.now();
  const stopAt = started + durationMs;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < stopAt) {
        const r = await step(w).catch((error: unknown) => ({ ok: false, ms: 0, status: error instanceof Error ? error.message.slice(0, 40) : 'error' }));
        if (r.ok) {
          result.ok++;
          result.latencies.push(r.ms);
        } else {
          result.failed++;
          result.failures[String(r.status)] = (result.failures[String(r.status)] ?? 0) + 1;
        }
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
