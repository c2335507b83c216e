import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The web app's test files that mock a module (`vi.mock`), relative to apps/web. The unit tests share one module
 * registry per worker (`isolate: false`: with these files apart, 45 → 31 core-seconds, most of it importing React and the
 * app once a worker instead of once a file); a module mock would leak into the files after it there, so these run isolated. Read
 * from the files themselves, so a new test that mocks is isolated without anyone remembering to say so.
 */
function webFilesMockingModules(): string[] {
  const root = path.join(import.meta.dirname, 'apps/web');
  return ['src', 'build'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file}`)
      .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock(')),
  );
}
const mocking = webFilesMockingModules();
const webTests = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];

// Unit tests (domain, web) and API integration tests (server, against a real Postgres) in one run.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Pure functions: nothing to isolate.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], isolate: false } },
      // The web projects reuse apps/web/vite.config.ts (the '@' alias, React plugin). Each file still gets its own
      // DOM (happy-dom, where it asks for one); a file that stubs a global restores it after each test.
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', root: './apps/web', include: webTests, exclude: mocking, isolate: false },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-mocking', root: './apps/web', include: mocking.length ? mocking : ['no-file'] },
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
