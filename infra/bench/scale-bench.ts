// Scale-out benchmark (issue 17): the production topology (nginx in front of portal instances, from
// @portal/cluster) on PostgreSQL and Redis, in one run:
//   1. sign-ins/s (password grant) and orders/s (add to cart + place) through nginx with ONE instance,
//      then the same with TWO (the ratio says whether a second process helps on this machine);
//   2. the memory (RSS and V8 heap, sampled inside the instance) of the single instance over
//      --memory-requests mixed requests (catalogue reads, cart, sign-ins, orders) through nginx: the
//      table shows whether it levels off.
// The load generator is this process (closed loop: --workers clients, each waiting for its answer).
//   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres pnpm --filter @portal/bench scale
//   [-- --duration 15 --workers 8 --memory-requests 100000 --db-name portal_scale_bench]
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTopology, type Topology } from '@portal/cluster';
import { benchDatabaseUrl } from './lib/bench-database';
import { closedLoop, percentile, type LoopResult } from './lib/closed-loop';
import { fmt, printTable } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    duration: { type: 'string', default: '15' },
    workers: { type: 'string', default: '8' },
    buyers: { type: 'string', default: '16' },
    'memory-requests': { type: 'string', default: '100000' },
    samples: { type: 'string', default: '10' },
    'db-name': { type: 'string', default: 'portal_scale_bench' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    // Ports of this bench (issue 17's helpers each have their own range).
    port: { type: 'string', default: '8320' },
  },
});

const CLIENT_ID = 'portal-web';
const PORT = Number(args.port);
const durationMs = Number(args.duration) * 1000;
const workers = Number(args.workers);
const PORTAL = { 'x-shop-type': 'portal', 'accept-language': 'en' };

interface Setup {
  emails: string[];
  products: string[];
  password: string;
}

/** A fresh database with the demo data, --buyers contract buyers and products with ample stock. */
async function prepareDatabase(): Promise<{ url: string; setup: Setup }> {
  process.env.DATABASE_URL ??= 'postgres://root@127.0.0.1:5432/postgres';
  const url = (await benchDatabaseUrl(args['db-name']!, { fresh: true }))!;
  const tooling = await import('@portal/api/tooling');
  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: '' });
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    const buyers = Number(args.buyers);
    const s = await tooling.prepareOrdersBench(database.db, { clientId: CLIENT_ID, throughput: buyers, contention: 0, retry: 0, scarceUnits: 1 });
    // prepareOrdersBench's buyers copy the demo buyer, password included.
    const emails = Array.from({ length: buyers }, (_, i) => `throughput-${i + 1}@bench-buyers.example`);
    return { url, setup: { emails, products: s.products, password: tooling.demoAccounts()[0]!.password } };
  } finally {
    await database.close();
  }
}

interface Client {
  base: string;
  secret: string;
}

async function request(base: string, path: string, init: RequestInit): Promise<{ status: number; json: Record<string, unknown> | null; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, ms: performance.now() - started };
}

const signIn = (c: Client, email: string, password: string) =>
  request(c.base, '/api/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: c.secret, grant_type: 'password', username: email, password }),
  });

