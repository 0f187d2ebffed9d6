import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The CLI tests start node with tsx per command: 18-21 s each beside the browser lane on two loaded cores.
    testTimeout: 90_000,
  },
});
