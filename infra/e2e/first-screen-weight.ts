// The JavaScript a route's first screen downloads, and its budget (issue 45). One measuring rule for
// the CI check (tests/first-screen-weight.spec.ts) and the size bench (infra/bench/size.ts): every
// script the page requests before its first screen is shown (its heading visible, the shell's mark
// set; work deferred past that is left out), each body gzip-compressed
// at the default level (what BENCHMARKS.md calls "JS gzip"; the gateway serves brotli, which is
// smaller, but gzip is the figure the issues and the earlier tables use).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { sampleVitals } from './vitals-sampling';

export const BUDGETS_FILE = join(import.meta.dirname, 'first-screen-budgets.json');

export interface RouteBudget {
  /** The page, below the origin; `:product` stands for a public product's slug. */
  path: string;
  /** Selector of the page's main content (its heading). */
  ready: string;
  /**
   * Selector of what the first screen shows last, when that comes after the heading with code of its
   * own (the shop's paging, decision 030): the weighing waits for it, so that whether its chunk counts
   * does not depend on how fast the machine is.
   */
  settled?: string;
  signedIn?: boolean;
  /**
   * Gzip bytes of JavaScript the route may download. Only ever lowered (a test reads the history),
   * except by a raise a decision record accepts: `raisedBy` names it, new in the version that raises.
   */
  budget: number;
  /** The decision record (its file name in docs/decisions) that accepted this route's last raise. */
  raisedBy?: string;
  /** Gzip bytes per chunk when the budget was set: named in a failure, to show which chunks grew. */
  chunks: Record<string, number>;
}

export interface BudgetsFile {
  routes: Record<string, RouteBudget>;
}

export interface RouteWeight {
  /** Gzip bytes per chunk (chunkName). */
  chunks: Record<string, number>;
  jsGzip: number;
  jsRaw: number;
  jsFiles: number;
  cssGzip: number;
  cssRaw: number;
  /** The document and every request started before the heading was visible. */
  requestsBeforeVisible: number;
}

export function readBudgets(text = readFileSync(BUDGETS_FILE, 'utf8')): BudgetsFile {
  return JSON.parse(text) as BudgetsFile;
}

/**
 * A script's name without its content hash and version, stable across builds: `shell vendor`,
 * `auth remoteEntry`, `catalog 997`. Two files of one name (none today) add up.
 */
export function chunkName(url: string): string {
  const path = new URL(url, 'http://x').pathname;
  const remote = /^\/remotes\/([^/]+)\//.exec(path)?.[1];
  const file = (path.split('/').pop() ?? path).replace(/\.js$/, '').replace(/\.[0-9a-f]{8,}$/, '');
  return `${remote ?? 'shell'} ${file}`;
}

/**
 * The shell's mark of the first screen shown (FIRST_SCREEN_SHOWN_MARK in @portal/shared/routing, set by
 * shell/src/platform/after-first-screen.ts on every page). Spelt here because the journeys do not
 * depend on the shared package; the weighing waits for it, so a renamed mark fails every route at once.
 */
const FIRST_SCREEN_SHOWN_MARK = 'portal:first-screen-shown';

/**
 * Loads `url` in `page` (a fresh context: cold cache) and weighs what its first screen downloads: every
 * script and style requested until the heading (and `settled`) is visible and the shell has marked the
 * first screen shown, then the network is idle. What started after both (the visitor's session, the
 * header's cart count, web vitals: work the shell defers until the first screen is shown) is left out,
 * so the figure does not depend on whether that deferred work beat the network's idle on this machine
 * (decision 078).
 */
