// The first screen on a slow network (issue 18): loads each main open route of the production portal
// in Chromium with a cold cache (a new browser context per load), throttled as Lighthouse's mobile
// profile (150 ms round trip, 1638.4 kbit/s down, 675 kbit/s up) and unthrottled in the same run, and
// prints per route: the time until the page's main heading is visible (median of --runs, default 5),
// the JavaScript and CSS gzip bytes, the requests started before the heading was visible, and the
// longest chain of sequential fetches after the HTML.
//
//   pnpm --filter @portal/bench first-screen                # builds must exist: pnpm -r --filter './shell' --filter './mfe-*' run build
//   pnpm --filter @portal/bench first-screen -- --runs 3 --routes login
//
// How the figures are taken (all on the page's own clock, performance.now() since navigation start):
// - heading visible: an init script checks on every animation frame whether the route's heading has a
//   box and is not `visibility: hidden` (what Playwright calls visible), and records the time;
// - requests before content: the document plus every resource whose fetch started before that time;
// - JS/CSS bytes: every script and stylesheet the page loaded until the network was idle, each body
//   gzipped here (gzipSync, level 6) so that the figure does not depend on what encoding the browser
//   negotiated; counted like `pnpm --filter @portal/bench size` does;
// - sequential fetches ("chain"): an approximation from Resource Timing, not from real initiators.
//   The HTML is wave 0. Each script, stylesheet, fetch, preload or XHR is given the wave after the one
//   of the request that finished last before it started (a request that starts while the HTML is still
//   arriving is wave 1). The chain is the highest wave among the requests started before the heading was
//   finished before the heading was visible (one still in flight did not hold it back). Chunks that the
//   same script (CDP's initiator) asked for within 300 ms are siblings: one is never the parent of another. Images and fonts
//   are left out: they do not hold back the heading. Two requests that only happen to follow each other
//   in time still count as a chain, so the figure is an upper bound.
// The throttling is Chromium's DevTools emulation (Network.emulateNetworkConditions): it adds the
// latency to every request rather than to each connection's round trips, as Lighthouse's "devtools"
// mode does.
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, startBenchPortal, waitForPortal } from './lib/bench-portal';
import { printTable } from './lib/server-pair';