const api = (c: Client, token: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
  request(c.base, `/api${path}`, {
    method,
    headers: { ...PORTAL, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function tokensFor(c: Client, setup: Setup): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of setup.emails) {
    const r = await signIn(c, email, setup.password);
    if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status} ${JSON.stringify(r.json)}`);
    tokens.push(String(r.json!.access_token));
  }
  return tokens;
}

async function checkoutOf(c: Client, token: string) {
  const book = (await api(c, token, 'GET', '/v1/addresses')).json as unknown as { id: string; type: string; is_default: boolean }[];
  return {
    billing_address_id: book.find((a) => a.type === 'billing' && a.is_default)!.id,
    delivery_address_id: book.find((a) => a.type === 'shipping' && a.is_default)!.id,
    shipping_method: 'standard',
    submitter: { first_name: 'Bench', last_name: 'Buyer', function: 'Buyer', full_name: 'Bench Buyer', declaration: true },
  };
}

/** One order: a line into the cart, then the placement (two requests; the placement's latency counts). */
async function placeOrder(c: Client, token: string, checkout: object, product: string) {
  const filled = await api(c, token, 'POST', '/v1/cart/items', { product_id: product, quantity: 1 });
  if (filled.status !== 200) return { ok: false, ms: filled.ms, status: `cart ${filled.status}` };
  const placed = await api(c, token, 'POST', '/v1/orders', checkout, { 'idempotency-key': randomUUID() });
  return { ok: placed.status === 201, ms: placed.ms, status: placed.status };
}

interface Throughput {
  instances: number;
  signIns: LoopResult;
  orders: LoopResult;
}

async function measure(topology: Topology, secret: string, setup: Setup, instances: number): Promise<Throughput> {
  const c: Client = { base: topology.url, secret };
  const tokens = await tokensFor(c, setup);
  const checkouts = await Promise.all(tokens.map((t) => checkoutOf(c, t)));
  const pick = () => setup.products[Math.floor(Math.random() * setup.products.length)]!;
  const signInStep = async (w: number) => {
    const r = await signIn(c, setup.emails[w % setup.emails.length]!, setup.password);
    return { ok: r.status === 200, ms: r.ms, status: r.status };
  };
  const orderStep = (w: number) => placeOrder(c, tokens[w % tokens.length]!, checkouts[w % tokens.length]!, pick());
  // Warm-up (JIT, connection pools, nginx keep-alive), not counted.
  await closedLoop(workers, 3000, signInStep);
  await closedLoop(workers, 3000, orderStep);
  const signIns = await closedLoop(workers, durationMs, signInStep);
  const orders = await closedLoop(workers, durationMs, orderStep);
  return { instances, signIns, orders };
}

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
}

/** The instance's memory as its probe writes it (lib/memory-probe.mjs): the first figures taken after now. */
async function sampleMemory(dir: string, pid: number): Promise<MemorySample> {
  const file = join(dir, `memory-${pid}.json`);
  const after = Date.now();
  const until = after + 30_000;
  while (Date.now() < until) {
    if (existsSync(file)) {
      const m = JSON.parse(readFileSync(file, 'utf8')) as MemorySample;
      if (m.at >= after) return m;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no memory figures from process ${pid} (is the probe preloaded?)`);
}

/** --memory-requests mixed requests through nginx, the instance's memory sampled --samples times. */
async function memoryRun(topology: Topology, secret: string, setup: Setup, probeDir: string) {
  const c: Client = { base: topology.url, secret };
  const total = Number(args['memory-requests']);
  const every = Math.ceil(total / Number(args.samples));
  const pid = topology.instances[0]!.pid;
  const tokens = await tokensFor(c, setup);
  const checkouts = await Promise.all(tokens.map((t) => checkoutOf(c, t)));
  const list = await api(c, tokens[0]!, 'GET', '/v1/catalog/products?page=1');
  const slugs = ((list.json?.items ?? []) as { slug: string }[]).map((p) => p.slug);
  if (!slugs.length) throw new Error(`the catalogue list is empty: ${list.status}`);
  const searches = ['tourniquet', 'gloves', 'bandage', 'mask', 'splint', 'scissors'];
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const rows: string[][] = [];
  const row = (done: number, m: MemorySample, ms: number) =>
    void rows.push([fmt(done), (m.rss / 2 ** 20).toFixed(1), (m.heapUsed / 2 ** 20).toFixed(1), (m.heapTotal / 2 ** 20).toFixed(1), ms ? fmt(every / (ms / 1000)) : '']);
  row(0, await sampleMemory(probeDir, pid), 0);

  let done = 0;
  let failed = 0;
  const counts = { catalogue: 0, cart: 0, signIn: 0, order: 0 };
  let nextSample = every;
  let windowStart = performance.now();
  let sampling: Promise<void> = Promise.resolve();
  let lastError: unknown;
  const failures: Record<number, number> = {};
  // One "round" of a client: 65 % a catalogue read, 28 % cart work (add, read, remove), 6 % an order
  // (add + place), 1 % a sign-in (a password hash: the costliest request by far).
  const step = async (w: number): Promise<number> => {
    const token = tokens[w % tokens.length]!;
    const dice = Math.random() * 100;
    let statuses: number[];
    if (dice < 65) {
      counts.catalogue++;
      const kind = Math.random();
      const path = kind < 0.4 ? `/v1/catalog/products?page=${1 + Math.floor(Math.random() * 3)}` : kind < 0.7 ? `/v1/catalog/products/${pick(slugs)}` : `/v1/catalog/products?q=${pick(searches)}`;
      statuses = [(await api(c, token, 'GET', path)).status];
    } else if (dice < 93) {
      counts.cart++;
      const product = pick(setup.products);
      const added = await api(c, token, 'POST', '/v1/cart/items', { product_id: product, quantity: 1 });
      const read = await api(c, token, 'GET', '/v1/cart');
      const removed = await api(c, token, 'DELETE', `/v1/cart/items/${product}`);
      statuses = [added.status, read.status, removed.status];
    } else if (dice < 99) {
      counts.order++;
      const r = await placeOrder(c, token, checkouts[w % tokens.length]!, pick(setup.products));
      statuses = [r.ok ? 200 : 500, 200];
    } else {
      counts.signIn++;
      statuses = [(await signIn(c, setup.emails[w % setup.emails.length]!, setup.password)).status];
    }
    for (const status of statuses.filter((s) => s >= 400)) {
      failed++;
      failures[status] = (failures[status] ?? 0) + 1;
    }
    return statuses.length;
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (done < total) {
        // Awaited first: `done += await …` would add to the value read before the wait.
        const sent = await step(w).catch((error: unknown) => {
          // A request that failed outright (connection error) counts as one failed request.
          failed++;
          lastError = error;
          return 1;
        });
        done += sent;
        if (done >= nextSample) {
          const at = nextSample;
          nextSample += every;
          const ms = performance.now() - windowStart;
          windowStart = performance.now();
          sampling = sampling.then(async () => row(Math.min(at, total), await sampleMemory(probeDir, pid), ms));
        }
      }
    }),
  );
  await sampling;
  if (lastError) console.error(`[scale] last request error in the memory run: ${String(lastError)}`);
  return { rows, failed, failures, done, counts };
}

