// What the canary judge reads in the browser journey (tests/canary-judge-deploy.spec.ts, decision 076).
//
// The judge scrapes the portal itself (METRICS_PORT, issue 43): the API's request counts by release
// group and the browser's own reports (beacons, decision 072) as the API counted them. Nothing here
// counts for the portal: the journey only checks that the listener serves both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { METRICS_PORT, REPO_ROOT } from '../portal-server.config';

/** The portal's metrics listener in the browser tests (portal-server.ts sets METRICS_PORT to it). */
export const PORTAL_METRICS_URL = `http://127.0.0.1:${METRICS_PORT}/metrics`;

/** The judge's metric names: read from its shipped config, never spelt here. */
const METRICS = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'infra/deploy/canary-judge.json'), 'utf8')) as {
    metrics: { releaseLabel: string; remoteLabel: string; apiRequests: string; statusClassLabel: string; pageViews: string; browserErrors: string; loadFailures: string; lcpBuckets: string };
  }
).metrics;

/** What a journey's browser did in one visit. */
export interface Visit {
  release: 'canary' | 'stable';
  apiStatuses: number[];
  pageErrors: number;
  loadFailed: boolean;
  lcpSeconds: number | null;
}

/** A source of scrapes for the judge. */
export interface ScrapeSource {
  url: string;
  /** True when the portal counts the browser's beacons itself (nothing to feed). */
  real: boolean;
  record(remote: string, visit: Visit): void;
  close(): Promise<void>;
}

/** The portal's metrics listener, which counts the API's requests and the browser's beacons (issue 43). */
export async function canaryScrapeSource(): Promise<ScrapeSource> {
  const text = await fetch(PORTAL_METRICS_URL, { signal: AbortSignal.timeout(5_000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  // Registered series show their HELP line before any sample: both the API's and the beacons' are there.
  const real = text.includes(METRICS.apiRequests) && text.includes(METRICS.loadFailures);
  return { url: PORTAL_METRICS_URL, real, record: () => {}, close: async () => {} };
}

/**
 * Opens `path` in `page` and reports what the browser saw: API answers, page errors, a remote that did
 * not load, LCP. When the remote loaded and `vitals` is set, it stays until the page observes its vitals
 * (reported when the page is left, by the next visit): only then does the view count in the metrics.
 */
export async function visit(page: Page, path: string, release: Visit['release'], remote: string, { vitals = false } = {}): Promise<Visit> {
  const apiStatuses: number[] = [];
  let pageErrors = 0;
  const onResponse = (response: { url(): string; status(): number }) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) apiStatuses.push(response.status());
  };
  const onError = () => (pageErrors += 1);
  page.on('response', onResponse);
  page.on('pageerror', onError);
  try {
    await page.goto(path);
    const region = page.locator(`#root [data-remote="${remote}"]`);
    const unavailable = page.locator('#root').getByRole('alert').filter({ hasText: 'temporarily unavailable' });
    const loaded = region.getByRole('heading', { level: 1 });
    await loaded.or(unavailable).first().waitFor();
    const loadFailed = await unavailable.isVisible();
    const lcpSeconds = loadFailed ? null : await largestContentfulPaint(page);
    if (vitals && !loadFailed) await page.locator('html[data-vitals="observed"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    return { release, apiStatuses, pageErrors, loadFailed, lcpSeconds };
  } finally {
    page.off('response', onResponse);
    page.off('pageerror', onError);
  }
}

/** The page's LCP in seconds (Chromium reports it to a buffered PerformanceObserver). */
function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve((list.getEntries().at(-1)?.startTime ?? 0) / 1000)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
}
