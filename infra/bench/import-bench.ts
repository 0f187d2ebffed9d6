// Bulk import benchmark (issue 29, decision 049), PostgreSQL only (DATABASE_URL): the API in its
// own process (beside a bare Fastify route) on a fresh database with the demo data.
//   1. --products products, each with its three translations, streamed as NDJSON through
//      POST /api/integration/v1/products/bulk, then --prices contract prices through /prices/bulk;
//      rows per second, and the API process's peak RSS while it imports (memory flat or not);
//   2. the same product and translation rows COPYed from a server-side file into copies of the
//      products and product_translations tables with the same indexes (no triggers): the physical limit;
//   3. --stock stock levels in one bulk call;
//   4. single stock updates (PUT /stock/{code}, a new delta each) from 10 connections for --duration
//      seconds, beside the bare route.
//   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres pnpm --filter @portal/bench run import [-- --products 100000 --prices 33300]
import { mkdirSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { fmt, printTable, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    products: { type: 'string', default: '1000000' },
    prices: { type: 'string', default: '333000' },
    stock: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    'data-dir': { type: 'string', default: '/tmp/portal-import-bench' },
    'db-name': { type: 'string', default: 'portal_import_bench' },
    'log-level': { type: 'string', default: 'warn' },
    // Which parts to run (comma-separated): products, prices, copy, stock, single.
    phases: { type: 'string', default: 'products,prices,copy,stock,single' },
  },
});
const PHASES = new Set(args.phases!.split(','));

const CLIENT_ID = 'portal-web';
const code = (i: number) => `BENCH-${String(i).padStart(7, '0')}`;

function productLine(i: number, category: string): string {
  return JSON.stringify({
    article_code: code(i),
    version: 1,
    translations: {
      en: { name: `Bench product ${i}`, description: `Examination gloves, nitrile, size ${i % 5}` },
      nl: { name: `Benchproduct ${i}`, description: `Onderzoekshandschoenen, nitril, maat ${i % 5}` },
      fr: { name: `Produit banc ${i}`, description: `Gants d'examen, nitrile, taille ${i % 5}` },
    },
    brand: `Bench brand ${i % 40}`,
    category,
    specs: { size: String(i % 5) },
    unit: 'box',
    price_cents: 100 + (i % 10_000),
  });
}

/** NDJSON lines produced as the request pulls them (never the whole body in memory). */
function body(count: number, line: (i: number) => string, prefix: string[] = []): Readable {
  let i = 0;
  return new Readable({
    read() {
      let chunk = '';
      if (i === 0) chunk += prefix.map((l) => `${l}\n`).join('');
      for (let n = 0; n < 500 && i < count; n++) chunk += `${line(++i)}\n`;
      this.push(chunk || null);
      if (i >= count && chunk) this.push(null);
    },
  });
}

