import { configDefaults, defineConfig } from 'vitest/config';

// API tests run through app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set (each test
// file then creates and drops its own database). PGlite starts once per file (~4.5 s cold).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Two instances on one database is a PostgreSQL case by nature (PGlite is one process): that file
    // runs in the PostgreSQL pass (DATABASE_URL set), not twice against the same server.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['src/scale-out.test.ts'])],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // Start-up (migrations and the demo seed) took over 60 s on PGlite beside the other suites on two loaded cores.
    hookTimeout: 180_000,
    allowOnly: false,
  },
});