export async function measureRouteWeight(page: Page, url: string, { ready, settled }: Pick<RouteBudget, 'ready' | 'settled'>): Promise<RouteWeight> {
  const weight: RouteWeight = { chunks: {}, jsGzip: 0, jsRaw: 0, jsFiles: 0, cssGzip: 0, cssRaw: 0, requestsBeforeVisible: 0 };
  const fetched: { url: string; type: 'script' | 'stylesheet'; body: Promise<Buffer | null> }[] = [];
  let visible = false;
  page.on('request', () => {
    if (!visible) weight.requestsBeforeVisible++;
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    fetched.push({ url: response.url(), type, body: response.body().catch(() => null) });
  });
  // A view the shell does not sample for web vitals: a sampled one fetches the vitals' chunks 5 s after
  // its first screen, which a loaded machine reaches before the shop's paging is settled (3.9 KB more).
  await sampleVitals(page, false);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  visible = true;
  if (settled) await page.locator(settled).first().waitFor({ state: 'visible', timeout: 60_000 });
  const settledAt = await page.evaluate(() => performance.now());
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_SCREEN_SHOWN_MARK, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { shownAt, started } = await page.evaluate((mark) => ({
    shownAt: performance.getEntriesByName(mark)[0]!.startTime,
    started: Object.fromEntries(performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])),
  }), FIRST_SCREEN_SHOWN_MARK);
  const deferredFrom = Math.max(shownAt, settledAt);
  for (const { url: scriptUrl, type, body: pendingBody } of [...fetched]) {
    if ((started[scriptUrl] ?? 0) >= deferredFrom) continue;
    const body = await pendingBody;
    if (!body) continue;
    const gzip = gzipSync(body).length;
    if (type === 'stylesheet') {
      weight.cssRaw += body.length;
      weight.cssGzip += gzip;
      continue;
    }
    weight.jsRaw += body.length;
    weight.jsGzip += gzip;
    weight.jsFiles++;
    const name = chunkName(scriptUrl);
    weight.chunks[name] = (weight.chunks[name] ?? 0) + gzip;
  }
  return weight;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Undefined when the route is within its budget; otherwise the failure: the route, its budget, what
 * it downloads and each chunk that grew or is new against the figures recorded with the budget.
 */
export function overBudget(route: string, budget: RouteBudget, weight: RouteWeight): string | undefined {
  if (weight.jsGzip <= budget.budget) return undefined;
  const grew = Object.entries(weight.chunks)
    .map(([name, bytes]) => ({ name, bytes, before: budget.chunks[name] }))
    .filter((c) => c.before === undefined || c.bytes > c.before)
    .sort((a, b) => b.bytes - (b.before ?? 0) - (a.bytes - (a.before ?? 0)))
    .map((c) => (c.before === undefined ? `  ${c.name}: new, ${kb(c.bytes)}` : `  ${c.name}: ${kb(c.before)} -> ${kb(c.bytes)} (+${c.bytes - c.before} B)`));
  return [
    `${route} downloads ${kb(weight.jsGzip)} of JavaScript (gzip), over its budget of ${kb(budget.budget)} by ${weight.jsGzip - budget.budget} B (infra/e2e/first-screen-budgets.json).`,
    grew.length ? 'Chunks that grew or are new since the budget was set:' : 'No chunk grew against the recorded figures (several shrank less than the budget).',
    ...grew,
  ].join('\n');
}

/**
 * The budgets only go down: `versions` are the file's texts from oldest to newest (the git history,
 * then the working tree). Returns each route whose budget rose or that lost its budget. A raise is
 * accepted only in the version that names, in the route's `raisedBy`, a decision record the previous
 * version did not name (decision 068, amended by 077): one raise per decision, said where it is made.
 */
export function raisedBudgets(versions: { label: string; text: string }[]): string[] {
  const lowest = new Map<string, { budget: number; label: string }>();
  const problems: string[] = [];
  let previous: BudgetsFile['routes'] = {};
  for (const { label, text } of versions) {
    const { routes } = readBudgets(text);
    const accepted = new Set<string>();
    for (const [route, seen] of lowest) {
      const now = routes[route]?.budget;
      const raisedBy = routes[route]?.raisedBy;
      if (now === undefined) problems.push(`${route}: its budget (${seen.budget} B at ${seen.label}) is gone at ${label}`);
      else if (now > seen.budget && raisedBy && raisedBy !== previous[route]?.raisedBy) accepted.add(route);
      else if (now > seen.budget) problems.push(`${route}: ${now} B at ${label}, above ${seen.budget} B at ${seen.label}`);
    }
    for (const [route, { budget }] of Object.entries(routes)) {
      const seen = lowest.get(route);
      if (!seen || budget < seen.budget || accepted.has(route)) lowest.set(route, { budget, label });
    }
    previous = routes;
  }
  return problems;
}
