// What metrics and tracing cost (issue 43, decision 071): in one run, the API with both off (no
// METRICS_PORT, no OTEL_EXPORTER_OTLP_ENDPOINT) and with both on (the metrics listener scraped every
// second, traces sampled at --ratio and exported over OTLP/HTTP to a local sink that takes and
// drops them), alternating off/on for --rounds rounds so that a drifting machine weighs on both:
//   - orders per second: --buyers contract buyers each adding to the cart and placing, for --duration s;
//   - the catalogue's cached path: one contract index page, answered from the instance cache;
//   - the catalogue's database path: the same page with the cache off (CATALOG_CACHE_ENTRIES=0).
// The server process is started afresh for each measure (the cache-off measures get their own).
//   pnpm --filter @portal/bench observe [-- --duration 8 --rounds 2 --buyers 4 --connections 4 --ratio 0.1]
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { closedLoop } from './lib/closed-loop';
import { readCost } from './lib/cost-probe';
import { BENCH_HOST as HOST, printTable, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    buyers: { type: 'string', default: '4' },
    connections: { type: 'string', default: '4' },
    ratio: { type: 'string', default: '0.1' },
    'data-dir': { type: 'string', default: '/tmp/portal-observe-bench' },
    'db-name': { type: 'string', default: 'portal_observe_bench' },
    'log-level': { type: 'string', default: 'warn' },
  },
});

const CLIENT_ID = 'portal-web';
type Mode = 'off' | 'on';
type Measure = 'orders' | 'cached' | 'database';

