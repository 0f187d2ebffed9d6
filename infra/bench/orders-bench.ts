// Order placement benchmark (issue 13): the API in its own process on a fresh database (PGlite, or
// with DATABASE_URL a database named --db-name on that server), beside a bare Fastify route.
//   1. throughput: --buyers concurrent contract buyers, each filling a cart and placing it, for
//      --duration seconds: orders per second and placement latency (p50/p95/p99);
//   2. contention: --contention buyers place at once for the last --units units of one product:
//      exactly --units orders, nothing oversold;
//   3. retried keys: --retry buyers send the same Idempotency-Key five times (three at once, then
//      two more): 0 duplicate orders;
//   4. budget (issue 33): --budget buyers place at once against one cost centre whose budget fits
//      --budget-fits of their orders and half of another: exactly --budget-fits placed, the
//      others BUDGET_EXCEEDED, spent = the placed orders' totals.
//   pnpm --filter @portal/bench orders [-- --duration 10 --buyers 10 --contention 200 --units 10 --cpu-prof /tmp/prof]
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { postgresCpuMs, readCost } from './lib/cost-probe';
import { BENCH_HOST as HOST, fmt, printTable, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    buyers: { type: 'string', default: '10' },
    contention: { type: 'string', default: '200' },
    units: { type: 'string', default: '10' },
    retry: { type: 'string', default: '20' },
    budget: { type: 'string', default: '100' },
    'budget-fits': { type: 'string', default: '10' },
    'data-dir': { type: 'string', default: '/tmp/portal-orders-bench' },
    'db-name': { type: 'string', default: 'portal_orders_bench' },
    'log-level': { type: 'string', default: 'warn' },
    // A folder: the API process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    'cpu-prof': { type: 'string' },
  },
});

const CLIENT_ID = 'portal-web';

/** A fresh database every run (the run changes stock and orders). */

interface Api {
  base: string;
  secret: string;
}

