import { defineConfig } from 'vitest/config';

// The build tooling is plain Node: no DOM. Tests sit beside the code as *.test.mjs.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.mjs'],
    // A leftover `.only` or a suite that finds no test must fail the run.
    allowOnly: false,
    passWithNoTests: false,
  },
});
