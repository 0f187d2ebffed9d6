// `npm test`: installs what is missing, builds the production apps, runs every suite and ends with
// the honest total over all of them: `N passed, N failed` (`, N skipped` only when something was).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { root } from './ensure-pnpm.mjs';
import { buildApps, ensureChromium, ensureSaxon, installDependencies } from './install.mjs';
import { measured, measuredPhase, run, runToFile } from './run.mjs';
import { vitestPackages } from './workspace.mjs';

const DEFAULT_POSTGRES = 'postgres://root@127.0.0.1:5432/postgres';
/**
 * Priority of the browser lane. The journeys are the run's long pole and mostly wait, one step after
 * another, for Chromium and the gateway; with the API and checks lanes taking the cores as equals,
 * every step waited for them too (the browser lane: 2 060 s of wall for 686 s of CPU, BENCHMARKS.md
 * "CI that fits the machine"). Raised (coreutils' `nice`, where this user may: root, as on CI), the
 * journeys get a core when they want one and the other lanes use what they leave: the same work on
 * the same cores. The other lanes are not niced instead: on a machine loaded by anything else they
 * would then yield to it too, and CI must also fit under load (issue 45: at most 30 minutes).
 */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));
const JOURNEYS_FIRST = -10;
/** Whether this user may raise a priority: GNU nice warns on stderr and runs the command anyway. */
const mayRaise = Boolean(NICE) && spawnSync(NICE, ['-n', String(JOURNEYS_FIRST), 'true'], { encoding: 'utf8' }).stderr === '';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Summary lines in the suites' fixed order (lanes finish in any order). */
const lines = [];
/** Each failed test as `suite › file › test: first line of the error`, printed just above the summary (CI shows only the tail). */
const failures = [];
/** CPU seconds of the suites that have ended: the build's figure leaves out those that ended beside it. */
let cpuOfEndedSuites = 0;
const scratch = mkdtempSync(join(tmpdir(), 'portal-test-'));

/** The first line of a message (an error's), without colour codes, at most 200 characters. */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- the escape starts the colour codes being removed
  return String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 200) ?? '';
}

