import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { deployVariant } from '../deploy-helpers/build-catalog-variant';
import { canaryScrapeSource, visit, type ScrapeSource, type Visit } from '../deploy-helpers/canary-metrics';
import { ops, opsArgv, type OpsResult } from '../deploy-helpers/ops';
import { ARTIFACTS, BASE_URL, REPO_ROOT } from '../portal-server.config';
import { sampleVitals } from '../vitals-sampling';
import { expect, test } from './fixtures';

// Issue 43: `pnpm ops canary catalog --percent 50 --judge` watches the canary against the stable build
// from the metrics and decides alone. A build whose remote entry throws is aborted with nobody acting;
// a healthy one is promoted. Two anonymous visitors browse the products page meanwhile, one bucketed
// into the canary (the gateway's `portal_bucket` cookie), one not. The judge's window is seconds here
// (a config written below); the journey waits for the judge's exit and the registry's state, never a time.

const BROKEN_DIR = join(ARTIFACTS, 'catalog-judged-broken');
const JUDGE_CONFIG = join(ARTIFACTS, 'canary-judge.e2e.json');
const PERCENT = '50';

let initialCatalog: string;
/** The deploy journeys' variant build (deploy-helpers/build-catalog-variant.ts), healthy. */
let HEALTHY_DIR: string;
let source: ScrapeSource;
test.beforeAll(async ({ request }) => {
  // The first deploy spec to run builds the catalog variant (a minute or more on a loaded machine).
  test.setTimeout(300_000);
  initialCatalog = await registryCatalog(request);
  HEALTHY_DIR = await deployVariant();
  // The same build whose remoteEntry.js throws before it defines its container: the federation runtime
  // cannot load the remote. Its precompressed copies are made again, since the gateway serves those.
  cpSync(HEALTHY_DIR, BROKEN_DIR, { recursive: true });
  const entry = join(BROKEN_DIR, 'remoteEntry.js');
  const broken = `throw new Error("catalog canary: broken build (e2e)");\n${readFileSync(entry, 'utf8')}`;
  writeFileSync(entry, broken);
  writeFileSync(`${entry}.gz`, gzipSync(broken));
  writeFileSync(`${entry}.br`, brotliCompressSync(broken));
  source = await canaryScrapeSource();
  // The judge reads the portal's own metrics: the API's request counts and the browser's beacons it counted.
  expect(source.real, 'the metrics listener serves the API and beacon series').toBe(true);
  const shipped = JSON.parse(readFileSync(join(REPO_ROOT, 'infra/deploy/canary-judge.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    JUDGE_CONFIG,
    JSON.stringify({
      ...shipped,
      scrapeUrls: [source.url],
      // A visit takes seconds on a loaded machine: a window of 20 s (up to six more when traffic is short).
      windowSeconds: 20,
      scrapeIntervalSeconds: 1,
      minRequests: 1,
      minPageViews: 2,
      maxLoadFailures: 1,
      insufficientTraffic: 'extend',
      maxExtensions: 6,
      // A loaded CI machine paints slowly and unevenly: the journey judges failures, not speed.
      lcpToleranceSeconds: 30,
    }),
  );
});
test.afterAll(() => source?.close());

test.afterEach(async ({ request }) => {
  await ops('abort', 'catalog', '--reason', 'canary judge test cleanup');
  if ((await registryCatalog(request)) !== initialCatalog) {
    const reset = await ops('deploy', 'catalog', initialCatalog, '--reason', 'canary judge test cleanup');
    expect(reset.code, reset.stderr).toBe(0);
  }
});

/** The catalog version the registry gives this client (its cookies decide a canary). */
async function registryCatalog(client: { get: Page['request']['get'] }): Promise<string> {
  const response = await client.get('/registry/production.json');
  return ((await response.json()) as { remotes: { catalog: { version: string } } }).remotes.catalog.version;
}

/** An anonymous visitor in the canary (`canary`) or not (`stable`): new contexts until the gateway's bucket says so. */
async function visitor(browser: Browser, want: 'canary' | 'stable', canaryVersion: string): Promise<Page> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const context = await browser.newContext({ baseURL: BASE_URL });
    await sampleVitals(context, true);
    const page = await context.newPage();
    const inCanary = (await registryCatalog(page.request)) === canaryVersion;
    if (inCanary === (want === 'canary')) return page;
    await context.close();
  }
  throw new Error(`no ${want} visitor in 30 tries at ${PERCENT} %`);
}