async function main() {
  const { url, setup } = await prepareDatabase();
  const secret = randomBytes(24).toString('base64url');
  const workRoot = join(tmpdir(), `portal-scale-bench-${process.pid}`);
  const probeDir = join(workRoot, 'memory');
  mkdirSync(probeDir, { recursive: true });
  const redisPrefix = `portal-scale-bench:${randomBytes(4).toString('hex')}:`;
  const env = {
    OAUTH_CLIENT_SECRET: secret,
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '10',
    // The bench signs the same buyers in thousands of times: no throttling of sign-ins or auth calls.
    TOKEN_FAILURE_LIMIT: '100000',
    TOKEN_ACCOUNT_FAILURE_LIMIT: '1000000',
    AUTH_REQUEST_LIMIT: '100000',
    // The memory run lasts longer than the default 15 min access token on a loaded machine.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    MEMORY_PROBE_DIR: probeDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${new URL('./lib/memory-probe.mjs', import.meta.url).href}`.trim(),
  };
  const start = (instances: number, offset: number) =>
    startTopology({
      instances,
      port: PORT + offset,
      instancePorts: Array.from({ length: instances }, (_, i) => PORT + offset + 1 + i),
      databaseUrl: url,
      redisUrl: args['redis-url']!,
      redisPrefix,
      workDir: join(workRoot, `topology-${instances}`),
      env,
    });

  const results: Throughput[] = [];
  let memory: Awaited<ReturnType<typeof memoryRun>> | undefined;
  let compiled = false;
  for (const instances of [1, 2]) {
    const started = performance.now();
    const topology = await start(instances, instances === 1 ? 0 : 3);
    console.error(`[scale] ${instances} instance(s) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    compiled = existsSync(new URL('../gateway/dist/main.js', import.meta.url));
    try {
      results.push(await measure(topology, secret, setup, instances));
      console.error(`[scale] ${instances} instance(s) measured`);
      if (instances === 1 && Number(args['memory-requests']) > 0) memory = await memoryRun(topology, secret, setup, probeDir);
    } finally {
      await topology.stop();
    }
  }
  rmSync(workRoot, { recursive: true, force: true });

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const errors = (r: LoopResult) => (r.failed ? `${r.failed} ${JSON.stringify(r.failures)}` : '0');
  console.log(`\nscale-out benchmark: nginx → portal instances (${compiled ? 'compiled JS' : 'tsx'}), PostgreSQL ${new URL(url).host}, Redis; ${workers} clients, ${args.duration} s per figure, load generator on the same 2 cores\n`);
  printTable(
    ['instances', 'sign-ins/s', 'sign-in p50', 'sign-in p95', 'orders/s', 'order p50', 'order p95', 'errors (sign-in / order)'],
    results.map((r) => [
      String(r.instances),
      (r.signIns.ok / r.signIns.seconds).toFixed(1),
      ms(percentile(r.signIns.latencies, 50)),
      ms(percentile(r.signIns.latencies, 95)),
      (r.orders.ok / r.orders.seconds).toFixed(1),
      ms(percentile(r.orders.latencies, 50)),
      ms(percentile(r.orders.latencies, 95)),
      `${errors(r.signIns)} / ${errors(r.orders)}`,
    ]),
  );
  const [one, two] = results;
  if (one && two) {
    const ratio = (a: LoopResult, b: LoopResult) => (b.ok / b.seconds / (a.ok / a.seconds)).toFixed(2);
    console.log(`\ntwo instances / one: sign-ins ×${ratio(one.signIns, two.signIns)}, orders ×${ratio(one.orders, two.orders)}`);
  }
  if (memory) {
    console.log(`\nmemory of the single instance over ${fmt(memory.done)} mixed requests through nginx (${JSON.stringify(memory.counts)} rounds; ${memory.failed} failed requests ${JSON.stringify(memory.failures)})\n`);
    printTable(['requests', 'RSS MB', 'heap used MB', 'heap total MB', 'req/s in window'], memory.rows);
  }
}

await main();
