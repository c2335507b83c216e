import { defineConfig } from 'vitest/config';

// Unit tests (domain, web) and API integration tests (server, against a real Postgres) in one run.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // The web project reuses apps/web/vite.config.ts (the '@' alias, React plugin).
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One retry, as the journeys have: a test that passes only on it is named as flaky at the end of npm test
          // (scripts/vitest-summary.mjs), with its first failure. CI failed once in this suite while the journeys
          // ran beside it, and its log kept no test's name; a retry that is reported tells the same truth and lets
          // a load-dependent failure be found without holding everything else back.
          retry: 1,
          pool: 'forks',
          // Each worker process imports the server once for all its files instead of once a file (about 5 s a
          // file on a busy 2-core machine). Safe because a file shares nothing through module state: each starts
          // its own server on its own database copy and stops it, and no test stubs globals or mocks modules.
          isolate: false,
        },
      },
    ],
  },
});