/**
 * Starts `ops canary catalog --judge` with `dist`, browses as a canary and a stable visitor until the
 * judge exits, and answers what it printed, the canary version and the canary visitor's page.
 */
async function judgedCanary(browser: Browser, dist: string, reason: string): Promise<{ result: OpsResult; version: string; canaryPage: Page; visits: Visit[] }> {
  // The canary starts first, so the visitors can be bucketed and their browsers warmed before the
  // window opens; the same command with --judge then finds it running at that share and judges it.
  const started = await ops('canary', 'catalog', '--dist', dist, '--percent', PERCENT, '--reason', reason, '--json');
  expect(started.code, started.stderr).toBe(0);
  const version = (JSON.parse(started.stdout) as { canary: { version: string } }).canary.version;
  const canaryPage = await visitor(browser, 'canary', version);
  const stablePage = await visitor(browser, 'stable', version);
  for (const page of [canaryPage, stablePage]) await page.goto('/en');
  const judge = spawn(process.execPath, opsArgv('canary', 'catalog', version, '--percent', PERCENT, '--judge', '--judge-config', JUDGE_CONFIG, '--reason', reason), {
    cwd: REPO_ROOT,
    env: { ...process.env, CANARY_SCRAPE_URLS: '' },
  });
  let stdout = '';
  let stderr = '';
  judge.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  judge.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exitCode: number | null = null;
  const exited = new Promise<number>((resolve) => judge.once('exit', (code) => resolve((exitCode = code ?? 1))));

  const visits: Visit[] = [];
  while (exitCode === null) {
    for (const [page, release] of [[canaryPage, 'canary'], [stablePage, 'stable']] as const) {
      if (exitCode !== null) break;
      const seen = await visit(page, '/en/products', release, 'catalog', { vitals: true });
      visits.push(seen);
      source.record('catalog', seen);
    }
  }
  await stablePage.context().close();
  return { result: { code: await exited, stdout, stderr }, version, canaryPage, visits };
}

test('a canary whose remote fails to load is aborted by the judge with nobody acting, and its visitors get the stable build back', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { result, version, canaryPage, visits } = await judgedCanary(browser, BROKEN_DIR, 'judge test: broken entry');
  const seen = `${result.stderr}\n${JSON.stringify(visits)}`;
  const failed = (v: Visit) => v.loadFailed || v.pageErrors > 0;
  expect(visits.some((v) => v.release === 'canary' && failed(v)), `the canary visitor saw the catalog fail:\n${seen}`).toBe(true);
  expect(visits.every((v) => v.release === 'canary' || !failed(v)), `the stable visitor never did:\n${seen}`).toBe(true);
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(3);
  expect(result.stdout).toContain(`production: catalog ${version} aborted by the canary judge`);

  expect(await registryCatalog(request)).toBe(initialCatalog);
  expect(await registryCatalog(canaryPage.request)).toBe(initialCatalog);
  const status = await ops('status');
  expect(status.stdout).toMatch(
    new RegExp(`catalog: canary ${version} aborted by the judge at \\S+ after [\\d.]+ s: (remote load failures [2-9]\\d* in the canary, max 1|browser errors per view)`),
  );
  // The canary visitor reloads and has the catalog again.
  const back = await visit(canaryPage, '/en/products', 'canary', 'catalog');
  expect(back.loadFailed).toBe(false);
  await canaryPage.context().close();
});

test('a healthy canary is promoted by the judge when its window ends, with the numbers in the history', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { result, version, canaryPage } = await judgedCanary(browser, HEALTHY_DIR, 'judge test: healthy');
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain(`production: catalog ${version} promoted by the canary judge`);
  expect(await registryCatalog(request)).toBe(version);
  const history = await ops('history', 'catalog', '--json', '--limit', '1');
  const [last] = JSON.parse(history.stdout) as Array<{ action: string; judgement: { verdict: string; canary: { pageViews: number }; stable: { pageViews: number } } }>;
  expect(last).toMatchObject({ action: 'promote', judgement: { verdict: 'promote' } });
  expect(last!.judgement.canary.pageViews).toBeGreaterThanOrEqual(2);
  expect(last!.judgement.stable.pageViews).toBeGreaterThanOrEqual(2);
  await canaryPage.context().close();
});
