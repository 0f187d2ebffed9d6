import { defineConfig } from 'vitest/config';

// The build tooling is plain Node: no DOM. Tests sit beside the code as *.test.mjs.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.mjs'],
    // A leftover `.only` or a suite that finds no test must fail the run.
    allowOnly: false,
    passWithNoTests: false,
    // Some tests run the CLI as a child process: beside the browser journeys on two loaded cores a
    // Node start alone can take seconds (two timed out at vitest's default 5 s in a full run).
    testTimeout: 60_000,
  },
});
