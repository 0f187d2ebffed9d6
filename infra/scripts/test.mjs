// `npm test`: installs what is missing, builds the production apps, runs every suite and ends with
// the honest total over all of them: `N passed, N failed` (`, N skipped` only when something was).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './ensure-pnpm.mjs';
import { buildApps, ensureChromium, installDependencies } from './install.mjs';
import { measured, measuredPhase, run, runToFile } from './run.mjs';
import { vitestPackages } from './workspace.mjs';

const DEFAULT_POSTGRES = 'postgres://root@127.0.0.1:5432/postgres';
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const scratch = mkdtempSync(join(tmpdir(), 'portal-test-'));

function record(name, counts, note = '') {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(`${name.padEnd(28)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${note}`);
}

function postgresReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

/** Runs one vitest package and records its counts; a run that produced no report counts as failed. */
async function vitestSuite(pnpm, name, dir, env = {}) {
  const report = join(scratch, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n=== ${name} (vitest, ${dir}) ===`);
  const m = measured(pnpm, ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const code = await run(m.cmd, m.args, { cwd: join(root, dir), env: { ...process.env, ...env } });
  console.log(`[time] ${name}: ${m.summary()}`);
  if (!existsSync(report)) return record(name, { passed: 0, failed: 1, skipped: 0 }, ` (no report, exit ${code})`);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const counts = {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
  record(name, counts, code !== 0 && r.numFailedTests === 0 ? ` (exit ${code}: suite or file error)` : '');
}

/** A whole-repo check (lint, types, i18n) counted as one test. */
async function checkSuite(pnpm, name, args) {
  console.log(`\n=== ${name} ===`);
  const m = measured(pnpm, args);
  const code = await run(m.cmd, m.args, { cwd: root });
  console.log(`[time] ${name}: ${m.summary()}`);
  record(name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
}

/**
 * The browser journeys, run beside the unit suites (they wait on Chromium and the gateway more than
 * they compute, and the two cores are otherwise half idle): their output goes to a file and is
 * printed whole when they end. Resolves with the counts; recorded by the caller, last.
 */
async function playwrightSuite(pnpm, chromium) {
  const report = join(scratch, 'e2e.json');
  const output = join(scratch, 'e2e.log');
  const m = measured(pnpm, ['exec', 'playwright', 'test']);
  const code = await runToFile(m.cmd, m.args, output, {
    cwd: join(root, 'infra/e2e'),
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: report },
  });
  console.log('\n=== browser journeys (Playwright, Chromium) ===');
  console.log(readFileSync(output, 'utf8'));
  console.log(`[time] browser (Playwright): ${m.summary()}`);
  if (!existsSync(report)) return { counts: { passed: 0, failed: 1, skipped: 0 }, note: ` (no report, exit ${code})` };
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { counts: { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped }, note: '' };
}

async function main() {
  const setup = measuredPhase();
  const pnpm = await installDependencies();
  const chromium = await ensureChromium();
  console.log(`[time] install: ${setup.summary()}`);
  const build = measuredPhase();
  await buildApps(pnpm);
  console.log(`[time] build: ${build.summary()}`);

  console.log('\n[test] browser journeys run beside the other suites; their output follows when they end.');
  const browser = playwrightSuite(pnpm, chromium).catch((error) => ({
    counts: { passed: 0, failed: 1, skipped: 0 },
    note: ` (${error instanceof Error ? error.message : error})`,
  }));

  await checkSuite(pnpm, 'lint (eslint)', ['exec', 'eslint', '.']);
  await checkSuite(pnpm, 'types (tsc, every package)', ['-r', '--workspace-concurrency=1', 'run', 'typecheck']);

  for (const pkg of vitestPackages()) {
    // The scaled-out topology (nginx + instances on PostgreSQL) needs both servers; without them it
    // is reported as skipped with the reason, never as passed.
    if (pkg.dir === 'infra/cluster') {
      const url = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
      const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
      if (!existsSync(nginx)) record(pkg.name, { passed: 0, failed: 0, skipped: 1 }, ` (no nginx at ${nginx}: apt-get install nginx)`);
      else if (!(await postgresReachable(url))) record(pkg.name, { passed: 0, failed: 0, skipped: 1 }, ` (no PostgreSQL at ${url})`);
      else await vitestSuite(pnpm, pkg.name, pkg.dir, { DATABASE_URL: url });
      continue;
    }
    // The API suite's first run is on the embedded PGlite even where CI exports DATABASE_URL.
    await vitestSuite(pnpm, pkg.dir === 'infra/api' ? `${pkg.name} on PGlite` : pkg.name, pkg.dir, pkg.dir === 'infra/api' ? { DATABASE_URL: '' } : {});
    if (pkg.dir === 'infra/api') {
      const url = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
      if (await postgresReachable(url)) {
        await vitestSuite(pnpm, `${pkg.name} on PostgreSQL`, pkg.dir, { DATABASE_URL: url });
      } else {
        console.log(`\n[note] no PostgreSQL at ${url}: the API suite ran on PGlite only. Set DATABASE_URL to a server to run it there too.`);
        record(`${pkg.name} on PostgreSQL`, { passed: 0, failed: 0, skipped: 1 }, ' (no server)');
      }
    }
  }
  const { counts, note } = await browser;
  record('browser (Playwright)', counts, note);
}

let crashed;
try {
  await main();
} catch (error) {
  crashed = error;
  console.error(`\n[test] stopped: ${error instanceof Error ? error.message : error}`);
  totals.failed += 1;
}
rmSync(scratch, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const line of lines) console.log(line);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exitCode = totals.failed || crashed ? 1 : 0;
