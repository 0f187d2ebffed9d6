import { defineConfig } from 'vitest/config';

// The scale-out tests start real processes: a private PostgreSQL, two portal instances and nginx per
// file. One file at a time (two cores), generous hooks for cold starts on a loaded machine; every
// wait inside a test is for a state, bounded by the test's own timeout.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    allowOnly: false,
  },
});
