// Bundle-size benchmark: loads the production build in Chromium, cold cache, and prints per route
// the JavaScript and CSS the browser downloaded (raw and gzip bytes) and the number of requests made
// before the page's main content was visible. Run: pnpm --filter @portal/bench size
// `-- --files login` also lists each JavaScript file of that route (largest first), to see where the
// bytes of a page go. `-- --record` writes each budgeted route's chunk figures into
// infra/e2e/first-screen-budgets.json (the budgets themselves are lowered by hand, never raised).
// Routes are weighed as the CI check weighs them (infra/e2e/first-screen-weight.ts).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BUDGETS_FILE, measureRouteWeight, readBudgets, type RouteBudget, type RouteWeight } from '../e2e/first-screen-weight';
import { CHROMIUM_ARGS, startBenchPortal, waitForPortal } from './lib/bench-portal';

const PORT = Number(process.env.BENCH_PORT ?? 8282);
const BASE = `http://127.0.0.1:${PORT}`;
const BUYER = { email: process.env.BENCH_BUYER_EMAIL ?? 'lucas.janssens@zorggroep-scheldeland.example', password: process.env.BENCH_BUYER_PASSWORD ?? 'DemoPortal!2025' };

interface Route extends Pick<RouteBudget, 'path' | 'ready' | 'settled' | 'signedIn'> {
  name: string;
}

// The budgeted routes (the CI check's, with its paths and selectors), then the others.
const BUDGETED = new Set(Object.keys(readBudgets().routes));
const ROUTES: Route[] = [
  ...Object.entries(readBudgets().routes).map(([name, { path, ready, settled, signedIn }]) => ({ name, path, ready, settled, signedIn })),
  ...([
    { name: 'dashboard (signed in)', path: '/en', ready: 'main h1', signedIn: true },
    { name: 'checkout overview (signed in)', path: '/en/checkout/overview', ready: '[data-remote="checkout"] h1', signedIn: true },
    { name: 'checkout extra info (signed in)', path: '/en/checkout/extra-info', ready: '[data-remote="checkout"] h1', signedIn: true },
    { name: 'checkout personal info (signed in)', path: '/en/checkout/personal-info', ready: '[data-remote="checkout"] h1', signedIn: true },
    { name: 'checkout order (signed in)', path: '/en/checkout/order/00000000-0000-4000-8000-000000000000', ready: '[data-remote="checkout"] h1', signedIn: true },
    { name: 'user info (signed in)', path: '/en/user/info', ready: '[data-remote="account"] h1', signedIn: true },
    { name: 'contract (signed in)', path: '/en/user/contract', ready: '[data-remote="account"] h1', signedIn: true },
    { name: 'users admin (signed in)', path: '/en/user/users', ready: '[data-remote="account"] h1', signedIn: true },
    { name: 'contact (signed in)', path: '/en/contact', ready: '[data-remote="account"] h1', signedIn: true },
  ] satisfies Route[]).filter((r) => !BUDGETED.has(r.name)),
];
// `BENCH_ROUTES=checkout` measures only the routes whose name contains it.
const only = process.env.BENCH_ROUTES;
const measured = only ? ROUTES.filter((r) => r.name.includes(only)) : ROUTES;

async function tokensCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'portal-web', client_secret: process.env.BENCH_CLIENT_SECRET ?? 'portal-web-development-secret', username: BUYER.email, password: BUYER.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { expires_in: number };
  return encodeURIComponent(JSON.stringify({ ...body, expires_at: Date.now() + body.expires_in * 1000 }));
}

interface Figures extends RouteWeight {
  route: string;
}
const kb = (n: number) => (n / 1024).toFixed(1);

const server = startBenchPortal('size', PORT);
try {
  await waitForPortal(BASE);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const cookie = await tokensCookie();
  const product = (await (await fetch(`${BASE}/api/v1/catalog/products?page_size=1`, { headers: { 'x-shop-type': 'medical' } })).json()) as { items: { slug: string }[] };
  const rows: Figures[] = [];
  for (const route of measured) {
    const context = await browser.newContext();
    if (route.signedIn) await context.addCookies([{ name: 'tokens', value: cookie, domain: '127.0.0.1', path: '/' }]);
    const url = `${BASE}${route.path.replace(':product', product.items[0]!.slug)}`;
    rows.push({ route: route.name, ...(await measureRouteWeight(await context.newPage(), url, route)) });
    await context.close();
  }
  await browser.close();
  console.log('\n| route | JS raw KB | JS gzip KB | JS files | CSS raw KB | CSS gzip KB | requests before content |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.route} | ${kb(r.jsRaw)} | ${kb(r.jsGzip)} | ${r.jsFiles} | ${kb(r.cssRaw)} | ${kb(r.cssGzip)} | ${r.requestsBeforeVisible} |`);
  }
  const detail = process.argv.indexOf('--files');
  const detailed = detail > 0 ? rows.find((r) => r.route === process.argv[detail + 1]) : undefined;
  if (detailed) {
    console.log(`\nJavaScript of "${detailed.route}", largest first (gzip KB):`);
    for (const [name, gzip] of Object.entries(detailed.chunks).sort((a, b) => b[1] - a[1])) console.log(`${kb(gzip).padStart(7)}  ${name}`);
  }
  if (process.argv.includes('--record')) {
    const budgets = readBudgets();
    for (const row of rows) {
      const budget = budgets.routes[row.route];
      if (budget) budget.chunks = Object.fromEntries(Object.entries(row.chunks).sort((a, b) => b[1] - a[1]));
    }
    writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  }
  console.log(`\n${JSON.stringify(rows.map(({ chunks: _chunks, ...figures }) => figures))}`);
} finally {
  server.kill('SIGTERM');
}
