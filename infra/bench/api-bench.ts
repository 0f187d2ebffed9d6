// API benchmark (issue 3): starts the API on a generated 100 000-product catalogue in its own
// process, then load-tests it with autocannon from this process, against 127.0.0.1 only, beside a
// bare Fastify route returning a constant (served by the same server process) so the ratio shows
// our overhead. Prints req/s and p50/p99 latency per scenario.
//   pnpm --filter @portal/bench api [-- --duration 10 --connections 10 --products 100000]
// With DATABASE_URL set, a fresh database on that server is created and dropped instead of PGlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BENCH_HOST as HOST, fmt, printTable, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    products: { type: 'string', default: '100000' },
    'log-level': { type: 'string', default: 'warn' },
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
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-api-bench-'));
  const secret = randomBytes(24).toString('base64url');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_CLIENT_SECRET: secret,
    JWT_SIGNING_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO: 'false',
    // A local bench: production otherwise refuses the development payment provider (decision 036).
    ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true',
    TOKEN_FAILURE_LIMIT: '100000',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const name = `portal_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  // 1. Prepare the database: migrations, demo data, the large catalogue, refresh tokens to spend.
  const account = tooling.demoAccounts().find((a) => a.role === 'buyer' && !a.twoFactor)!;
  const prepStarted = Date.now();
  const database = await tooling.openDatabase({ databaseUrl: env.DATABASE_URL, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  let refreshTokens: string[];
  try {
    await tooling.runMigrations(database, { databaseUrl: env.DATABASE_URL });
    await tooling.seedDemoData(database.db);
    await tooling.generateLargeCatalogue(database.db, { count: products });
    refreshTokens = await tooling.mintRefreshTokens(database.db, { email: account.email, clientId: CLIENT_ID, count: 30_000 });
  } finally {
    await database.close();
  }
  console.log(`prepared ${database.kind} with ${products.toLocaleString('en')} generated products in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`);

  // 2. Start the server process.
  const server = spawnServerPair(import.meta.filename, args['log-level']!, env);
  try {
    const { api, bare } = await waitReady(server);
    const form = (fields: Record<string, string>) => new URLSearchParams({ client_id: CLIENT_ID, client_secret: secret, ...fields }).toString();
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    let next = 0;
    const scenarios: { name: string; opts: autocannon.Options }[] = [
      { name: 'bare Fastify constant route', opts: { url: `${bare}/constant` } },
      { name: 'GET /api/health', opts: { url: `${api}/api/health` } },
      { name: 'GET /api/v1/translations', opts: { url: `${api}/api/v1/translations` } },
      { name: 'GET /api/v1/route-rules', opts: { url: `${api}/api/v1/route-rules?path=%2Fnl%2Fmy-orders%2F12` } },
      {
        name: 'POST /api/oauth/token (password)',
        opts: { url: `${api}/api/oauth/token`, method: 'POST', headers: formHeaders, body: form({ grant_type: 'password', username: account.email, password: account.password }) },
      },
      {
        name: 'POST /api/oauth/token (refresh_token)',
        opts: {
          url: `${api}/api/oauth/token`,
          // Each refresh token can be spent once: every request takes the next one.
          requests: [{ method: 'POST', headers: formHeaders, setupRequest: (req) => ({ ...req, body: form({ grant_type: 'refresh_token', refresh_token: refreshTokens[next++ % refreshTokens.length]! }) }) }],
        },
      },
    ];
    console.log(`\nautocannon: ${connections} connections, ${duration} s per scenario (after a 2 s warm-up), against ${HOST}\n`);
    const rows: string[][] = [];
    let bareRps = 0;
    for (const s of scenarios) {
      if (!s.name.includes('refresh')) await autocannon({ ...s.opts, connections, duration: 2 });
      const r = await autocannon({ ...s.opts, connections, duration });
      if (s.name.startsWith('bare')) bareRps = r.requests.average;
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push([s.name, fmt(r.requests.average), `${r.latency.p50} ms`, `${r.latency.p99} ms`, bareRps ? `${((r.requests.average / bareRps) * 100).toFixed(1)} %` : '', String(bad)]);
      if (s.name.includes('refresh') && next > refreshTokens.length) console.warn('warning: refresh tokens were reused; raise the minted count');
    }
    printTable(['scenario', 'req/s', 'p50', 'p99', 'vs bare', 'non-2xx/errors'], rows);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  }
}

