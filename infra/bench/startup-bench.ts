// Start-up of one portal process (gateway + API), TypeScript through tsx against the compiled bundle
// (decision 022): from spawn to `GET /api/health/ready` answering 200, on an already migrated
// PostgreSQL database (so migrations and the seed are not in the figure). Prints figures.
//
//   npm run build:servers && DATABASE_URL=postgres://root@127.0.0.1:5432/postgres \
//     pnpm --filter @portal/bench run startup -- --runs 5 --port 8192
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchApiEnv, benchDatabaseUrl } from './lib/bench-database';

const REPO = join(import.meta.dirname, '..', '..');
const GATEWAY = join(REPO, 'infra/gateway');
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '8192' } },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);

process.env.DATABASE_URL ??= 'postgres://root@127.0.0.1:5432/postgres';
const url = await benchDatabaseUrl('bench_startup', { fresh: true });
const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
const { env } = benchApiEnv({
  dataDir,
  url,
  clientId: 'portal-web',
  extra: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORTAL_STORE_DIR: join(dataDir, 'store') },
});

const variants: Record<string, string[]> = {
  'tsx (node --import tsx src/main.ts)': ['--import', 'tsx', join(GATEWAY, 'src/main.ts')],
  'compiled (node dist/main.js)': [join(GATEWAY, 'dist/main.js')],
};

/** Milliseconds from spawn to a 200 from the readiness probe; the process is then stopped. */
async function startOnce(argv: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, argv, { cwd: GATEWAY, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// One start to migrate the fresh database, not counted.
await startOnce(variants['compiled (node dist/main.js)']!);
const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
// Alternated, so that the machine's load falls on both alike.
for (let i = 0; i < RUNS; i++) for (const [name, argv] of Object.entries(variants)) times[name]!.push(await startOnce(argv));
console.log(`Portal process start-up to ready (${RUNS} runs each, PostgreSQL, migrated database):`);
for (const [name, xs] of Object.entries(times)) {
  console.log(`  ${name.padEnd(38)} median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`);
}
rmSync(dataDir, { recursive: true, force: true });