/** A stand-in OTLP/HTTP collector: reads each export and answers 200, counting what it took. */
async function startSink(): Promise<{ url: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    url: `http://${HOST}:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const tooling = await import('@portal/api/tooling');
  const duration = Number(args.duration);
  const rounds = Number(args.rounds);
  const nBuyers = Number(args.buyers);
  const connections = Number(args.connections);
  const dataDir = args['data-dir']!;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: true });
  const base = benchApiEnv({ dataDir, url, clientId: CLIENT_ID, extra: { AUTH_REQUEST_LIMIT: '100000' } });
  const sink = await startSink();

  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  let setup: Awaited<ReturnType<typeof tooling.prepareOrdersBench>>;
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    setup = await tooling.prepareOrdersBench(database.db, { clientId: CLIENT_ID, throughput: nBuyers, contention: 0, retry: 0, scarceUnits: 10 });
  } finally {
    await database.close();
  }

  const envFor = (mode: Mode, cacheEntries: string) => ({
    ...base.env,
    CATALOG_CACHE_ENTRIES: cacheEntries,
    ...(mode === 'on' ? { METRICS_PORT: '0', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, TRACES_SAMPLE_RATIO: args.ratio! } : { METRICS_PORT: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' }),
  });

  /** Starts the server, runs `work` against it while (mode on) Prometheus' scrape is played every second. */
  async function withServer<T>(mode: Mode, cacheEntries: string, work: (api: string, bare: string) => Promise<T>): Promise<T> {
    const server = spawnServerPair(import.meta.filename, args['log-level']!, envFor(mode, cacheEntries));
    let scraper: NodeJS.Timeout | undefined;
    try {
      const { api, bare, metricsPort } = await waitReady(server);
      if (mode === 'on') {
        if (!metricsPort) throw new Error('metrics listener not started');
        scraper = setInterval(() => void fetch(`http://${HOST}:${metricsPort}/metrics`).then((r) => r.text()).catch(() => undefined), 1000);
      }
      return await work(api, bare);
    } finally {
      clearInterval(scraper);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }

  // Access tokens once (the same signing key and database in every server process).
  const tokens = await withServer('off', '2000', async (api) => {
    const out: string[] = [];
    for (const refresh of setup.throughput) {
      const res = await fetch(`${api}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: base.secret, grant_type: 'refresh_token', refresh_token: refresh }),
      });
      out.push(((await res.json()) as { access_token: string }).access_token);
    }
    return out;
  });
  const headers = (token: string, json = false) => ({ authorization: `Bearer ${token}`, 'x-shop-type': 'portal', 'accept-language': 'en', ...(json ? { 'content-type': 'application/json' } : {}) });
  const checkout = await withServer('off', '2000', async (api) => {
    const book = (await (await fetch(`${api}/api/v1/addresses`, { headers: headers(tokens[0]!) })).json()) as { id: string; type: string; is_default: boolean }[];
    return {
      billing_address_id: book.find((a) => a.type === 'billing' && a.is_default)!.id,
      delivery_address_id: book.find((a) => a.type === 'shipping' && a.is_default)!.id,
      shipping_method: 'standard',
      submitter: { first_name: 'Bench', last_name: 'Buyer', function: 'Buyer', full_name: 'Bench Buyer', declaration: true },
    };
  });
  const pick = () => setup.products[Math.floor(Math.random() * setup.products.length)]!;
  const page = (api: string) => `${api}/api/v1/catalog/products?sort=price_asc`;

  /** A measure's rate and the API process's CPU per answer (user + system; steadier than rates on a shared machine). */
  type Figure = { rate: number; cpuMs: number };

  async function orders(api: string, bare: string): Promise<Figure> {
    const place = async (w: number) => {
      const token = tokens[w]!;
      const started = performance.now();
      const filled = await fetch(`${api}/api/v1/cart/items/bulk`, { method: 'POST', headers: headers(token, true), body: JSON.stringify({ lines: [{ product_id: pick(), quantity: 1 }] }) });
      await filled.arrayBuffer();
      if (filled.status !== 200) return { ok: false, ms: 0, status: `cart ${filled.status}` };
      const res = await fetch(`${api}/api/v1/orders`, { method: 'POST', headers: { ...headers(token, true), 'idempotency-key': randomUUID() }, body: JSON.stringify(checkout) });
      await res.arrayBuffer();
      return { ok: res.status === 201, ms: performance.now() - started, status: res.status };
    };
    for (let i = 0; i < 5; i++) await Promise.all(tokens.map((_, w) => place(w)));
    const before = await readCost(bare);
    const r = await closedLoop(nBuyers, duration * 1000, place);
    const after = await readCost(bare);
    if (r.failed) console.log(`  (orders: ${r.failed} failed: ${JSON.stringify(r.failures)})`);
    return { rate: r.ok / r.seconds, cpuMs: (after.cpuMs - before.cpuMs) / Math.max(1, r.ok) };
  }

  async function catalogue(api: string, bare: string): Promise<Figure> {
    const opts = { url: page(api), headers: headers(tokens[0]!), connections };
    // Warmed by a count, not a time: on a loaded machine a second is a handful of requests, and the
    // measure would pay for the JIT's compiling.
    await autocannon({ ...opts, amount: 300 });
    const before = await readCost(bare);
    const r = await autocannon({ ...opts, duration });
    const after = await readCost(bare);
    if (r.non2xx || r.errors) console.log(`  (catalogue: ${r.non2xx} non-2xx, ${r.errors} errors)`);
    return { rate: r.requests.average, cpuMs: (after.cpuMs - before.cpuMs) / Math.max(1, r.requests.total) };
  }

  const results: Record<Measure, Record<Mode, Figure[]>> = { orders: { off: [], on: [] }, cached: { off: [], on: [] }, database: { off: [], on: [] } };
  for (let round = 0; round < rounds; round++) {
    // Off first in even rounds, on first in odd ones.
    const order: Mode[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const mode of order) {
      await withServer(mode, '2000', async (api, bare) => {
        results.cached[mode].push(await catalogue(api, bare));
        results.orders[mode].push(await orders(api, bare));
      });
      await withServer(mode, '0', async (api, bare) => results.database[mode].push(await catalogue(api, bare)));
      const f = (m: Measure) => `${results[m][mode].at(-1)!.rate.toFixed(1)}/s ${results[m][mode].at(-1)!.cpuMs.toFixed(2)} ms CPU`;
      console.log(`round ${round + 1}, ${mode}: orders ${f('orders')}, cached ${f('cached')}, database ${f('database')}`);
    }
  }
  await sink.close();

  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const rows = (Object.keys(results) as Measure[]).map((m) => {
    const [off, on] = [mean(results[m].off.map((f) => f.rate)), mean(results[m].on.map((f) => f.rate))];
    const [cpuOff, cpuOn] = [mean(results[m].off.map((f) => f.cpuMs)), mean(results[m].on.map((f) => f.cpuMs))];
    const label = { orders: `orders/s (${nBuyers} buyers: add to cart + place)`, cached: `catalogue index, cached (${connections} connections), req/s`, database: `catalogue index, database path (cache off, ${connections} connections), req/s` }[m];
    return [
      label,
      off.toFixed(1),
      on.toFixed(1),
      `${(((off - on) / off) * 100).toFixed(1)} %`,
      `${cpuOff.toFixed(2)} ms`,
      `${cpuOn.toFixed(2)} ms`,
      `${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)} %`,
    ];
  });
  console.log(`\nmetrics + tracing cost on ${url ? 'PostgreSQL' : 'PGlite'}: ${rounds} round(s) of ${duration} s per measure; on = METRICS_PORT (scraped every 1 s) + OTLP export, TRACES_SAMPLE_RATIO=${args.ratio}`);
  console.log(`OTLP sink took ${sink.exports()} exports, ${(sink.bytes() / 1024).toFixed(0)} KiB\n`);
  printTable(['measure', 'off', 'on', 'rate cost', 'API CPU per answer, off', 'on', 'CPU cost'], rows);
}

if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();
