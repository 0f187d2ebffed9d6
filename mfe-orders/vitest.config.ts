import { defineConfig } from 'vitest/config';

// Component and route tests in a DOM (happy-dom), rendered the way the shell renders them.
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    allowOnly: false,
    passWithNoTests: false,
  },
});
