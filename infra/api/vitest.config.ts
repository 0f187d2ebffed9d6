import { configDefaults, defineConfig } from 'vitest/config';
import { POSTGRES_ONLY, pglitePassInclude } from './src/test-support/pglite-pass';

// The PGlite pass of `npm test` when the PostgreSQL pass follows with the whole suite (decision 087):
// only the files that prove something of PGlite's own (src/test-support/pglite-pass.ts).
const pgliteEnginesOnly = !process.env.DATABASE_URL && process.env.API_PGLITE_PASS === 'engines';

// API tests run through app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set (each test
// file then creates and drops its own database). The global setup migrates and seeds one template
// database per run; each test app with the demo data starts from a copy of it (test-app.ts). PGlite
// still opens once per test app (its WASM module is compiled once per worker: about 0.35 s of CPU to
// open a copy and 0.1-0.2 s to copy it, on a quiet machine; BENCHMARKS.md, decision 087).
export default defineConfig({
  test: {
    include: pgliteEnginesOnly ? pglitePassInclude() : ['src/**/*.test.ts'],
    // PostgreSQL by nature, run in the PostgreSQL pass (DATABASE_URL set) only: POSTGRES_ONLY.
    // Database-free and slow by nature, run in the PGlite pass only: the UBL conformance matrix (Saxon).
    // The robustness suite runs on one engine per `npm test`: on PostgreSQL, the production engine,
    // when the test script says its pass follows (ROBUSTNESS_ON_POSTGRES), else on PGlite. Its 36 000
    // requests took 86 s on PostgreSQL and over 600 s on PGlite beside the other suites (two loaded
    // cores): the PGlite pass set CI's pace for the same mutations through the same code.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL ? ['src/**/*.conformance.test.ts'] : POSTGRES_ONLY),
      ...(!process.env.DATABASE_URL && process.env.ROBUSTNESS_ON_POSTGRES === '1' ? ['src/security/robustness.test.ts'] : []),
    ],
    environment: 'node',
    globalSetup: ['src/test-support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's module graph instead of importing the app anew each (2026-11-28,
    // quiet machine, PGlite pass: 894 -> 358 s of CPU, 507 -> 222 s of wall; BENCHMARKS.md "API
    // suite without per-file isolation"). Safe because no test mocks modules or stubs globals or the
    // environment (architecture/shared-workers.test.ts fails if one does), and every file starts its
    // own apps on its own databases and closes them.
    isolate: false,
    testTimeout: 30_000,
    // Start-up (migrations and the demo seed, now in the global setup and in the files that start from
    // empty) took over 60 s on PGlite beside the other suites on two loaded cores.
    hookTimeout: 180_000,
    allowOnly: false,
  },
});
