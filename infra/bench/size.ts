// Bundle-size benchmark: loads the production build in Chromium, cold cache, and prints per route
// the JavaScript and CSS the browser downloaded (raw and gzip bytes) and the number of requests made
// before the page's main content was visible. Run: pnpm --filter @portal/bench size
// `-- --files login` also lists each JavaScript file of that route (largest first), to see where the
// bytes of a page go.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, startBenchPortal, waitForPortal } from './lib/bench-portal';

const PORT = Number(process.env.BENCH_PORT ?? 8282);
const BASE = `http://127.0.0.1:${PORT}`;
const BUYER = { email: process.env.BENCH_BUYER_EMAIL ?? 'lucas.janssens@zorggroep-scheldeland.example', password: process.env.BENCH_BUYER_PASSWORD ?? 'DemoPortal!2025' };

interface Route {
  name: string;
  path: string;
  /** Selector of the page's main content. */
  ready: string;
  signedIn?: boolean;
}

const ROUTES: Route[] = [
  { name: 'login', path: '/en/auth/login', ready: '[data-remote="auth"] h1' },
  { name: 'visitor home', path: '/en', ready: 'main h1' },
  { name: 'public shop index', path: '/en/products', ready: '[data-remote="catalog"] h1' },
  { name: 'checkout overview', path: '/en/checkout/overview', ready: '[data-remote="checkout"] h1' },
  { name: 'dashboard (signed in)', path: '/en', ready: 'main h1', signedIn: true },
  { name: 'my products (signed in)', path: '/en/my-products', ready: '[data-remote="catalog"] h1', signedIn: true },
  { name: 'my orders (signed in)', path: '/en/my-orders', ready: '[data-remote="orders"] h1', signedIn: true },
  { name: 'checkout overview (signed in)', path: '/en/checkout/overview', ready: '[data-remote="checkout"] h1', signedIn: true },
  { name: 'checkout extra info (signed in)', path: '/en/checkout/extra-info', ready: '[data-remote="checkout"] h1', signedIn: true },
  { name: 'checkout personal info (signed in)', path: '/en/checkout/personal-info', ready: '[data-remote="checkout"] h1', signedIn: true },
  { name: 'checkout order (signed in)', path: '/en/checkout/order/00000000-0000-4000-8000-000000000000', ready: '[data-remote="checkout"] h1', signedIn: true },
  { name: 'user info (signed in)', path: '/en/user/info', ready: '[data-remote="account"] h1', signedIn: true },
  { name: 'contract (signed in)', path: '/en/user/contract', ready: '[data-remote="account"] h1', signedIn: true },
  { name: 'users admin (signed in)', path: '/en/user/users', ready: '[data-remote="account"] h1', signedIn: true },
  { name: 'contact (signed in)', path: '/en/contact', ready: '[data-remote="account"] h1', signedIn: true },
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

interface Figures {
  route: string;
  /** Each script: its path and gzip bytes. */
  scripts: { url: string; gzip: number }[];
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  jsFiles: number;
  requestsBeforeVisible: number;
}

async function measure(page: Page, route: Route): Promise<Figures> {
  const sizes = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0, jsFiles: 0 };
  const scripts: Figures['scripts'] = [];
  const pending: Promise<void>[] = [];
  let requests = 0;
  let visible = false;
  page.on('request', () => {
    if (!visible) requests++;
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const gzip = gzipSync(body).length;
        if (type === 'script') {
          sizes.jsRaw += body.length;
          sizes.jsGzip += gzip;
          sizes.jsFiles++;
          scripts.push({ url: new URL(response.url()).pathname, gzip });
        } else {
          sizes.cssRaw += body.length;
          sizes.cssGzip += gzip;
        }
      }, () => undefined),
    );
  });
  await page.goto(`${BASE}${route.path}`);
  await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  visible = true;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { route: route.name, ...sizes, scripts, requestsBeforeVisible: requests };
}

const kb = (n: number) => (n / 1024).toFixed(1);

const server = startBenchPortal('size', PORT);
try {
  await waitForPortal(BASE);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const cookie = await tokensCookie();
  const rows: Figures[] = [];
  for (const route of measured) {
    const context = await browser.newContext();
    if (route.signedIn) await context.addCookies([{ name: 'tokens', value: cookie, domain: '127.0.0.1', path: '/' }]);
    rows.push(await measure(await context.newPage(), route));
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
    for (const s of [...detailed.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(s.gzip).padStart(7)}  ${s.url}`);
  }
  console.log(`\n${JSON.stringify(rows.map(({ scripts: _scripts, ...figures }) => figures))}`);
} finally {
  server.kill('SIGTERM');
}
