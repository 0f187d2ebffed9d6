// Fabricated metrics endpoints for the canary judge's tests: exposition text shaped like the API's
// (prom-client on the default registry), with the series named as the judge's config names them.
import type { JudgeMetrics } from './canary-judge-config';

/** What one group (release) has counted since the instance started. */
export interface FakeGroupCounts {
  /** API calls by status class, e.g. { '2xx': 95, '5xx': 5 }. */
  requests?: Record<string, number>;
  pageViews?: number;
  browserErrors?: number;
  loadFailures?: number;
  /** LCP observations, seconds. */
  lcp?: readonly number[];
}

const LCP_BOUNDS = [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20];

/**
 * Exposition text with each group's counts under `release`, for `remote`. `pageViews` defaults to the
 * number of LCP observations when the config counts views as LCP's `_count`.
 */
export function fakeExposition(metrics: JudgeMetrics, remote: string, groups: Record<string, FakeGroupCounts>): string {
  const lines: string[] = [];
  const series = (name: string, labels: Record<string, string>, value: number) =>
    lines.push(`${name}{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')}} ${value}`);
  const lcpBase = metrics.lcpBuckets.replace(/_bucket$/, '');
  for (const [release, counts] of Object.entries(groups)) {
    const browser = { [metrics.remoteLabel]: remote, version: `0.1.0-${release}`, [metrics.releaseLabel]: release };
    for (const [statusClass, count] of Object.entries(counts.requests ?? {})) {
      series(metrics.apiRequests, { method: 'GET', route: '/api/v1/products', [metrics.statusClassLabel]: statusClass, [metrics.releaseLabel]: release }, count);
    }
    series(metrics.browserErrors, browser, counts.browserErrors ?? 0);
    series(metrics.loadFailures, browser, counts.loadFailures ?? 0);
    const lcp = counts.lcp ?? [];
    for (const le of [...LCP_BOUNDS.map(String), '+Inf']) {
      series(metrics.lcpBuckets, { le, ...browser }, lcp.filter((x) => x <= Number(le === '+Inf' ? Infinity : le)).length);
    }
    series(`${lcpBase}_sum`, browser, lcp.reduce((a, b) => a + b, 0));
    series(`${lcpBase}_count`, browser, lcp.length);
    if (metrics.pageViews !== `${lcpBase}_count`) series(metrics.pageViews, browser, counts.pageViews ?? lcp.length);
  }
  return `${lines.join('\n')}\n`;
}
