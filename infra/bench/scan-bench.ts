// Scan to order in the browser (issue 42, decision 075): the time from a wedge scanner's Enter in the
// quick-order field to the header's cart count showing the new line, beside, in the same run and
// from the same page, the two API calls that round trip makes (the GTIN lookup, the cart's add)
// fetched without the page's code, and a bare Fastify route returning a constant (the browser's own
// round trip to a server that does nothing).
//
//   pnpm --filter @portal/bench scan                 # builds must exist: pnpm -r --filter './shell' --filter './mfe-*' run build
//   pnpm --filter @portal/bench scan -- --runs 30
//
// Each round scans a product not yet in the cart (the count is of lines), so the count moves every
// time. The clock is the page's: the Enter key's event time, then a MutationObserver on the count.
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startBenchPortal, waitForPortal } from './lib/bench-portal';
import { BENCH_HOST, printTable } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '8345' },
    url: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const BASE = args.url ?? `http://${BENCH_HOST}:${PORT}`;
const BUYER = { email: 'lucas.janssens@zorggroep-scheldeland.example', password: 'DemoPortal!2025' };

const server = args.url ? null : startBenchPortal('scan', PORT);
const bare = Fastify({ logger: false });
bare.get('/constant', async () => ({ hello: 'world' }));
const bareUrl = `${await bare.listen({ host: BENCH_HOST, port: 0 })}/constant`;

try {
  await waitForPortal(BASE);
  const grant = await fetch(`${BASE}/api/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: 'portal-web', client_secret: process.env.E2E_CLIENT_SECRET ?? 'portal-web-development-secret', username: BUYER.email, password: BUYER.password }),
  });
  const tokens = (await grant.json()) as { access_token: string; expires_in: number };
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'x-shop-type': 'portal' };

  // Products of the contract not in the cart, and their GTINs (the demo seed's: company prefix
  // 5400001, the product's number, the check digit the API accepts).
  const inCart = new Set(((await (await fetch(`${BASE}/api/v1/cart`, { headers })).json()) as { lines: { product_id: string }[] }).lines.map((l) => l.product_id));
  const items = ((await (await fetch(`${BASE}/api/v1/catalog/products?page_size=96`, { headers })).json()) as { items: { id: string; article_code: string; orderable: boolean; stock_state: string }[] }).items;
  const gtins: { id: string; gtin: string }[] = [];
  for (const item of items.filter((i) => i.orderable && i.stock_state === 'in_stock' && !inCart.has(i.id))) {
    if (gtins.length === RUNS * 2) break;
    const body = `5400001${String((Number(item.article_code.split('-').pop()) - 100000) / 37).padStart(5, '0')}`;
    for (const d of '0123456789') {
      if ((await fetch(`${BASE}/api/v1/catalog/gtin/${body}${d}`, { headers })).ok) {
        gtins.push({ id: item.id, gtin: `${body}${d}` });
        break;
      }
    }
  }
  if (gtins.length < RUNS * 2) throw new Error(`only ${gtins.length} products to scan, ${RUNS * 2} needed`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: BASE });
  const host = new URL(BASE).hostname;
  await context.addCookies([{ name: 'tokens', value: encodeURIComponent(JSON.stringify({ ...tokens, expires_at: Date.now() + tokens.expires_in * 1000 })), domain: host, path: '/', sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto('/en/quick-order');
  await page.getByLabel('Lines').waitFor();
  await page.getByTestId('header-cart').waitFor();
  // The bare route is fetched from a blank page of the same browser: the portal's CSP (connect-src
  // 'self') would refuse another origin.
  const blank = await context.newPage();
  await page.evaluate(() => {
    document.addEventListener('keydown', (e) => e.key === 'Enter' && ((window as unknown as { enterAt: number }).enterAt = performance.now()), true);
  });

  const ui: number[] = [];
  const apiOnly: number[] = [];
  const bareRoute: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // The page: scanner keys, Enter, until the header's count moves.
    const { gtin } = gtins[i]!;
    const before = Number(await page.getByTestId('header-cart').getAttribute('data-count'));
    await page.getByLabel('Lines').focus();
    await page.keyboard.type(`]d201${gtin.padStart(14, '0')}`);
    const counted = page.evaluate(
      (target) =>
        new Promise<number>((resolve) => {
          const cart = document.querySelector('[data-testid="header-cart"]')!;
          new MutationObserver(() => {
            if (Number(cart.getAttribute('data-count')) >= target) resolve(performance.now());
          }).observe(cart, { attributes: true });
        }),
      before + 1,
    );
    await page.keyboard.press('Enter');
    const end = await counted;
    ui.push(end - (await page.evaluate(() => (window as unknown as { enterAt: number }).enterAt)));

    // The same two calls from the page, without its code; then the bare route.
    const next = gtins[RUNS + i]!;
    apiOnly.push(
      await page.evaluate(
        async ({ gtin, id, auth }) => {
          const start = performance.now();
          const h = { authorization: auth, 'x-shop-type': 'portal' };
          await (await fetch(`/api/v1/catalog/gtin/${gtin}`, { headers: h })).json();
          await (await fetch('/api/v1/cart/items', { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ product_id: id, quantity: 1 }) })).json();
          return performance.now() - start;
        },
        { gtin: next.gtin, id: next.id, auth: headers.authorization },
      ),
    );
    bareRoute.push(
      await blank.evaluate(async (url) => {
        const start = performance.now();
        await fetch(url, { mode: 'no-cors', cache: 'no-store' });
        return performance.now() - start;
      }, bareUrl),
    );
  }
  await browser.close();

  const q = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
  const row = (name: string, list: number[]) => [name, String(list.length), `${q(list, 0.5).toFixed(1)} ms`, `${q(list, 0.95).toFixed(1)} ms`, `${Math.max(...list).toFixed(1)} ms`];
  printTable(
    ['scenario', 'n', 'p50', 'p95', 'max'],
    [
      row('scan to cart: Enter to the header count (page)', ui),
      row('GTIN lookup + cart add, fetched from the page', apiOnly),
      row('bare Fastify constant route, fetched from the page', bareRoute),
    ],
  );
} finally {
  await bare.close();
  server?.kill('SIGTERM');
}
