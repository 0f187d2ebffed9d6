// The tally must expose exactly what prom-client's own instruments would for the same answers: the
// alert rules, the canary judge, the dashboard and the operations page read these series by name.
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpTally, TalliedHistogram, talliedCounter, type HttpLabels } from './http-tally';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LABELS = ['method', 'route', 'status_class', 'release'] as const;

const answers: [HttpLabels, number, number][] = [
  [{ method: 'GET', route: '/api/v1/catalog/products', status_class: '2xx', release: 'none' }, 200, 0.0002],
  [{ method: 'GET', route: '/api/v1/catalog/products', status_class: '2xx', release: 'none' }, 200, 0.01],
  [{ method: 'GET', route: '/api/v1/catalog/products', status_class: '2xx', release: 'none' }, 200, 0.0100001],
  [{ method: 'GET', route: '/api/v1/orders/:id', status_class: '4xx', release: 'canary' }, 404, 0.3],
  [{ method: 'POST', route: '/api/v1/orders', status_class: '5xx', release: 'stable' }, 500, 12],
  [{ method: 'GET', route: 'unmatched', status_class: '4xx', release: 'none' }, 404, 10],
];

describe('the answers tally', () => {
  it('exposes the same text as prom-client counters and a histogram fed the same answers', async () => {
    const theirs = new Registry();
    const requests = new Counter({ name: 'r_total', help: 'r', labelNames: LABELS, registers: [theirs] });
    const errors = new Counter({ name: 'e_total', help: 'e', labelNames: LABELS, registers: [theirs] });
    const duration = new Histogram({ name: 'd_seconds', help: 'd', labelNames: LABELS, buckets: BOUNDS, registers: [theirs] });
    const tally = new HttpTally(BOUNDS);
    const ours = new Registry();
    talliedCounter({ name: 'r_total', help: 'r', labelNames: LABELS, tally, field: 'requests', registers: [ours] });
    talliedCounter({ name: 'e_total', help: 'e', labelNames: LABELS, tally, field: 'errors', registers: [ours] });
    ours.registerMetric(new TalliedHistogram('d_seconds', 'd', tally) as unknown as Histogram);
    for (const [labels, status, seconds] of answers) {
      requests.inc(labels);
      if (status >= 400) errors.inc(labels);
      duration.observe(labels, seconds);
      tally.count(labels, status, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    // A bound is inclusive (`le`): 0.01 s lands in the 0.01 bucket, a hair above it in the next.
    expect(text).toContain('d_seconds_bucket{le="0.01",method="GET",route="/api/v1/catalog/products",status_class="2xx",release="none"} 2');
    expect(text).toContain('d_seconds_bucket{le="10",method="POST",route="/api/v1/orders",status_class="5xx",release="stable"} 0');
    expect(text).toContain('d_seconds_bucket{le="+Inf",method="POST",route="/api/v1/orders",status_class="5xx",release="stable"} 1');
  });

  it('keeps one series per label set, whatever object carries the labels', () => {
    const tally = new HttpTally(BOUNDS);
    const labels = { method: 'GET', route: '/api/health', status_class: '2xx', release: 'none' };
    tally.count({ ...labels }, 200, 0.001);
    tally.count({ ...labels }, 200, 0.002);
    tally.count({ ...labels, release: 'canary' }, 200, 0.002);
    const all = [...tally.all()];
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ labels, requests: 2, errors: 0 });
    expect(all[0]!.sum).toBeCloseTo(0.003, 9);
    tally.clear();
    expect([...tally.all()]).toHaveLength(0);
  });
});
