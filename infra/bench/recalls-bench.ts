// Recalls benchmark (issue 42, decision 074): "who received GTIN g, lot l" at 1 000 000 shipment
// lines on PostgreSQL. The API runs in its own process on a generated shipment history (four GTINs,
// 4 000 lots, two organisations, partial shipments and split lots); a recall of one lot is opened
// once, and autocannon drives the staff's follow-up of it (the receivers, found by the one query
// over the lot index, with each organisation's notice) beside a bare Fastify constant route served
// by the same server process, with 10 connections.
//   DATABASE_URL=postgres://… pnpm --filter @portal/bench recalls [-- --lines 1000000 --duration 10 --connections 10]
// The database (--db-name) is kept between runs; --fresh starts it over.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';
import { printScenarios } from './lib/timed-run';
import { BENCH_HOST as HOST, serveApiAndBare, spawnServerPair, waitReady } from './lib/server-pair';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    lines: { type: 'string', default: '1000000' },
    lot: { type: 'string', default: 'L1234' },
    'data-dir': { type: 'string', default: '/tmp/portal-recalls-bench' },
    'db-name': { type: 'string', default: 'portal_recalls_bench' },
    fresh: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
  },
});

const CLIENT_ID = 'portal-web';

if (args.serve) await serveApiAndBare(args['log-level']!);
else await main();

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('The recalls bench runs on PostgreSQL: set DATABASE_URL (issue 42 asks for 1 000 000 lines there)');
  const tooling = await import('@portal/api/tooling');
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const dataDir = args['data-dir']!;
  mkdirSync(dataDir, { recursive: true });
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: args.fresh! });
  const { env, secret } = benchApiEnv({ dataDir, url, clientId: CLIENT_ID });

  const prepStarted = Date.now();
  const database = await tooling.openDatabase({ databaseUrl: url, databasePoolMax: 4, pgliteDataDir: join(dataDir, 'pglite') });
  try {
    await tooling.runMigrations(database, { databaseUrl: url });
    await tooling.seedDemoData(database.db);
    const generated = await tooling.generateLargeShipments(database.db, { lines: Number(args.lines) });
    console.log(`added ${generated.added.toLocaleString('en')}; ${generated.total.toLocaleString('en')} generated shipment lines`);
  } finally {
    await database.close();
  }
  console.log(`prepared ${database.kind} in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`);

  const server = spawnServerPair(import.meta.filename, args['log-level']!, env);
  try {
    const { api, bare } = await waitReady(server);
    const staff = tooling.demoAccounts().find((a) => a.email.startsWith('an.claes'))!;
    const tokenRes = await fetch(`${api}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: secret, grant_type: 'password', username: staff.email, password: staff.password }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' };
    const gtin = tooling.LARGE_SHIPMENT_GTINS[0];
    const text = { en: 'Bench', nl: 'Bench', fr: 'Bench' };
    // Opened once per database (its reference answers the stored recall afterwards).
    const opened = await fetch(`${api}/api/v1/staff/recalls`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'recall', reference: `BENCH-${gtin}-${args.lot}`, gtin, lots: [args.lot], reason: text, instructions: text }),
    });
    if (opened.status >= 300) throw new Error(`opening the recall answered ${opened.status}: ${await opened.text()}`);
    const recall = (await opened.json()) as { id: string; units_received: number; receivers: { deliveries: unknown[] }[] };
    const parcels = recall.receivers.reduce((s, r) => s + r.deliveries.length, 0);
    console.log(`recall of GTIN ${gtin} lot ${args.lot}: ${recall.units_received} units in ${parcels} shipment lines, ${recall.receivers.length} organisations`);
    const scenarios: { name: string; opts: autocannon.Options }[] = [
      { name: 'bare Fastify constant route', opts: { url: `${bare}/constant` } },
      { name: 'who received GTIN g, lot l (staff follow-up)', opts: { url: `${api}/api/v1/staff/recalls/${recall.id}`, headers } },
    ];
    console.log(`\nautocannon: ${connections} connection(s), ${duration} s per scenario (after a 2 s warm-up), against ${HOST}\n`);
    await printScenarios(scenarios, connections, duration);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

