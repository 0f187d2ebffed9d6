import { defineConfig } from 'vitest/config';

// Component and page tests in a DOM (happy-dom), rendered the way the shell renders them, with the
// API answered by a real HTTP server (@portal/shared/testing).
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    allowOnly: false,
    // Page tests type and wait for the network on a loaded 2-core machine.
    testTimeout: 30_000,
    passWithNoTests: false,
  },
});