async function accessToken(api: Api, refresh: string): Promise<string> {
  const res = await fetch(`${api.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: api.secret, grant_type: 'refresh_token', refresh_token: refresh }),
  });
  if (!res.ok) throw new Error(`refresh grant: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const headersOf = (token: string, json: boolean) => ({
  authorization: `Bearer ${token}`,
  'x-shop-type': 'portal',
  'accept-language': 'en',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

async function call(api: Api, token: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${api.base}/api${path}`, { method, headers: { ...headersOf(token, body !== undefined), ...extra }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json, ms: performance.now() - started };
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const tooling = await import('@portal/api/tooling');
  const duration = Number(args.duration);
  const nBuyers = Number(args.buyers);
  const nContention = Number(args.contention);
  const units = Number(args.units);
  const nRetry = Number(args.retry);
  const nBudget = Number(args.budget);
  const budgetFits = Number(args['budget-fits']);
  const dataDir = args['data-dir']!;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: true });
  const { env, secret } = benchApiEnv({ dataDir, url, clientId: CLIENT_ID, extra: { AUTH_REQUEST_LIMIT: '100000' } });

  // 1. The database: migrations, demo data, the bench's buyers, products and carts.
  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  let setup: Awaited<ReturnType<typeof tooling.prepareOrdersBench>>;
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    setup = await tooling.prepareOrdersBench(database.db, { clientId: CLIENT_ID, throughput: nBuyers, contention: nContention, retry: nRetry, scarceUnits: units, budget: nBudget });
  } finally {
    await database.close();
  }
  const kind = url ? 'PostgreSQL' : 'PGlite';

  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const server = spawnServerPair(import.meta.filename, args['log-level']!, env, profile);
  const rows: string[][] = [];
  const checks: string[] = [];
  try {
    const { api: base, bare } = await waitReady(server);
    const api: Api = { base, secret };
    const tokens = async (refresh: string[]) => {
      const out: string[] = [];
      for (const r of refresh) out.push(await accessToken(api, r));
      return out;
    };
    const [throughput, contention, retry] = [await tokens(setup.throughput), await tokens(setup.contention), await tokens(setup.retry)];
    const book = (await call(api, throughput[0]!, 'GET', '/v1/addresses')).json as unknown as { id: string; type: string; is_default: boolean }[];
    const checkout = {
      billing_address_id: book.find((a) => a.type === 'billing' && a.is_default)!.id,
      delivery_address_id: book.find((a) => a.type === 'shipping' && a.is_default)!.id,
      shipping_method: 'standard',
      submitter: { first_name: 'Bench', last_name: 'Buyer', function: 'Buyer', full_name: 'Bench Buyer', declaration: true },
    };
    const pick = () => setup.products[Math.floor(Math.random() * setup.products.length)]!;

    // The bare route, same connections, same time.
    await autocannon({ url: `${bare}/constant`, connections: nBuyers, duration: 2 });
    const bareResult = await autocannon({ url: `${bare}/constant`, connections: nBuyers, duration });
    rows.push([`bare Fastify constant route (${nBuyers} connections)`, `${fmt(bareResult.requests.average)} req/s`, ms(bareResult.latency.p50), ms(bareResult.latency.p97_5), '', '0']);

    // What one cart-add and one placement send to the database, alone (the second of two rounds: warm).
    for (let round = 0; round < 2; round++) {
      const c0 = await readCost(bare);
      await call(api, throughput[0]!, 'POST', '/v1/cart/items/bulk', { lines: [{ product_id: pick(), quantity: 1 }, { product_id: pick(), quantity: 1 }] });
      const c1 = await readCost(bare);
      const one = await call(api, throughput[0]!, 'POST', '/v1/orders', checkout, { 'idempotency-key': randomUUID() });
      const c2 = await readCost(bare);
      if (one.status !== 201) throw new Error(`probe placement: ${one.status} ${JSON.stringify(one.json)}`);
      if (round === 1) checks.push(`statements alone: cart-add (2 lines) ${c1.statements - c0.statements}, placement ${c2.statements - c1.statements}${url ? '' : ' (not counted on PGlite)'}`);
    }

    // 1. Throughput: each buyer fills a cart (1 to 3 lines) and places it, again and again.
    const [costBefore, pgBefore] = [await readCost(bare), await postgresCpuMs(url)];
    const latencies: number[] = [];
    let placed = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    const stopAt = performance.now() + duration * 1000;
    const startedAt = performance.now();
    await Promise.all(
      throughput.map(async (token) => {
        while (performance.now() < stopAt) {
          const lines = [...new Set([pick(), pick(), pick()].slice(0, 1 + Math.floor(Math.random() * 3)))].map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 3) }));
          const filled = await call(api, token, 'POST', '/v1/cart/items/bulk', { lines });
          if (filled.status !== 200) {
            failed++;
            failures.set(`cart ${filled.status} ${String(filled.json?.code)}`, (failures.get(`cart ${filled.status} ${String(filled.json?.code)}`) ?? 0) + 1);
            continue;
          }
          const res = await call(api, token, 'POST', '/v1/orders', checkout, { 'idempotency-key': randomUUID() });
          latencies.push(res.ms);
          if (res.status === 201) placed++;
          else {
            failed++;
            failures.set(`place ${res.status} ${String(res.json?.code)}`, (failures.get(`place ${res.status} ${String(res.json?.code)}`) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    if (failures.size) checks.push(`throughput errors: ${[...failures].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
    const [costAfter, pgAfter] = [await readCost(bare), await postgresCpuMs(url)];
    const per = (v: number) => (placed ? (v / placed).toFixed(2) : 'n/a');
    checks.push(
      `per placed order (its cart-add included): API CPU ${per(costAfter.cpuMs - costBefore.cpuMs)} ms, ` +
        `PostgreSQL backends CPU ${pgBefore === null || pgAfter === null ? 'not measured' : `${per(pgAfter - pgBefore)} ms`}, ` +
        `statements ${url ? per(costAfter.statements - costBefore.statements) : 'not counted on PGlite'}`,
    );
    if (profile.length) checks.push(`CPU profile: the throughput run is the window ${costBefore.monotonicUs} to ${costAfter.monotonicUs} µs of its timestamps`);
    checks.push(`orders/s against the bare route: ${((placed / elapsed / bareResult.requests.average) * 100).toFixed(2)} %`);
    rows.push([
      `place order (${nBuyers} buyers, each: add to cart + place)`,
      `${(placed / elapsed).toFixed(1)} orders/s`,
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 95)),
      ms(percentile(latencies, 99)),
      String(failed),
    ]);

    // 2. Contention: every buyer's cart holds the scarce product; all place at once.
    const answers = await Promise.all(contention.map((token) => call(api, token, 'POST', '/v1/orders', checkout, { 'idempotency-key': randomUUID() })));
    const won = answers.filter((a) => a.status === 201).length;
    const outOfStock = answers.filter((a) => a.status === 409 && a.json?.code === 'CHECKOUT_OUT_OF_STOCK').length;
    const other = answers.length - won - outOfStock;
    rows.push([
      `${nContention} placements at once for the last ${units} units`,
      `${won} placed, ${outOfStock} out of stock`,
      ms(percentile(answers.map((a) => a.ms), 50)),
      ms(percentile(answers.map((a) => a.ms), 95)),
      ms(percentile(answers.map((a) => a.ms), 99)),
      String(other),
    ]);

    // 3. Retried keys: five sends of one key per buyer, three of them at once.
    const retryAnswers = await Promise.all(
      retry.map(async (token) => {
        await call(api, token, 'POST', '/v1/cart/items', { product_id: pick(), quantity: 1 });
        const key = randomUUID();
        const send = () => call(api, token, 'POST', '/v1/orders', checkout, { 'idempotency-key': key });
        const first = await Promise.all([send(), send(), send()]);
        const later = [await send(), await send()];
        return [...first, ...later];
      }),
    );
    const ids = retryAnswers.map((list) => new Set(list.filter((a) => a.status === 201).map((a) => a.json?.id)));
    const duplicateAnswers = ids.reduce((s, set) => s + Math.max(0, set.size - 1), 0);
    const inProgress = retryAnswers.flat().filter((a) => a.status === 409).length;
    rows.push([`${nRetry} keys sent 5 times each (3 at once, then 2)`, `${ids.filter((s) => s.size === 1).length} keys placed`, '', '', '', String(retryAnswers.flat().filter((a) => a.status !== 201 && a.status !== 409).length)]);
    checks.push(`retried keys: ${inProgress} answers 409 in progress, ${duplicateAnswers} keys answered with two different orders`);

    // 4. Budget: the cost centre is activated with room for `budgetFits` orders and half of another; all place at once.
    const [admin, ...budgetBuyers] = await tokens([setup.budget.admin, ...setup.budget.buyers]);
    const country = (book as unknown as { type: string; is_default: boolean; country: string }[]).find((a) => a.type === 'shipping' && a.is_default)!.country;
    const preview = await call(api, budgetBuyers[0]!, 'POST', '/v1/checkout/preview', { delivery_country: country, shipping_method: 'standard' });
    const total = (preview.json as { totals: { incl_vat: number } }).totals.incl_vat;
    const costCentre = (await call(api, admin!, 'GET', `/v1/cost-centres/${setup.budget.costCentreId}`)).json as { buyer_ids: string[] };
    const activated = await call(api, admin!, 'PUT', `/v1/cost-centres/${setup.budget.costCentreId}`, {
      code: 'BENCH',
      name: 'Bench budget',
      active: true,
      budget_cents: budgetFits * total + Math.floor(total / 2),
      period: 'month',
      buyer_ids: costCentre.buyer_ids,
    });
    if (activated.status !== 200) throw new Error(`activating the bench cost centre: ${activated.status} ${JSON.stringify(activated.json)}`);
    const budgetAnswers = await Promise.all(
      budgetBuyers.map((token) => call(api, token, 'POST', '/v1/orders', { ...checkout, cost_centre_id: setup.budget.costCentreId }, { 'idempotency-key': randomUUID() })),
    );
    const charged = budgetAnswers.filter((a) => a.status === 201).length;
    const overBudget = budgetAnswers.filter((a) => a.status === 409 && a.json?.code === 'BUDGET_EXCEEDED').length;
    rows.push([
      `${nBudget} placements at once against one budget that fits ${budgetFits}`,
      `${charged} placed, ${overBudget} over budget`,
      ms(percentile(budgetAnswers.map((a) => a.ms), 50)),
      ms(percentile(budgetAnswers.map((a) => a.ms), 95)),
      ms(percentile(budgetAnswers.map((a) => a.ms), 99)),
      String(budgetAnswers.length - charged - overBudget),
    ]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }

  // What the database says after the run.
  const after = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 2, pgliteDataDir: join(dataDir, 'pglite') });
  try {
    const c = await tooling.checkOrdersBench(after.db, setup.scarce);
    checks.push(`scarce product: ${c.scarce.orders} orders, ${c.scarce.units} units sold of ${units}, stock left ${c.scarce.stock}, oversold ${Math.max(0, c.scarce.units - units)}`);
    checks.push(`retry buyers: ${c.retry.orders} orders for ${nRetry} keys: ${c.retry.orders - c.retry.buyers} duplicate orders`);
    checks.push(`orders without lines: ${c.all.broken} of ${c.all.orders}`);
    checks.push(`budget: ${c.budget.orders} orders charged (of ${budgetFits} that fit), spent ${c.budget.spent} cents = their totals ${c.budget.charged} cents: ${c.budget.spent === c.budget.charged ? 'exact' : 'MISMATCH'}`);
  } finally {
    await after.close();
  }
  console.log(`\norders benchmark on ${kind}, ${duration} s throughput run, against ${HOST}\n`);
  printTable(['scenario', 'result', 'p50', 'p95', 'p99', 'errors'], rows);
  console.log('');
  for (const c of checks) console.log(`- ${c}`);
}

// Last: the helpers above are initialised before either role runs.
if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();
