// How fast a rollback reaches users (issue 6). Prints figures; BENCHMARKS.md records them.
//
//   pnpm --filter @portal/bench run deploy-bench            # rollback: command to registry serving the old version
//       (tsx before issue 17, the compiled CLI, its launcher and `pnpm ops`, in one run; build first:
//       `npm run build:servers`)
//   pnpm --filter @portal/bench run deploy-bench -- --browser --url http://127.0.0.1:8080 --store .data/store --to <version>
//       # also: deploy/rollback of the catalog to an open browser tab offering the refresh (needs a
//       # running portal whose shell has the refresh dialog, and a second published catalog version)
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { deployApp, DirectoryStore, publishAll, publishApp, rollback, type OpsContext } from '@portal/deploy';
import { createFakeRepo } from '@portal/deploy/testing';
import { registerGateway } from '@portal/gateway';

const REPO = join(import.meta.dirname, '..', '..');
const CLI = join(REPO, 'infra/deploy/src/cli.ts');
// The compiled CLI and its launcher (decision 022): what `pnpm ops` runs since issue 17.
const COMPILED_CLI = join(REPO, 'infra/deploy/dist/cli.js');
const OPS_LAUNCHER = join(REPO, 'infra/deploy/bin/ops.mjs');
const TSX = import.meta.resolve('tsx');
const run = promisify(execFile);

const { values: args } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    runs: { type: 'string', default: '9' },
    browser: { type: 'boolean', default: false },
    url: { type: 'string' },
    store: { type: 'string' },
    to: { type: 'string' },
    'browser-runs': { type: 'string', default: '4' },
  },
});
const RUNS = Number(args.runs);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;

/** Polls `url` until its catalog version is `version`; resolves with the time it was first seen. */
async function servedAt(url: string, version: string, cookie = ''): Promise<number> {
  for (;;) {
    const doc = (await (await fetch(url, { headers: { cookie } })).json()) as { remotes: { catalog: { version: string } } };
    if (doc.remotes.catalog.version === version) return performance.now();
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function rollbackBench(): Promise<void> {
  const repo = await createFakeRepo();
  const ctx: OpsContext = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'bench' };
  await publishAll(ctx, 'production');
  const v1 = (await ctx.store.readRegistry('production'))!.remotes.catalog!.version;
  await repo.rebuild('catalog', 'v2');
  const v2 = (await publishApp(ctx, 'catalog')).version;
  const app = Fastify();
  await registerGateway(app, { storeDir: repo.storeDir, environment: 'production' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const registryUrl = `${address}/registry/production.json`;

  const ways: Array<[string, () => Promise<unknown>]> = [
    ['library call rollback()', () => rollback(ctx, 'catalog', 'production')],
    ['node --import tsx cli.ts rollback (before 17)', () => run(process.execPath, ['--import', TSX, CLI, 'rollback', 'catalog', '--store', repo.storeDir])],
    ['node dist/cli.js rollback (compiled)', () => run(process.execPath, [COMPILED_CLI, 'rollback', 'catalog', '--store', repo.storeDir])],
    ['node bin/ops.mjs rollback (launcher)', () => run(process.execPath, [OPS_LAUNCHER, 'rollback', 'catalog', '--store', repo.storeDir])],
    ['pnpm ops rollback (from the repo root)', () => run('pnpm', ['-s', 'ops', 'rollback', 'catalog', '--store', repo.storeDir], { cwd: REPO })],
  ];
  console.log(`Rollback of one remote, from the command to the gateway serving the old version (${RUNS} runs each):`);
  for (const [label, command] of ways) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await deployApp(ctx, 'catalog', 'production', { version: v2 });
      const start = performance.now();
      const seen = servedAt(registryUrl, v1);
      await command();
      times.push((await seen) - start);
    }
    console.log(`  ${label.padEnd(46)} ${fmt(times)}`);
  }
  await app.close();
  await repo.cleanup();
}

/** Deploys/rolls back the catalog in a running portal and times until an open tab shows the dialog. */
async function browserBench(url: string, store: string, other: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const ops = (...a: string[]) => run(process.execPath, [OPS_LAUNCHER, ...a, '--store', resolve(store), '--by', 'bench'], { cwd: REPO });
  const page = await browser.newPage();
  const times: number[] = [];
  const n = Number(args['browser-runs']);
  for (let i = 0; i < n; i++) {
    await page.goto(`${url}/en/checkout/overview`);
    const poll = await page.locator('meta[name="portal-version-poll-ms"]').getAttribute('content');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Let the tab run for a random part of its poll cycle, so the deploy lands anywhere in it.
    await page.waitForTimeout(Math.random() * Number(poll ?? 60_000));
    const start = performance.now();
    await (i % 2 === 0 ? ops('deploy', 'catalog', other) : ops('rollback', 'catalog'));
    await page.getByRole('dialog').filter({ hasText: 'A new version of the portal is available.' }).waitFor({ timeout: 180_000 });
    times.push(performance.now() - start);
    console.log(`  run ${i + 1}: ${(times.at(-1)! / 1000).toFixed(1)} s (poll interval ${poll} ms)`);
  }
  console.log(`Deploy or rollback to the refresh prompt in an open tab: ${fmt(times)}`);
  if (n % 2 === 1) await ops('rollback', 'catalog');
  await browser.close();
}

await rollbackBench();
if (args.browser) {
  if (!args.url || !args.store || !args.to) throw new Error('--browser needs --url, --store and --to <another published catalog version>');
  await browserBench(args.url, args.store, args.to);
}
