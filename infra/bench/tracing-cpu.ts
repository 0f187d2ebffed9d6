// What tracing costs a request, sampled or not (issue 43, decisions 071 and 092), measured in one
// process where a loaded machine's noise weighs least: CPU time (process.cpuUsage, user + system)
// per request of N `app.inject()` calls, in alternating rounds, to two apps on one database: one
// without tracing, one with tracing to an exporter that drops the spans (at --ratio):
//   off        the app without tracing;
//   own        tracing, no traceparent: the trace begins here, sampled at --ratio (default 0: never);
//   parent-00  tracing, a caller's traceparent that says "not sampled";
//   sampled    tracing, a caller's traceparent that says "sampled" (always followed).
// --concurrency c keeps c requests in flight (sampled and unsampled ones then overlap in `mixed`:
// tracing, every tenth request with a sampled traceparent).
//   DATABASE_URL=postgres://… pnpm --filter @portal/bench exec tsx tracing-cpu.ts [-- --requests 1000 --rounds 16 --url /api/ready --ratio 0.1 --concurrency 4]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type * as Api from '@portal/api';
import { benchDatabaseUrl } from './lib/bench-database';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '16' },
    ratio: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '1' },
    url: { type: 'string', default: '/api/health' },
    modes: { type: 'string', default: 'off,own,parent-00,sampled,mixed' },
    'db-name': { type: 'string', default: 'portal_tracing_cpu' },
    // Another checkout's API (e.g. /work/main/infra/api): a change's before, measured the same way.
    api: { type: 'string' },
  },
});

const TRACE = () => randomBytes(16).toString('hex');
const SPAN = () => randomBytes(8).toString('hex');

async function main() {
  const { buildApp } = (args.api ? await import(resolve(args.api, 'src/app.ts')) : await import('@portal/api')) as typeof Api;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-tracing-cpu-'));
  const url = await benchDatabaseUrl(args['db-name']!, { fresh: true });
  const env = {
    nodeEnv: 'production' as const,
    logLevel: 'silent' as const,
    dataDir,
    pgliteDataDir: join(dataDir, 'pglite'),
    databaseUrl: url,
    seedDemo: false,
    oauthClientId: 'portal-web',
    oauthClientSecret: randomBytes(24).toString('base64url'),
    jwtSigningKey: new Uint8Array(randomBytes(32)),
    allowDevPaymentsInProduction: true,
    mailDispatchIntervalMs: 0,
    invoiceDeliveryIntervalMs: 0,
    orderResponseRetryIntervalMs: 0,
    webhookDispatchIntervalMs: 0,
    accountRetentionIntervalMs: 0,
  };
  let exported = 0;
  const exporter = {
    export: (spans: unknown[], done: (r: { code: number }) => void) => {
      exported += spans.length;
      done({ code: 0 });
    },
    shutdown: () => Promise.resolve(),
  };
  const off = await buildApp({ env, logger: false });
  await off.ready();
  const traced = await buildApp({ env: { ...env, tracesSampleRatio: Number(args.ratio) }, logger: false, spanExporter: exporter });
  await traced.ready();

  type Mode = { name: string; app: typeof off; headers: (i: number) => Record<string, string> };
  const all: Mode[] = [
    { name: 'off', app: off, headers: () => ({}) },
    { name: 'own', app: traced, headers: () => ({}) },
    { name: 'parent-00', app: traced, headers: () => ({ traceparent: `00-${TRACE()}-${SPAN()}-00` }) },
    { name: 'sampled', app: traced, headers: () => ({ traceparent: `00-${TRACE()}-${SPAN()}-01` }) },
    { name: 'mixed', app: traced, headers: (i): Record<string, string> => (i % 10 === 0 ? { traceparent: `00-${TRACE()}-${SPAN()}-01` } : {}) },
  ];
  const modes = all.filter((m) => m.name === 'off' || args.modes!.split(',').includes(m.name));
  const n = Number(args.requests);
  const c = Number(args.concurrency);
  async function play(mode: Mode, count: number): Promise<number> {
    // Headers made before the clock starts: their random ids are the bench's, not the API's.
    const headers = Array.from({ length: count }, (_, i) => mode.headers(i));
    const before = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (next < count) {
          const res = await mode.app.inject({ method: 'GET', url: args.url!, headers: headers[next++] });
          if (res.statusCode !== 200) throw new Error(`${mode.name}: ${res.statusCode}`);
        }
      }),
    );
    const used = process.cpuUsage(before);
    return (used.user + used.system) / count;
  }
  // Warmed by a count (the JIT's compiling is not the request's cost).
  for (const mode of modes) await play(mode, 2000);
  const results = new Map(modes.map((m) => [m.name, [] as number[]]));
  for (let round = 0; round < Number(args.rounds); round++) {
    const order = round % 2 ? [...modes].reverse() : modes;
    for (const mode of order) results.get(mode.name)!.push(await play(mode, n));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  // The median over the rounds, and the lowest round (the least disturbed by the machine's other work).
  const base = median(results.get('off')!);
  const lowest = Math.min(...results.get('off')!);
  console.log(`${args.api ?? 'this checkout'}: ${args.url}, ${n} requests x ${args.rounds} rounds, concurrency ${c}, ratio ${args.ratio}; spans exported: ${exported}`);
  for (const [name, v] of results) {
    const m = median(v);
    const min = Math.min(...v);
    const vs = (x: number, b: number) => `${x - b >= 0 ? '+' : ''}${(x - b).toFixed(1)} µs, ${x - b >= 0 ? '+' : ''}${(((x - b) / b) * 100).toFixed(1)} %`;
    console.log(
      `${name.padEnd(10)} median ${m.toFixed(1)} µs CPU/request${name === 'off' ? '' : ` (${vs(m, base)})`}, lowest ${min.toFixed(1)}${name === 'off' ? '' : ` (${vs(min, lowest)})`}; rounds ${v.map((x) => x.toFixed(0)).join(' ')}`,
    );
  }
  await Promise.all([off.close(), traced.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
