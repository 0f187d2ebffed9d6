import { defineConfig } from 'vitest/config';

// Two projects: the design system and the session store need a DOM (happy-dom); everything else
// (bus, api, query, i18n, schemas) is plain Node, which also lets the API tests use node:http.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/ui/**/*.test.{ts,tsx}', 'src/session/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/ui/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Pure functions and per-call objects (bus, api client, query, i18n, schemas): no file leaves
          // state behind, so one worker runs them all without a fresh module graph per file (a third
          // of the CPU; BENCHMARKS.md, "npm test: three lanes"). The DOM files stay isolated: the
          // page-wide host gate and session store are module state.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/ui/**', 'src/session/**'],
        },
      },
    ],
    // A test file that forgets to assert, or a leftover `.only`, must fail the run.
    allowOnly: false,
    passWithNoTests: false,
    // The DOM tests type and render on two cores loaded many times over (a tags-input test took 6.8 s).
    testTimeout: 30_000,
  },
});