/** Reserves a suite's summary line at its place in the fixed order; returns its recorder. */
function slot(name) {
  const index = lines.push(`${name.padEnd(28)} (did not finish)`) - 1;
  return (counts, note = '') => {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    lines[index] = `${name.padEnd(28)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${note}`;
  };
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

/**
 * Runs a suite's command. In the streamed lane its output goes to the terminal as it comes; in a lane
 * beside it, to a file printed whole under the suite's heading when it ends (never interleaved).
 * Resolves with the exit code; the heading and the `[time]` line are printed either way.
 */
async function runSuite(heading, lane, cmd, args, options) {
  const m = lane.nice && mayRaise ? measured(NICE, ['-n', String(lane.nice), cmd, ...args]) : measured(cmd, args);
  let code;
  if (lane.streamed) {
    console.log(`\n=== ${heading} ===`);
    code = await run(m.cmd, m.args, options);
  } else {
    const output = join(scratch, `${heading.replace(/\W+/g, '-')}.log`);
    code = await runToFile(m.cmd, m.args, output, options);
    console.log(`\n=== ${heading} ===`);
    console.log(readFileSync(output, 'utf8'));
  }
  console.log(`[time] ${heading}: ${m.summary()}`);
  cpuOfEndedSuites += m.cpu;
  return code;
}

/** Runs one vitest package and records its counts; a run that produced no report counts as failed. */
async function vitestSuite(pnpm, lane, record, name, dir, env = {}) {
  const report = join(scratch, `${name.replace(/\W+/g, '-')}.json`);
  const code = await runSuite(
    `${name} (vitest, ${dir})`,
    lane,
    pnpm,
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: join(root, dir), env: { ...process.env, ...env } },
  );
  if (!existsSync(report)) return record({ passed: 0, failed: 1, skipped: 0 }, ` (no report, exit ${code})`);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${name} › ${relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${name} › ${relative(root, file.name)}: ${firstLine(file.message)}`);
  }
  const counts = {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
  record(counts, code !== 0 && r.numFailedTests === 0 ? ` (exit ${code}: suite or file error)` : '');
}

/** A whole-repo check (lint, types, i18n) counted as one test. */
async function checkSuite(pnpm, lane, record, name, args) {
  const code = await runSuite(name, lane, pnpm, args, { cwd: root });
  record({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
}

/** The browser journeys; a run without a report counts as failed. */
async function playwrightSuite(pnpm, lane, record, chromium) {
  const report = join(scratch, 'e2e.json');
  const code = await runSuite('browser journeys (Playwright, Chromium)', lane, pnpm, ['exec', 'playwright', 'test'], {
    cwd: join(root, 'infra/e2e'),
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: report },
  });
  if (!existsSync(report)) return record({ passed: 0, failed: 1, skipped: 0 }, ` (no report, exit ${code})`);
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`browser › ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record({ passed: stats.expected + stats.flaky, failed, skipped: stats.skipped });
}

/**
 * The suites, in the summary's order, each in one of three lanes that run side by side: most of a
 * suite's wall time is waiting (Chromium and the gateway, PostgreSQL, PGlite's start, child
 * processes), and one lane after another left the two cores half idle (BENCHMARKS.md, "npm test:
 * three lanes"). The checks and the small suites stream to the terminal; the API's two passes (its
 * longest suites: one after the other in their own lane, so that at most three suites share the two
 * cores) and the browser journeys print each suite whole when it ends. The API lane needs nothing
 * the build makes, so it starts beside the build; the checks (types reads generated messages, the
 * build and deploy suites read builds) and the browser journeys start after it. The browser lane,
 * the long pole, runs at a raised priority where the user may raise one (JOURNEYS_FIRST).
 */
async function suites(pnpm, chromium) {
  const lanes = {
    checks: { streamed: true, jobs: [] },
    api: { jobs: [] },
    browser: { nice: JOURNEYS_FIRST, jobs: [] },
  };
  const add = (lane, name, job) => {
    const record = slot(name);
    // A suite that cannot start counts as one failure on its own line; the lane goes on.
    lanes[lane].jobs.push(() =>
      job(lanes[lane], record).catch((error) => record({ passed: 0, failed: 1, skipped: 0 }, ` (${error instanceof Error ? error.message : error})`)),
    );
  };
  const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const postgresUp = await postgresReachable(url);

  add('checks', 'lint (eslint)', (lane, record) => checkSuite(pnpm, lane, record, 'lint (eslint)', ['exec', 'eslint', '.']));
  add('checks', 'types (tsc, every package)', (lane, record) => checkSuite(pnpm, lane, record, 'types (tsc, every package)', ['run', 'typecheck']));
  for (const pkg of vitestPackages()) {
    if (pkg.dir === 'infra/cluster') {
      // The scaled-out topology (nginx + instances on PostgreSQL) needs both servers; without them it
      // is reported as skipped with the reason, never as passed.
      add('checks', pkg.name, async (lane, record) => {
        const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
        if (!existsSync(nginx)) record({ passed: 0, failed: 0, skipped: 1 }, ` (no nginx at ${nginx}: apt-get install nginx)`);
        else if (!postgresUp) record({ passed: 0, failed: 0, skipped: 1 }, ` (no PostgreSQL at ${url})`);
        else await vitestSuite(pnpm, lane, record, pkg.name, pkg.dir, { DATABASE_URL: url });
      });
    } else if (pkg.dir === 'infra/api') {
      // The API suite's first run is on the embedded PGlite even where CI exports DATABASE_URL. With a
      // server the PostgreSQL pass runs the whole suite (the robustness suite included) and the PGlite
      // pass only the files that prove something of PGlite's own (decision 087,
      // infra/api/src/test-support/pglite-pass.ts); without one, PGlite runs it all.
      const pglitePass = `${pkg.name} on PGlite${postgresUp ? ' (engine files)' : ''}`;
      add('api', pglitePass, (lane, record) =>
        vitestSuite(pnpm, lane, record, pglitePass, pkg.dir, {
          DATABASE_URL: '',
          ROBUSTNESS_ON_POSTGRES: postgresUp ? '1' : '',
          API_PGLITE_PASS: postgresUp ? 'engines' : '',
        }),
      );
      add('api', `${pkg.name} on PostgreSQL`, async (lane, record) => {
        if (postgresUp) return vitestSuite(pnpm, lane, record, `${pkg.name} on PostgreSQL`, pkg.dir, { DATABASE_URL: url });
        console.log(`\n[note] no PostgreSQL at ${url}: the API suite ran on PGlite only. Set DATABASE_URL to a server to run it there too.`);
        record({ passed: 0, failed: 0, skipped: 1 }, ' (no server)');
      });
    } else {
      add('checks', pkg.name, (lane, record) => vitestSuite(pnpm, lane, record, pkg.name, pkg.dir));
    }
  }
  add('browser', 'browser (Playwright)', (lane, record) => playwrightSuite(pnpm, lane, record, chromium));

  const runLane = async ({ jobs }) => {
    for (const job of jobs) await job();
  };
  console.log('\n[test] the API passes start beside the build, each shown whole when it ends.');
  const api = runLane(lanes.api);
  const build = measuredPhase();
  const endedBefore = cpuOfEndedSuites;
  try {
    await buildApps(pnpm);
  } catch (error) {
    await api; // its counts still belong in the summary
    throw error;
  }
  console.log(`[time] build: ${build.summary(cpuOfEndedSuites - endedBefore)}`);
  const priority = mayRaise ? ` at nice ${JOURNEYS_FIRST}` : ' (at the same priority: this user may not raise one)';
  console.log(`\n[test] after the build, beside the API lane: the checks and small suites, shown as they run, and the browser journeys${priority}, shown whole when they end.`);
  await Promise.all([api, runLane(lanes.checks), runLane(lanes.browser)]);
}

async function main() {
  const setup = measuredPhase();
  const pnpm = await installDependencies();
  const chromium = await ensureChromium();
  await ensureSaxon();
  console.log(`[time] install: ${setup.summary()}`);
  await suites(pnpm, chromium);
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
if (failures.length) {
  console.log('\n=== failed tests ===');
  for (const f of failures.slice(0, 30)) console.log(f);
  if (failures.length > 30) console.log(`... and ${failures.length - 30} more`);
}
console.log('\n=== summary ===');
for (const line of lines) console.log(line);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exitCode = totals.failed || crashed ? 1 : 0;
