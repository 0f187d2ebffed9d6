import { defineConfig } from '@playwright/test';
import { ARTIFACTS, BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './portal-server.config';

// Browser journeys in Debian's Chromium against the production build served by the gateway.
const AUDITS = /accessibility\.spec\.ts$/;
const DEPLOY = /deploy\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  // Generous: the journeys run beside the unit suites on two loaded cores (a Dutch sign-up once took
  // 48 s under load; stop 39's CI ran the invoice journey in 2.0 min and timed out the users journey
  // at 120 s). Tests wait for states, so a slow machine costs time, never a false failure; the budget
  // only ends a journey that hangs.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  // One gateway process and 2 cores. The journeys share one demo database and run one at a time, in
  // file order; the accessibility audits only read, so they run beside them (the journeys' lane is
  // mostly waiting: 704 s of CPU in 47 min of wall, BENCHMARKS.md "CI under 40 minutes"); the
  // deploy journeys move the live catalog every page loads, so they run alone, after both.
  // The audits (one test per language and person, run in parallel mode) may take two workers: a free
  // worker goes to the first queued test whose project is under its limit, and the journeys come
  // first in the queue, so the audits get the second worker only once the journeys are done; should
  // they outlast the journeys, they finish on both instead of one (issue 45).
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'journeys', testIgnore: [AUDITS, DEPLOY], workers: 1 },
    { name: 'audits', testMatch: AUDITS, workers: 2 },
    { name: 'deploy', testMatch: DEPLOY, workers: 1, dependencies: ['journeys', 'audits'] },
  ],
  forbidOnly: true,
  // Traces and screenshots of failures live with the run's own scratch folder: two runs on one
  // machine (E2E_ARTIFACTS) must not wipe each other's (beside the scratch folder, which the test
  // server empties at start).
  outputDir: process.env.E2E_ARTIFACTS ? `${ARTIFACTS}-results` : 'test-results',
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/results.json' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The tests play a person in a browser. Headless Chromium announces itself as HeadlessChrome,
    // which the gateway (rightly) treats as a crawler; crawlers are tested on their own.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    // A failed test keeps its trace with the DOM snapshot of every step and the failure's screenshot;
    // without the screencast's filmstrip, which every passing test paid for too: 19 % of the CPU of
    // six journeys (BENCHMARKS.md "Traces without the filmstrip", issue 45).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx ./portal-server.ts',
    url: `${BASE_URL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
