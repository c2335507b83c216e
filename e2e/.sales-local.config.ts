// Temporary: runs sales-and-admin.spec.ts against an already running server on port 3171 (deleted after use).
import { defineConfig, devices } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  testMatch: process.env.PW_MATCH ?? 'sales-and-admin.spec.ts',
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '/tmp/sales-e2e-results',
  use: {
    baseURL: 'http://127.0.0.1:3171',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
