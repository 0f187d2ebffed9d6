// One autocannon run that also keeps every response time (autocannon reports no p95 itself), and
// the table of scenarios beside the bare route that the benches print.
import autocannon from 'autocannon';
import { percentile } from './closed-loop';
import { fmt, printTable } from './server-pair';

export function timedRun(opts: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

/**
 * Runs each scenario for `duration` s after a 2 s warm-up and prints its req/s, p50, p95, p99 and
 * share of the bare route's rate (the scenario whose name starts with "bare", run first).
 */
export async function printScenarios(scenarios: { name: string; opts: autocannon.Options }[], connections: number, duration: number): Promise<void> {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const rows: string[][] = [];
  let bareRps = 0;
  for (const s of scenarios) {
    await autocannon({ ...s.opts, connections, duration: 2 });
    const { result: r, times } = await timedRun({ ...s.opts, connections, duration });
    if (s.name.startsWith('bare')) bareRps = r.requests.average;
    const bad = r.non2xx + r.errors + r.timeouts;
    rows.push([s.name, fmt(r.requests.average), ms(percentile(times, 50)), ms(percentile(times, 95)), ms(percentile(times, 99)), bareRps ? `${((r.requests.average / bareRps) * 100).toFixed(1)} %` : '', String(bad)]);
  }
  printTable(['scenario', 'req/s', 'p50', 'p95', 'p99', 'vs bare', 'non-2xx/errors'], rows);
}
