// What metrics and tracing cost (issue 43, decision 071), each share apart: in one run, the API in
// up to four configurations (`tracing@0.01`: at another ratio), side by side:
//   off      no METRICS_PORT, no OTEL_EXPORTER_OTLP_ENDPOINT (nothing recorded, no SDK);
//   metrics  METRICS_PORT=0, the listener scraped every --scrape-ms as Prometheus would;
//   tracing  OTEL_EXPORTER_OTLP_ENDPOINT to a local sink that takes and drops the exports, at --ratio;
//   both     the two.
// `base:<config>` runs that configuration from another checkout's server (--baseline, e.g. /work/main):
// a change's before and after in the same run. One server per configuration runs for the whole run
// (PGlite: each on its own copy of the seeded folder); each round gives each a --duration slice of
// each measure in turn, in an order rotated each round and reversed in odd rounds, so that a drifting
// machine weighs on all of them.
// Measures (--measures):
//   - orders: --buyers contract buyers each adding to the cart and placing, for --duration s;
//   - cached: the catalogue's contract index page, answered from the instance cache;
//   - database: the same page with the cache off (CATALOG_CACHE_ENTRIES=0).
// Beside each rate, the API process's CPU per answer (steadier than a rate on a shared machine).
// The table gives each configuration's difference from "off" and the noise: the spread between its
// rounds ((max - min) / mean) and the standard error of its mean; and its CPU cost taken round by
// round (each round's ratio to off: the median, and the geometric mean with its standard error).
//   pnpm --filter @portal/bench observe [-- --duration 4 --rounds 6 --ratio 0.1 --only tracing]
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { closedLoop } from './lib/closed-loop';
import { readCost } from './lib/cost-probe';
import { monotonicMicros, profileShares } from './lib/profile-share';
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
    // off is always played; --only metrics|tracing|both (or a comma list) plays that one beside it.
    only: { type: 'string' },
    configs: { type: 'string', default: 'off,metrics,tracing,both' },
    measures: { type: 'string', default: 'orders,cached,database' },
    baseline: { type: 'string' },
    'scrape-ms': { type: 'string', default: '1000' },
    'data-dir': { type: 'string', default: '/tmp/portal-observe-bench' },
    'db-name': { type: 'string', default: 'portal_observe_bench' },
    'log-level': { type: 'string', default: 'warn' },
    // A folder: each server writes V8's CPU profile there, and the run ends with the share of each one's CPU spent in metrics and tracing code.
    profile: { type: 'string' },
  },
});

const CLIENT_ID = 'portal-web';
/** What --profile tells apart: the code that records metrics (and serves the scrape), tracing's, and the statements' timer both use. */
// By the package's own folder: pnpm's store folder of another package names its peers (`drizzle-orm@…_@opentelemetry+api@…`).
const PROFILE_KINDS = {
  metrics: /node_modules\/prom-client\/|platform\/metrics\/|common\/metrics|common\/http-tally/,
  tracing: /node_modules\/@opentelemetry\/|node_modules\/@fastify\/otel\/|common\/tracing|common\/trace-context/,
  'statement timer': /common\/db-telemetry/,
};
/** Fastify's own lifecycle: a hook that calls on into it (`done()`, an onSend hook's payload) does not own what follows. */
const FASTIFY = /node_modules\/fastify\/lib\//;

const MEASURES = ['orders', 'cached', 'database'] as const;
type Measure = (typeof MEASURES)[number];
const SWITCHES = { off: { metrics: false, tracing: false }, metrics: { metrics: true, tracing: false }, tracing: { metrics: false, tracing: true }, both: { metrics: true, tracing: true } };
type Config = { name: string; metrics: boolean; tracing: boolean; script: string; ratio?: string };

