import { defineConfig } from 'vitest/config';

// Page tests in a DOM (happy-dom), rendered the way the shell renders them: theme, intl, router.
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    allowOnly: false,
    // The registration journey types into some twenty fields (20 s on a loaded 2-core machine).
    testTimeout: 60_000,
    passWithNoTests: false,
  },
});
