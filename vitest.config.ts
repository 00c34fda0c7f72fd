import { defineConfig } from 'vitest/config';

// Four suites: `unit` (pure code, jsdom per file with a `@vitest-environment jsdom` docblock),
// `integration` (the API over HTTP on a real database: PGlite, or PostgreSQL when DATABASE_URL is set),
// `e2e` (the built product in Debian's chromium), `cluster` (three built processes behind nginx).
export default defineConfig({
  test: {
    // One worker per core: Vitest's default (cores - 1) leaves one of a two-core machine's cores idle, and
    // `npm test` took 14 min 17 s instead of 9 min 18 s on it (README, issue 21).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'tooling/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: ['tooling/vitest-dom-setup.ts'],
          // A whole antd form rendered in jsdom takes seconds on a busy two-core runner: a limit is there to
          // end a test that hangs, not to time one (issue 21). Waits inside a test are bounded by
          // tooling/vitest-dom-setup.ts's asyncUtilTimeout (20 s), well below this.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Limits end a hung test; waits inside poll for their condition (apps/server/src/test/poll.ts).
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // A page's condition polled (expect.poll) waits as long as a locator does, not Vitest's 1 s:
          // on a busy two-core machine a page can take seconds to show it, and the product is not wrong.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          // Three built server processes on PostgreSQL and an S3 store behind nginx (ops/cluster): .ci/run
          // runs it after the production build; it needs nginx and PostgreSQL.
          name: 'cluster',
          include: ['ops/cluster/**/*.cluster.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