/** `off,tracing,tracing@0.01,base:both` → the configurations to play, off first; `base:` ones from --baseline's checkout, `@r` at ratio r. */
function parseConfigs(list: string, baseline: string | undefined): Config[] {
  const names = ['off', ...list.split(',').map((n) => n.trim()).filter((n) => n && n !== 'off')];
  return [...new Set(names)].map((name) => {
    const [, base, kind, ratio] = /^(base:)?([a-z]+)(?:@([0-9.]+))?$/.exec(name) ?? [];
    const switches = SWITCHES[kind as keyof typeof SWITCHES];
    if (!switches) throw new Error(`unknown configuration ${name} ([base:](off|metrics|tracing|both)[@ratio])`);
    if (base && !baseline) throw new Error(`${name} needs --baseline <checkout>`);
    return { name, ...switches, ratio, script: base ? resolve(baseline!, 'infra/bench/observe-bench.ts') : import.meta.filename };
  });
}

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
  for (const dir of [dataDir, `${dataDir}-copies`, ...(args.profile ? [resolve(args.profile)] : [])]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: true });
  // The access tokens are taken once: the default 15 minutes is shorter than a run (and a 401 is cheap).
  const extra = { AUTH_REQUEST_LIMIT: '100000', ACCESS_TOKEN_TTL_SECONDS: '86400' };
  const base = benchApiEnv({ dataDir, url, clientId: CLIENT_ID, extra });
  const sink = await startSink();
  const configs = parseConfigs(args.only ?? args.configs!, args.baseline);
  const measures = args.measures!.split(',').map((m) => m.trim()) as Measure[];
  for (const m of measures) if (!MEASURES.includes(m)) throw new Error(`unknown measure ${m} (${MEASURES.join(', ')})`);
  const loads = [loadavg()[0]!];

  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  let setup: Awaited<ReturnType<typeof tooling.prepareOrdersBench>>;
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    setup = await tooling.prepareOrdersBench(database.db, { clientId: CLIENT_ID, throughput: nBuyers, contention: 0, retry: 0, scarceUnits: 10 });
  } finally {
    await database.close();
  }

  const envFor = (config: Config, cacheEntries: string) => ({
    ...base.env,
    CATALOG_CACHE_ENTRIES: cacheEntries,
    METRICS_PORT: config.metrics ? '0' : '',
    OTEL_EXPORTER_OTLP_ENDPOINT: config.tracing ? sink.url : '',
    TRACES_SAMPLE_RATIO: config.ratio ?? args.ratio!,
  });

  const profileDir = (cacheEntries: string, config: Config) => join(resolve(args.profile!), cacheEntries === '0' ? 'database' : 'cache-on', config.name);

  /** Each server's main thread (the one that answered): its share of CPU in metrics and tracing code. */
  function reportProfiles(phases: { cache: string; measures: Measure[]; measuredFrom?: number }[]) {
    for (const phase of phases) {
      console.log(`\nCPU profile shares, ${phase.measures.join(' + ')} (each server's main thread during the measured rounds; what the code calls counts, up to Fastify's own frames):`);
      for (const config of configs) {
        const dir = profileDir(phase.cache, config);
        // `CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`: thread 0 is the main one.
        for (const file of readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))) {
          const { busyMicros, shares } = profileShares(join(dir, file), PROFILE_KINDS, phase.measuredFrom ?? 0, FASTIFY);
          if (!busyMicros) continue;
          const line = Object.entries(shares).map(([kind, share]) => `${kind} ${(share * 100).toFixed(2)} %`).join(', ');
          console.log(`  ${config.name.padEnd(14)} ${(busyMicros / 1e6).toFixed(1)} s busy: ${line}`);
        }
      }
    }
  }

  /** Starts the server, runs `work` against it while (metrics on) Prometheus' scrape is played. */
  async function withServer<T>(config: Config, cacheEntries: string, work: (api: string, bare: string) => Promise<T>): Promise<T> {
    const server = spawnServerPair(config.script, args['log-level']!, envFor(config, cacheEntries));
    let scraper: NodeJS.Timeout | undefined;
    try {
      const { api, bare, metricsPort } = await waitReady(server);
      if (config.metrics) {
        if (!metricsPort) throw new Error('metrics listener not started');
        scraper = setInterval(() => void fetch(`http://${HOST}:${metricsPort}/metrics`).then((r) => r.text()).catch(() => undefined), Number(args['scrape-ms']));
      }
      return await work(api, bare);
    } finally {
      clearInterval(scraper);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }

  /**
   * Starts one server per configuration at once (PGlite: each on its own copy of the seeded data
   * folder) and keeps them up for all the rounds: a round gives each a short slice of load in turn,
   * so the machine's drift (other engineers' work) lands on every configuration alike.
   */
  async function withServers<T>(cacheEntries: string, work: (servers: Map<string, { api: string; bare: string }>) => Promise<T>): Promise<T> {
    const started = configs.map((config, i) => {
      const own = url ? dataDir : `${dataDir}-copies/${i}`;
      if (!url && !existsSync(own)) cpSync(dataDir, own, { recursive: true });
      const profiling = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir(cacheEntries, config)}`] : [];
      return { config, child: spawnServerPair(config.script, args['log-level']!, { ...envFor(config, cacheEntries), DATA_DIR: own }, profiling) };
    });
    const scrapers: NodeJS.Timeout[] = [];
    try {
      const servers = new Map<string, { api: string; bare: string }>();
      for (const { config, child } of started) {
        const { api, bare, metricsPort } = await waitReady(child);
        servers.set(config.name, { api, bare });
        if (!config.metrics) continue;
        if (!metricsPort) throw new Error('metrics listener not started');
        scrapers.push(setInterval(() => void fetch(`http://${HOST}:${metricsPort}/metrics`).then((r) => r.text()).catch(() => undefined), Number(args['scrape-ms'])));
      }
      return await work(servers);
    } finally {
      scrapers.forEach(clearInterval);
      await Promise.all(
        started.map(({ child }) => {
          if (child.exitCode !== null) return undefined;
          child.kill('SIGTERM');
          return new Promise((r) => child.once('exit', r));
        }),
      );
    }
  }

  // Access tokens once (the same signing key and database in every server process).
  const tokens = await withServer(configs[0]!, '2000', async (api) => {
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
  const checkout = await withServer(configs[0]!, '2000', async (api) => {
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

  async function orders(api: string, bare: string, warm: boolean): Promise<Figure> {
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
    if (warm) for (let i = 0; i < 5; i++) await Promise.all(tokens.map((_, w) => place(w)));
    const before = await readCost(bare);
    const r = await closedLoop(nBuyers, duration * 1000, place);
    const after = await readCost(bare);
    if (r.failed) console.log(`  (orders: ${r.failed} failed: ${JSON.stringify(r.failures)})`);
    // A few refusals (a product out of stock) are the shop's; more say the measure is not of orders.
    if (r.failed > (r.ok + r.failed) / 100) throw new Error('orders: more than 1 % failed');
    return { rate: r.ok / r.seconds, cpuMs: (after.cpuMs - before.cpuMs) / Math.max(1, r.ok) };
  }

  async function catalogue(api: string, bare: string, warm: boolean): Promise<Figure> {
    const opts = { url: page(api), headers: headers(tokens[0]!), connections };
    // Warmed by a count, not a time: on a loaded machine a second is a handful of requests, and the
    // measure would pay for the JIT's compiling.
    if (warm) await autocannon({ ...opts, amount: 300 });
    const before = await readCost(bare);
    const r = await autocannon({ ...opts, duration });
    const after = await readCost(bare);
    // Only the answered pages count: a refusal (an expired token's 401) is cheaper than a page.
    if (r.non2xx || r.errors) throw new Error(`catalogue: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rate: r.requests.average, cpuMs: (after.cpuMs - before.cpuMs) / Math.max(1, r.requests.total) };
  }

  const results = Object.fromEntries(measures.map((m) => [m, Object.fromEntries(configs.map((c) => [c.name, [] as Figure[]]))])) as Record<Measure, Record<string, Figure[]>>;
  const started = Date.now();
  const measure = (m: Measure, server: { api: string; bare: string }, warm: boolean) => (m === 'orders' ? orders(server.api, server.bare, warm) : catalogue(server.api, server.bare, warm));
  // The cache-on servers (cached path, orders), then the cache-off ones (database path).
  const phases: { cache: string; measures: Measure[]; measuredFrom?: number }[] = [
    { cache: '2000', measures: measures.filter((m) => m !== 'database') },
    { cache: '0', measures: measures.filter((m) => m === 'database') },
  ].filter((p) => p.measures.length);
  for (const phase of phases) {
    await withServers(phase.cache, async (servers) => {
      // Warmed by a count, not a time, once per server.
      for (const c of configs) for (const m of phase.measures) await measure(m, servers.get(c.name)!, true);
      phase.measuredFrom = monotonicMicros();
      for (let round = 0; round < rounds; round++) {
        // Rotated by one each round, and reversed in odd rounds: every configuration is played early and late.
        const rotated = configs.map((_, i) => configs[(i + round) % configs.length]!);
        for (const config of round % 2 ? rotated.reverse() : rotated) {
          for (const m of phase.measures) results[m][config.name]!.push(await measure(m, servers.get(config.name)!, false));
          loads.push(loadavg()[0]!);
          const f = (m: Measure) => `${m} ${results[m][config.name]!.at(-1)!.rate.toFixed(1)}/s ${results[m][config.name]!.at(-1)!.cpuMs.toFixed(2)} ms CPU`;
          console.log(`round ${round + 1}, ${config.name}: ${phase.measures.map(f).join(', ')} (load ${loadavg()[0]!.toFixed(1)})`);
        }
      }
    });
  }
  await sink.close();
  if (args.profile) reportProfiles(phases);

  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const spread = (v: number[]) => (v.length > 1 ? (Math.max(...v) - Math.min(...v)) / mean(v) : NaN);
  /** The standard error of the mean: how far the mean itself may be off. */
  const stdError = (v: number[]) => (v.length > 1 ? Math.sqrt(v.reduce((a, x) => a + (x - mean(v)) ** 2, 0) / (v.length - 1) / v.length) : NaN);
  /** The same, relative to the mean. */
  const relError = (v: number[]) => stdError(v) / mean(v);
  /**
   * The cost measured within each round, where the configuration and off ran minutes apart at most:
   * the round's ratio to off, so that a round slowed by the machine slows both. The median of the
   * ratios, and the geometric mean with its standard error (one outlying round moves the arithmetic
   * mean of a column, as a 65.8 ms round of 36 did at 20:28, not these).
   */
  const paired = (v: number[], off: number[]) => {
    const ratios = v.map((x, i) => x / off[i]!).filter(Number.isFinite);
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const logs = ratios.map(Math.log);
    return { median: median - 1, geometric: Math.exp(mean(logs)) - 1, error: stdError(logs) };
  };
  const pct = (x: number, sign = true) => (Number.isFinite(x) ? `${sign && x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %` : 'n/a');
  const pairedCell = (v: number[], off: number[]) => {
    const p = paired(v, off);
    return `${pct(p.median)} / ${pct(p.geometric)} ±${pct(p.error, false)}`;
  };
  const label = { orders: `orders/s (${nBuyers} buyers)`, cached: `catalogue cached (${connections} conn.), req/s`, database: `catalogue database path (${connections} conn.), req/s` };
  const rows: string[][] = [];
  for (const m of measures) {
    const off = results[m].off!;
    const [rateOff, cpuOff] = [mean(off.map((f) => f.rate)), mean(off.map((f) => f.cpuMs))];
    for (const c of configs) {
      const [rates, cpus] = [results[m][c.name]!.map((f) => f.rate), results[m][c.name]!.map((f) => f.cpuMs)];
      const [rate, cpu] = [mean(rates), mean(cpus)];
      rows.push([
        label[m],
        c.name,
        rate.toFixed(1),
        c.name === 'off' ? '' : pct((rateOff - rate) / rateOff),
        cpu.toFixed(2),
        c.name === 'off' ? '' : pct((cpu - cpuOff) / cpuOff),
        `${pct(spread(rates), false)} / ${pct(spread(cpus), false)}`,
        `±${pct(relError(rates), false)} / ±${pct(relError(cpus), false)}`,
        c.name === 'off' ? '' : pairedCell(cpus, off.map((f) => f.cpuMs)),
      ]);
    }
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nmetrics and tracing cost on ${url ? 'PostgreSQL' : 'PGlite'}: ${rounds} round(s) of ${duration} s per measure, ${minutes} min; metrics scraped every ${args['scrape-ms']} ms; TRACES_SAMPLE_RATIO=${args.ratio}`);
  console.log(`load average (1 min) during the run: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on 2 cores; OTLP sink took ${sink.exports()} exports, ${(sink.bytes() / 1024).toFixed(0)} KiB\n`);
  printTable(['measure', 'config', 'rate', 'rate cost vs off', 'API CPU ms per answer', 'CPU cost vs off', 'spread between rounds: rate / CPU', 'std. error of the mean: rate / CPU', 'CPU cost, round by round: median / geometric mean ± std. error'], rows);
}

if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();