async function upload(base: string, token: string, kind: string, payload: Readable): Promise<{ seconds: number; job: Record<string, unknown> }> {
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const req = request(`${base}/api/integration/v1/${kind}/bulk`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`${kind}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    payload.pipe(req);
  });
  return { seconds: (performance.now() - started) / 1000, job: JSON.parse(answer) };
}

async function main() {
  const tooling = await import('@portal/api/tooling');
  const nProducts = Number(args.products);
  const nPrices = Math.min(Number(args.prices), nProducts);
  const nStock = Math.min(Number(args.stock), nProducts);
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: true });
  if (!url) throw new Error('the import bench runs on PostgreSQL: set DATABASE_URL');
  const dataDir = args['data-dir']!;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const probeDir = join(dataDir, 'memory');
  mkdirSync(probeDir);

  // The demo data (taxonomy, organisations, contracts) and an integration client with every scope.
  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 2, pgliteDataDir: '' });
  let client: { id: string; secret: string };
  let category: string;
  let customer: string;
  const pg = (await import('pg')).default;
  const sqlClient = new pg.Client({ connectionString: url });
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    const made = await tooling.createIntegrationClientsRepository(database.db).create(tooling.SYSTEM_CALLER, { name: 'bench-erp', scopes: ['catalog:write', 'prices:write', 'stock:write'] });
    client = { id: made.client.id, secret: made.secret };
    await sqlClient.connect();
    category = (await sqlClient.query<{ slug: string }>('select slug from categories where parent_id is not null order by slug limit 1')).rows[0]!.slug;
    customer = (await sqlClient.query<{ customer_number: string }>('select customer_number from organisations order by customer_number limit 1')).rows[0]!.customer_number;
  } finally {
    await database.close();
  }

  const { env } = benchApiEnv({
    dataDir,
    url,
    clientId: CLIENT_ID,
    extra: {
      MEMORY_PROBE_DIR: probeDir,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${new URL('./lib/memory-probe.mjs', import.meta.url).href}`.trim(),
    },
  });
  const server = spawnServerPair(import.meta.filename, args['log-level']!, env);
  const rows: string[][] = [];
  try {
    const { api: base, bare } = await waitReady(server);
    // A fresh token per phase: an access token lives 15 minutes, a million products take longer.
    const newToken = async () => {
      const res = await fetch(`${base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    // Each row is printed as soon as it is measured (a later phase failing keeps the earlier figures).
    const row = (cells: string[]) => {
      rows.push(cells);
      console.log(`| ${cells.join(' | ')} |`);
    };

    // The API process's RSS, sampled by its probe while the imports run.
    let peakRss = 0;
    let startRss = 0;
    const readRss = () => {
      try {
        const file = readFileSync(join(probeDir, `memory-${server.pid}.json`), 'utf8');
        return (JSON.parse(file) as { rss: number }).rss;
      } catch {
        return 0;
      }
    };
    await new Promise((r) => setTimeout(r, 500));
    startRss = readRss();
    // Every sample kept: the peak per quarter of the products phase shows whether memory stays flat
    // as the body grows (a held body would grow with it), beyond the one overall peak.
    const samples: { at: number; rss: number }[] = [];
    const sampler = setInterval(() => {
      const rss = readRss();
      peakRss = Math.max(peakRss, rss);
      samples.push({ at: performance.now(), rss });
    }, 100);
    const quarters = (from: number, to: number) =>
      [0, 1, 2, 3].map((q) => {
        const inQuarter = samples.filter((s) => s.at >= from + ((to - from) * q) / 4 && s.at < from + ((to - from) * (q + 1)) / 4);
        return Math.max(0, ...inQuarter.map((s) => s.rss)) / 1048576;
      });

    // 1. Products through the API, then contract prices.
    let productRate = 0;
    let productQuarters: number[] = [];
    if (PHASES.has('products')) {
    const productsFrom = performance.now();
    const products = await upload(base, await newToken(), 'products', body(nProducts, (i) => productLine(i, category)));
    productRate = nProducts / products.seconds;
    productQuarters = quarters(productsFrom, performance.now());
    row([`products through the API (${fmt(nProducts)}, 3 translations each)`, `${products.seconds.toFixed(1)} s`, `${fmt(productRate)} products/s`, `${fmt(productRate * 4)} rows/s`, `accepted ${fmt(Number(products.job.accepted))}, refused ${products.job.refused}`]);
    }
    if (PHASES.has('prices')) {
    const contract = JSON.stringify({ type: 'contract', number: 'BENCH-CONTRACT', customer_number: customer, version: 1, name: { en: 'Bench contract' }, starts_on: '2026-01-01' });
    const prices = await upload(base, await newToken(), 'prices', body(nPrices, (i) => JSON.stringify({ type: 'price', contract_number: 'BENCH-CONTRACT', article_code: code(i), version: 1, price_cents: 90 + (i % 1000) }), [contract]));
    row([`contract prices through the API (${fmt(nPrices)})`, `${prices.seconds.toFixed(1)} s`, `${fmt(nPrices / prices.seconds)} prices/s`, '', `accepted ${fmt(Number(prices.job.accepted))}, refused ${prices.job.refused}`]);
    }
    clearInterval(sampler);
    peakRss = Math.max(peakRss, readRss());
    row([`API process RSS`, '', `${fmt(startRss / 1048576)} MB before`, `${fmt(peakRss / 1048576)} MB peak`, productQuarters.length ? `peak per quarter of the products: ${productQuarters.map((q) => fmt(q)).join(' / ')} MB` : '']);

    if (PHASES.has('copy')) {
    // 2. COPY of the same rows into copies of the tables with the same indexes.
    const productsCsv = join(dataDir, 'products.csv');
    const textsCsv = join(dataDir, 'translations.csv');
    await new Promise<void>((resolve) => {
      const out = createWriteStream(productsCsv);
      const texts = createWriteStream(textsCsv);
      for (let i = 1; i <= nProducts; i++) {
        const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        out.write(`${id},${code(i).toLowerCase()},${code(i)},1,1,both,box,${100 + (i % 10_000)},2100,"{""size"": ""${i % 5}""}",1\n`);
        texts.write(`${id},en,Bench product ${i},"Examination gloves, nitrile, size ${i % 5}"\n${id},nl,Benchproduct ${i},"Onderzoekshandschoenen, nitril, maat ${i % 5}"\n${id},fr,Produit banc ${i},"Gants d'examen, nitrile, taille ${i % 5}"\n`);
      }
      let open = 2;
      const done = () => --open === 0 && resolve();
      out.end(done);
      texts.end(done);
    });
    await sqlClient.query('create table products_copy (like products including all)');
    await sqlClient.query('create table product_translations_copy (like product_translations including all)');
    const copyStart = performance.now();
    await sqlClient.query(`copy products_copy (id, slug, article_code, brand_id, category_id, shop, unit, price_cents, vat_rate_bp, technical_specs, source_version) from '${productsCsv}' with (format csv)`);
    await sqlClient.query(`copy product_translations_copy (product_id, locale, name, description) from '${textsCsv}' with (format csv)`);
    const copySeconds = (performance.now() - copyStart) / 1000;
    const copyRate = nProducts / copySeconds;
    row([`PostgreSQL COPY of the same rows (copies with the same indexes, no triggers)`, `${copySeconds.toFixed(1)} s`, `${fmt(copyRate)} products/s`, `${fmt(copyRate * 4)} rows/s`, '']);
    if (productRate) row([`API / COPY`, '', `${((productRate / copyRate) * 100).toFixed(0)} %`, '', 'target ≥ 50 %']);
    }

    // 3. Stock levels in one bulk call.
    const token = await newToken();
    if (PHASES.has('stock')) {
    const stock = await upload(base, token, 'stock', body(nStock, (i) => JSON.stringify({ article_code: code(i), level: i % 500, version: 2 })));
    row([`stock levels in one bulk call (${fmt(nStock)})`, `${stock.seconds.toFixed(2)} s`, `${fmt(nStock / stock.seconds)} updates/s`, '', `accepted ${fmt(Number(stock.job.accepted))}`]);

    }
    if (PHASES.has('single')) {
    // 4. Single stock updates from 10 connections (a new delta each), beside the bare route.
    const duration = Number(args.duration);
    const bareRun = await autocannon({ url: `${bare}/constant`, connections: 10, duration });
    row([`bare Fastify constant route (10 connections)`, `${duration} s`, `${fmt(bareRun.requests.average)} req/s`, `p97.5 ${bareRun.latency.p97_5} ms`, '']);
    let n = 0;
    const single = await autocannon({
      url: base,
      connections: 10,
      duration,
      requests: [
        {
          method: 'PUT',
          setupRequest: (req) => {
            n++;
            return { ...req, path: `/api/integration/v1/stock/${code(1 + (n % nStock))}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ delta: 1, delta_id: `bench-${process.pid}-${n}` }) };
          },
        },
      ],
    });
    row([
      `single stock updates, PUT /stock/{code} (10 connections)`,
      `${duration} s`,
      `${fmt(single.requests.average)} req/s`,
      `p97.5 ${single.latency.p97_5} ms`,
      `${((single.requests.average / bareRun.requests.average) * 100).toFixed(1)} % of bare; non-2xx ${single.non2xx}`,
    ]);
    }
  } finally {
    server.kill('SIGTERM');
    await sqlClient.end();
  }
  console.log(`\nImport bench on PostgreSQL (${fmt(nProducts)} products, ${fmt(nPrices)} contract prices):\n`);
  printTable(['what', 'time', 'rate', 'rows/s or latency', 'notes'], rows);
  writeFileSync(join(dataDir, 'result.json'), JSON.stringify(rows));
}

if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();
