import base from './playwright.config.ts';
import { defineConfig } from '@playwright/test';
// Personal runner: own port, data directory and web build, so parallel runs of other engineers are untouched.
const PORT = 3421;
export default defineConfig({
  ...base,
  testDir: '/work/main/e2e',
  outputDir: '/tmp/appraisal-dev/test-results',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: 'cd /work/main/apps/server && rm -rf ../../.test-data/appraisal-e2e && exec npx tsx src/main.ts',
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: '.test-data/appraisal-e2e',
      ENABLE_TEST_CLOCK: 'true',
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_MAX: '50',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/tmp/appraisal-web-dist',
    },
  },
});
