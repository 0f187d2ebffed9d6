import { defineConfig } from '@playwright/test';
import { ARTIFACTS, BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, DEPLOY_SERVER } from './portal-server.config';

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
  // Two gateways and 2 cores. The journeys share one demo database and run one at a time, in file
  // order; the accessibility audits only read, so they run beside them (the journeys' lane is mostly
  // waiting: 704 s of CPU in 47 min of wall, BENCHMARKS.md "CI under 40 minutes"). The deploy
  // journeys move the live catalog every page loads, so they have a server of their own (its own
  // store and database) and run beside the others instead of alone after both (issue 45, decision 096).
  // A free worker goes to the first queued test whose project is under its limit, in the projects'
  // order: the journeys come first and keep their worker; the deploy journeys (in file order on one
  // worker) take the second, then the audits (one test per language and person, run in parallel
  // mode), which may take both once the journeys are done: what cannot be split goes first, and the
  // run ends on tests that can.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'journeys', testIgnore: [AUDITS, DEPLOY], workers: 1 },
    { name: 'deploy', testMatch: DEPLOY, workers: 1, use: { baseURL: DEPLOY_SERVER.baseUrl } },
    { name: 'audits', testMatch: AUDITS, workers: 2 },
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // One command starts both servers, the deploy journeys' once the main one answers (portal-server.ts);
  // Playwright waits for the main one, and the deploy journeys for theirs (deploy-helpers/deploy-server.ts).
  webServer: {
    command: 'node --import tsx ./portal-server.ts main deploy',
    url: `${BASE_URL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
