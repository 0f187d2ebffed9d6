import { defineConfig } from 'vitest/config';

// Each file starts real processes (a private PostgreSQL, nginx, portal instances): one file at a
// time on two cores, generous hooks for cold starts on a loaded machine; every wait inside a test
// is for a state, bounded by its own timeout below the test's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    allowOnly: false,
  },
});
