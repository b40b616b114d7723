import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers the contract, the server (unit + API + ingest), the web's pure functions and the
 * scripts' rules.
 */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ['apps/server/src/test/pglite-image.ts'],
  },
});
