import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each file starts real processes (nginx, portal instances): one file at a time on two cores.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
