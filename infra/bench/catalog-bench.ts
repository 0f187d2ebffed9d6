// Catalogue benchmark (issue 7): the API on a generated catalogue (default 1 000 000 products, a
// third of them in the hospital contract) in its own process; autocannon in this process drives a
// filtered, sorted index page (contract range and public shop), text and code searches, the facets
// and a detail page, beside a bare Fastify constant route served by the same server process.
//   pnpm --filter @portal/bench catalog [-- --products 1000000 --duration 10 --connections 1 --cache-entries 0]
//     [--stock-writes 20] (stock updates per second in the background, as placements do: PostgreSQL only)
//     [--only detail,search] (scenarios whose name contains one of these words, beside the bare route)
// Each scenario also prints what one answer cost the API process (lib/cost-probe.ts): the statements
// it sent to PostgreSQL (n/a on PGlite) and its CPU time, over the measured run (issue 45).
// After preparing, the catalogue tables are vacuumed and analysed (what autovacuum does after a bulk
// load in production): GIN pending lists and dead count rows left by generation are not measured.
// The database is kept between runs (generation takes minutes): PGlite in --data-dir, or with
// DATABASE_URL set, a database named --db-name on that server. --fresh starts it over.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { readCost } from './lib/cost-probe';
import { startStockWriter, type StockWriter } from './lib/stock-writer';
import { BENCH_HOST as HOST, fmt, printTable, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1' },
    products: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string', default: '/tmp/portal-catalog-bench' },
    'db-name': { type: 'string', default: 'portal_catalog_bench' },
    fresh: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
    // The API's catalogue cache size (CATALOG_CACHE_ENTRIES, decision 042); 0 measures every request on the database.
    'cache-entries': { type: 'string', default: '2000' },
    'stock-writes': { type: 'string', default: '0' },
    only: { type: 'string' },
  },
});

const CLIENT_ID = 'portal-web';

if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();


