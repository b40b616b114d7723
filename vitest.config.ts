import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers the contract, the server (unit + API + ingest), the web's pure functions and the
 * scripts' rules, as two projects (inline projects take the options below).
 *
 * `node` runs its files without per-file isolation: a worker process runs one file after another with its
 * module cache kept, so the server's module graph is imported once per worker, not once per file. That
 * halved the run (264 files: 1,142 s → 556 s, CI's 2-core machine). Such files share their worker's
 * module state, so a test reads process-wide counters as differences (push/metrics.test.ts), and each file
 * closes what it opens. `web` keeps isolation: its files replace modules with vi.mock. Decision 0035.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/gateway/src/**/*.test.ts',
            'scripts/*.test.ts',
          ],
          isolate: false,
          globalSetup: ['apps/server/src/test/pglite-image.ts'],
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
