// The vitest setup of every remote: component, page and route tests in a DOM (happy-dom), rendered
// the way the shell renders them (@portal/shared/testing), with `src/test-setup.ts` run first.

/**
 * The `test` options of a remote's vitest config.
 * @param {{ testTimeout?: number }} [options] a longer timeout for long journeys
 */
export function remoteTestConfig({ testTimeout = 30_000 } = {}) {
  return {
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test-setup.ts'],
      // A leftover `.only`, or a suite that finds no test, must fail the run.
      allowOnly: false,
      passWithNoTests: false,
      // Page tests wait for lazy chunks and a real HTTP server on a loaded 2-core machine.
      testTimeout,
    },
  };
}