async function main() {
  const tooling = await import('@portal/api/tooling');
  const products = Number(args.products);
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const dataDir = args['data-dir']!;
  if (args.fresh && !process.env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: args.fresh! });
  const { env, secret } = benchApiEnv({ dataDir, url, clientId: CLIENT_ID, extra: { CATALOG_CACHE_ENTRIES: args['cache-entries']! } });

  // 1. The database: migrations, demo data, and whatever part of the generated catalogue is missing.
  const prepStarted = Date.now();
  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    const generated = await tooling.generateLargeCatalogue(database.db, {
      count: products,
      upToCount: true,
      onProgress: (done, total) => process.stdout.write(`\rgenerating ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`),
    });
    process.stdout.write(`\nadded ${generated.added.toLocaleString('en')}; catalogue ${generated.total.toLocaleString('en')} products\n`);
  } finally {
    await database.close();
  }
  if (url) await vacuumCatalogue(url);
  console.log(`prepared ${database.kind} with ${products.toLocaleString('en')} generated products in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`);

  // 2. The server process, and an access token of the hospital buyer (the generated contract range).
  const server = spawnServerPair(import.meta.filename, args['log-level']!, env);
  let writer: StockWriter | undefined;
  try {
    const { api, bare } = await waitReady(server);
    const buyer = tooling.demoAccounts().find((a) => a.email.startsWith('lucas.janssens'))!;
    const tokenRes = await fetch(`${api}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: secret, grant_type: 'password', username: buyer.email, password: buyer.password }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const portal = { authorization: `Bearer ${token}`, 'x-shop-type': 'portal', 'accept-language': 'en' };
    const medical = { 'x-shop-type': 'medical', 'accept-language': 'nl' };
    // A generated product that exists at any size: 777 777 of a million, 77 777 of 100 000.
    const sample = Math.max(1, Math.floor(products * 0.777777));
    const scenarios: { name: string; opts: autocannon.Options }[] = [
      { name: 'bare Fastify constant route', opts: { url: `${bare}/constant` } },
      { name: 'index, contract: family filter, price asc', opts: { url: `${api}/api/v1/catalog/products?category=personal-protective-gear&sort=price_asc`, headers: portal } },
      { name: 'index, contract: brand filter, name desc, page 3', opts: { url: `${api}/api/v1/catalog/products?brand=nordwall&sort=name_desc&page=3`, headers: portal } },
      { name: 'index, medical shop: group filter, price desc', opts: { url: `${api}/api/v1/catalog/products?group=consumables&sort=price_desc`, headers: medical } },
      { name: 'search, contract, en: "tourniquet"', opts: { url: `${api}/api/v1/catalog/products?q=tourniquet`, headers: portal } },
      { name: 'search, medical shop, nl: "handschoenen"', opts: { url: `${api}/api/v1/catalog/products?q=handschoenen`, headers: medical } },
      { name: 'search, contract: code without dashes', opts: { url: `${api}/api/v1/catalog/products?q=gen${String(sample).padStart(7, '0')}`, headers: portal } },
      { name: 'detail, contract', opts: { url: `${api}/api/v1/catalog/products/generated-product-${sample}`, headers: portal } },
      { name: 'facets, contract: family filter', opts: { url: `${api}/api/v1/catalog/facets?category=personal-protective-gear`, headers: portal } },
      { name: 'facets, contract: no filter', opts: { url: `${api}/api/v1/catalog/facets`, headers: portal } },
      { name: 'facets, medical shop: no filter', opts: { url: `${api}/api/v1/catalog/facets`, headers: medical } },
    ];
    const only = args.only?.split(',').filter(Boolean);
    const chosen = only ? scenarios.filter((s) => s.name.startsWith('bare') || only.some((w) => s.name.includes(w))) : scenarios;
    const stockWrites = Number(args['stock-writes']);
    if (stockWrites > 0 && !url) throw new Error('--stock-writes needs DATABASE_URL (PostgreSQL)');
    writer = stockWrites > 0 ? await startStockWriter(url!, { perSecond: stockWrites, products }) : undefined;
    const writesStarted = Date.now();
    console.log(`\nautocannon: ${connections} connection(s), ${duration} s per scenario (after a 2 s warm-up), against ${HOST}${writer ? `; ${stockWrites} stock updates/s in the background` : ''}\n`);
    const rows: string[][] = [];
    let bareRps = 0;
    for (const s of chosen) {
      await autocannon({ ...s.opts, connections, duration: 2 });
      // What one answer costs the API process, whatever the machine's load (lib/cost-probe.ts): its
      // statements to PostgreSQL and its CPU, over the measured run only (the warm-up filled the caches).
      const before = await readCost(bare);
      const { result: r, times } = await run({ ...s.opts, connections, duration });
      const after = await readCost(bare);
      if (s.name.startsWith('bare')) bareRps = r.requests.average;
      const bad = r.non2xx + r.errors + r.timeouts;
      const answers = Math.max(1, times.length);
      rows.push([
        s.name,
        fmt(r.requests.average),
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        ms(percentile(times, 99)),
        bareRps ? `${((r.requests.average / bareRps) * 100).toFixed(1)} %` : '',
        String(bad),
        url ? ((after.statements - before.statements) / answers).toFixed(3) : 'n/a',
        `${(((after.cpuMs - before.cpuMs) * 1000) / answers).toFixed(0)} µs`,
      ]);
    }
    printTable(['scenario', 'req/s', 'p50', 'p95', 'p99', 'vs bare', 'non-2xx/errors', 'statements/answer', 'API CPU/answer'], rows);
    if (writer) {
      const written = await writer.stop();
      writer = undefined;
      console.log(`\nstock updates committed in the background: ${written} in ${((Date.now() - writesStarted) / 1000).toFixed(0)} s`);
    }
  } finally {
    await writer?.stop();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** VACUUM (ANALYZE) of the catalogue's tables; VACUUM cannot run inside the migrations' transaction. */
async function vacuumCatalogue(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      'vacuum (analyze) products, product_translations, contract_prices, product_facet_counts, contract_facet_counts, product_images, bundle_lines, product_relations',
    );
    console.log(`vacuumed and analysed the catalogue tables in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** One autocannon run that also keeps every response time (autocannon reports no p95 itself). */
function run(opts: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function ms(v: number) {
  return `${v.toFixed(1)} ms`;
}

