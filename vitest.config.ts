import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests each spawn their own daemon; two cores are plenty for two at a time.
    maxWorkers: 2,
  },
});
