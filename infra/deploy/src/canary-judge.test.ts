import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeCanary, quantileFromBuckets, type Scrape } from './canary-judge';
import { loadJudgeConfig, type JudgeConfig } from './canary-judge-config';
import { parseExposition } from './prometheus-text';
import { fakeExposition, type FakeGroupCounts } from './testing-metrics';

// The shipped thresholds (canary-judge.json), so a change of them is seen here.
let config: JudgeConfig;
beforeAll(async () => {
  config = await loadJudgeConfig(fileURLToPath(new URL('../canary-judge.json', import.meta.url)));
});

const scrape = (url: string, groups: Record<string, FakeGroupCounts>): Scrape => ({
  url,
  samples: parseExposition(fakeExposition(config.metrics, 'catalog', groups)),
});
const views = (n: number, seconds = 1.2) => Array<number>(n).fill(seconds);

/** Counts at the window's start on one instance: history the judge must not count. */
const START = { canary: { requests: { '2xx': 40, '5xx': 30 }, lcp: views(10, 9) }, stable: { requests: { '2xx': 5000, '5xx': 2 }, lcp: views(900) } };
/** Healthy traffic over the window, added to START. */
const healthy = (canary: FakeGroupCounts = {}): Record<string, FakeGroupCounts> => ({
  canary: { requests: { '2xx': 40 + 300, '5xx': 30 + 1 }, lcp: [...views(10, 9), ...views(60, 1.3)], browserErrors: 1, ...canary },
  stable: { requests: { '2xx': 5000 + 2700, '5xx': 2 + 3 }, lcp: [...views(900), ...views(540)], browserErrors: 2 },
});

describe('judgeCanary', () => {
  it('promotes at the window end when every figure is within its threshold, counting only the window', () => {
    const j = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', healthy())], true);
    expect(j.verdict).toBe('promote');
    expect(j.canary).toMatchObject({ requests: 301, serverErrors: 1, pageViews: 60, browserErrors: 1, loadFailures: 0 });
    expect(j.canary.errorRatio).toBeCloseTo(1 / 301);
    expect(j.stable).toMatchObject({ requests: 2703, serverErrors: 3, pageViews: 540 });
    expect(j.canary.lcpP75Seconds).toBeCloseTo(1.375); // all 60 in (1, 1.5]: the 45th is 3/4 of the way up
  });

  it('keeps watching before the window ends, and aborts as soon as a threshold is crossed', () => {
    expect(judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', healthy())], false).verdict).toBe('continue');
    const failing = healthy({ requests: { '2xx': 40 + 280, '5xx': 30 + 21 } });
    const j = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', failing)], false);
    expect(j.verdict).toBe('abort');
    expect(j.reasons).toEqual(['API error ratio 7.0% canary vs 0.1% stable: +6.9%, max +1.0%']);
  });

  it('aborts on browser errors per view, load failures and a slower LCP, each with its numbers', () => {
    const errors = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', healthy({ browserErrors: 6 }))], true);
    expect(errors.reasons).toEqual(['browser errors per view 10.0% canary vs 0.4% stable: +9.6%, max +2.0%']);
    const slow = healthy({ lcp: [...views(10, 9), ...views(60, 3.5)] });
    const lcp = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', slow)], true);
    expect(lcp.verdict).toBe('abort');
    expect(lcp.reasons[0]).toMatch(/^LCP p75 3\.75 s canary vs 1\.38 s stable/);
    // Few views but many load failures: a remote that never loads shows no page views of its own.
    const broken = healthy({ lcp: views(10, 9), loadFailures: 6 });
    const failures = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', broken)], false);
    expect(failures.verdict).toBe('abort');
    expect(failures.reasons).toEqual(['remote load failures 6 in the canary, max 5']);
  });

  it('says insufficient at the window end when a group has too little traffic, and never judges ratios on it', () => {
    const quiet = healthy({ requests: { '2xx': 40 + 20, '5xx': 30 + 5 }, lcp: [...views(10, 9), ...views(5, 8)] });
    const j = judgeCanary(config, 'catalog', [scrape('a', START)], [scrape('a', quiet)], true);
    expect(j.verdict).toBe('insufficient');
    expect(j.reasons).toEqual(['API calls 25 canary / 2703 stable, need 200 each', 'page views 5 canary / 540 stable, need 50 each']);
  });

  it('sums instances, counts a restarted one from zero, and leaves out one without a baseline', () => {
    const half = (n: number) => ({ canary: { requests: { '2xx': n } }, stable: { requests: { '2xx': n } } });
    const before = [scrape('a', half(1000)), scrape('b', half(1000))];
    const after = [scrape('a', half(1100)), scrape('b', half(30)), scrape('c', half(5000))];
    const j = judgeCanary(config, 'catalog', before, after, false);
    expect(j.canary.requests).toBe(100 + 30);
  });

  it('counts browser series of the judged remote only', () => {
    const other = parseExposition(fakeExposition(config.metrics, 'orders', { canary: { loadFailures: 50 } }));
    const j = judgeCanary(config, 'catalog', [{ url: 'a', samples: [] }], [{ url: 'a', samples: other }], false);
    expect(j.canary.loadFailures).toBe(0);
    expect(j.verdict).toBe('continue');
  });
});

describe('quantileFromBuckets', () => {
  const buckets = (counts: Record<string, number>) => Object.entries(counts).map(([le, value]) => ({ name: 'x', labels: { le }, value }));
  it('interpolates inside the bucket, as histogram_quantile does', () => {
    expect(quantileFromBuckets(0.75, buckets({ '1': 50, '2': 100, '+Inf': 100 }))).toBeCloseTo(1.5);
    expect(quantileFromBuckets(0.5, buckets({ '1': 0, '2': 100, '+Inf': 100 }))).toBeCloseTo(1.5);
  });
  it('answers the highest finite bound in the +Inf bucket, and null without observations', () => {
    expect(quantileFromBuckets(0.75, buckets({ '1': 10, '2': 20, '+Inf': 100 }))).toBe(2);
    expect(quantileFromBuckets(0.75, buckets({ '1': 0, '+Inf': 0 }))).toBeNull();
  });
});