const { values: args } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    runs: { type: 'string', default: '5' },
    routes: { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8340' },
    json: { type: 'boolean', default: false },
    // A portal that is already running (e.g. `npm start`): no server of our own.
    url: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const BASE = args.url ?? `http://127.0.0.1:${PORT}`;

interface Route {
  name: string;
  path: string;
  /** Selector of the page's main heading. */
  heading: string;
}

/** The open routes a first visit lands on (shared/src/routing: `auth` and `products` mounts, the shell's home). */
const ROUTES: Route[] = [
  { name: 'login', path: '/en/auth/login', heading: '[data-remote="auth"] h1' },
  { name: 'visitor home', path: '/en', heading: 'main h1' },
  { name: 'public shop', path: '/en/products', heading: '[data-remote="catalog"] h1' },
  // Issue 45: `:product` is the first product of the medical shop, read from the API at start.
  { name: 'public product page', path: '/en/products/:product?shop=medical', heading: '[data-remote="catalog"] h1' },
];
const measured = args.routes ? ROUTES.filter((r) => r.name.includes(args.routes!)) : ROUTES;

interface Network {
  name: string;
  /** Network.emulateNetworkConditions parameters, or undefined for no throttling. */
  conditions?: { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number };
}

/** Lighthouse's mobile profile ("Slow 4G"): 150 ms RTT, 1638.4 kbit/s down, 675 kbit/s up (bytes/s here). */
const NETWORKS: Network[] = [
  { name: 'throttled', conditions: { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 } },
  { name: 'unthrottled' },
];

interface Load {
  headingMs: number;
  jsGzip: number;
  cssGzip: number;
  requestsBeforeContent: number;
  chain: number;
  /** The chain's requests, for --json: wave, path, start and end in ms. */
  waves: { wave: number; path: string; start: number; end: number }[];
}

// Runs in the page before any of its scripts: records when the heading is first visible. A string, not
// a function: tsx wraps named functions in a `__name` helper that does not exist in the page.
const headingProbe = (selector: string) => `(() => {
  const check = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (el) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') {
        window.__headingVisibleAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Timing {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}

// Kinds of request that can hold back the first screen (see the header: images and fonts are not).
const CHAIN_TYPES = new Set(['script', 'link', 'fetch', 'xmlhttprequest', 'other']);

interface Node {
  start: number;
  end: number;
  wave: number;
  initiator: string | undefined;
  chunk: boolean;
}

/** A script or stylesheet (what a bundler's runtime loads in bursts), not a data fetch. */
const isChunk = (r: Timing) => r.initiatorType === 'script' || r.initiatorType === 'link';

/**
 * Chunks the same script asked for within 300 ms of each other are one burst (a bundler's runtime
 * starts a module's chunks together; the browser spreads their start over a few frames): a small one
 * that finishes early is not the parent of the others.
 */
const isSibling = (n: Node, start: number, initiator: string | undefined) =>
  n.chunk && initiator !== undefined && n.initiator === initiator && start - n.start < 300;

/**
 * Gives every request its wave (see the header) and returns the waves of those that finished before
 * `until`. `initiators` maps a URL to what issued it (the script or document, from CDP): requests
 * issued by the same script are siblings of one wave, so one does not become the parent of another
 * just because it finished first.
 */
function waves(documentEnd: number, resources: Timing[], until: number, initiators: Map<string, string>): Load['waves'] {
  const nodes: Node[] = [{ end: documentEnd, wave: 0, start: 0, initiator: undefined, chunk: false }];
  const result: Load['waves'] = [];
  for (const r of [...resources].sort((a, b) => a.startTime - b.startTime)) {
    if (!CHAIN_TYPES.has(r.initiatorType)) continue;
    const initiator = initiators.get(r.name);
    let parent: (typeof nodes)[number] | undefined;
    for (const n of nodes) {
      if (n.end > r.startTime || (isChunk(r) && isSibling(n, r.startTime, initiator))) continue;
      if (!parent || n.end > parent.end) parent = n;
    }
    const wave = parent ? parent.wave + 1 : 1;
    nodes.push({ end: r.responseEnd, wave, start: r.startTime, initiator, chunk: isChunk(r) });
    if (r.responseEnd <= until) result.push({ wave, path: new URL(r.name).pathname, start: Math.round(r.startTime), end: Math.round(r.responseEnd) });
  }
  return result;
}

const gzipped = new Map<string, number>();

async function load(browser: Browser, route: Route, network: Network): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const initiators = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const { initiator } = event;
      const by = initiator.url ?? initiator.stack?.callFrames[0]?.url ?? initiator.stack?.parent?.callFrames[0]?.url;
      if (by && !initiators.has(event.request.url)) initiators.set(event.request.url, by);
    });
    await cdp.send('Network.enable');
    if (network.conditions) await cdp.send('Network.emulateNetworkConditions', network.conditions);
    await page.addInitScript(headingProbe(route.heading));
    const pending: Promise<void>[] = [];
    const bytes = { js: 0, css: 0 };
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const url = response.url();
      pending.push(
        (async () => {
          let size = gzipped.get(url);
          if (size === undefined) {
            size = gzipSync(await response.body()).length;
            gzipped.set(url, size);
          }
          bytes[type === 'script' ? 'js' : 'css'] += size;
        })().catch(() => undefined),
      );
    });
    await page.goto(`${BASE}${route.path}`);
    await page.locator(route.heading).first().waitFor({ state: 'visible', timeout: 60_000 });
    // The probe notices on the next animation frame (waitForFunction would need eval, which the CSP forbids).
    let heading: number | undefined;
    for (let i = 0; i < 200 && heading === undefined; i++) {
      heading = await page.evaluate(() => (window as unknown as { __headingVisibleAt?: number }).__headingVisibleAt);
      if (heading === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    if (heading === undefined) throw new Error(`${route.path}: the heading probe did not fire`);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const { documentEnd, resources } = await page.evaluate(() => ({
      documentEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      resources: performance.getEntriesByType('resource').map((e) => ({
        name: e.name,
        initiatorType: (e as PerformanceResourceTiming).initiatorType,
        startTime: e.startTime,
        responseEnd: (e as PerformanceResourceTiming).responseEnd,
      })),
    }));
    const chain = waves(documentEnd, resources, heading, initiators);
    return {
      headingMs: heading,
      jsGzip: bytes.js,
      cssGzip: bytes.css,
      // The document itself counts, as in the size benchmark.
      requestsBeforeContent: 1 + resources.filter((r) => r.startTime < heading).length,
      chain: Math.max(0, ...chain.map((w) => w.wave)),
      waves: chain,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => (n / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

// The production interval: an open tab's version poll must not add requests to the measurement.
const server = args.url ? undefined : startBenchPortal('first-screen', PORT, { PORTAL_VERSION_POLL_MS: '60000' });
try {
  await waitForPortal(BASE);
  if (measured.some((r) => r.path.includes(':product'))) {
    const answer = await fetch(`${BASE}/api/v1/catalog/products?page_size=1`, { headers: { 'x-shop-type': 'medical' } });
    const slug = ((await answer.json()) as { items: { slug: string }[] }).items[0]!.slug;
    for (const route of measured) route.path = route.path.replace(':product', slug);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  // One unmeasured load per route first: the gateway compresses and caches on first use.
  for (const route of measured) await load(browser, route, NETWORKS[1]!);
  const results = new Map<string, Load[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const route of measured) {
      for (const network of NETWORKS) {
        const key = `${route.name}|${network.name}`;
        results.set(key, [...(results.get(key) ?? []), await load(browser, route, network)]);
      }
    }
  }
  await browser.close();

  const rows: string[][] = [];
  for (const route of measured) {
    for (const network of NETWORKS) {
      const loads = results.get(`${route.name}|${network.name}`)!;
      const times = loads.map((l) => l.headingMs);
      rows.push([
        route.name,
        network.name,
        `${seconds(median(times))} s (${seconds(Math.min(...times))}–${seconds(Math.max(...times))})`,
        kb(median(loads.map((l) => l.jsGzip))),
        kb(median(loads.map((l) => l.cssGzip))),
        String(median(loads.map((l) => l.requestsBeforeContent))),
        String(median(loads.map((l) => l.chain))),
      ]);
    }
  }
  console.log(`\nFirst screen, cold cache, median of ${RUNS} (min–max); ${BASE}`);
  printTable(['route', 'network', 'heading visible', 'JS gzip KB', 'CSS gzip KB', 'requests before content', 'sequential fetches after HTML'], rows);
  if (args.json) {
    // The waves of the last throttled load of each route, to see what makes up the chain.
    for (const route of measured) {
      const last = results.get(`${route.name}|throttled`)!.at(-1)!;
      console.log(`\n${route.name} (throttled, last run): heading at ${Math.round(last.headingMs)} ms`);
      for (const w of last.waves) console.log(`  wave ${w.wave}  ${String(w.start).padStart(5)}–${String(w.end).padEnd(5)} ms  ${w.path}`);
    }
  }
} finally {
  server?.kill('SIGTERM');
}
