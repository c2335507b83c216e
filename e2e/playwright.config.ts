import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the real server, started fresh for the run:
 * its own data directory (embedded Postgres), demo data, the dev mailbox and a movable clock.
 *
 * Two servers, two workers (issue 24: `npm test` within 12 minutes). The journeys share a server's state (its demo
 * data, its movable clock), so they never run two at a time against one server: the spec files are split into two
 * projects, each with its own server and at most one worker, and the two projects run side by side. The split is by
 * file size (largest first, each to the lighter side), so a new spec file balances itself. `E2E_SERVERS=1` keeps one
 * server and one worker (quicker to start when running a single spec).
 */
// Without E2E_PORT the run takes a free port, so two checkouts (or a port left busy) never collide. It is written
// back to the environment because Playwright's workers load this file again and must agree on the port.
process.env.E2E_PORT ??= String(await freePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const SERVERS = process.env.E2E_SERVERS === '1' ? 1 : 2;
if (SERVERS === 2) process.env.E2E_PORT_B ??= String(await freePort());

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The spec files in `count` groups of about equal size (largest first, each to the lightest group). */
function splitSpecFiles(count: number): string[][] {
  const files = fs
    .readdirSync(E2E_DIR)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, size: fs.statSync(path.join(E2E_DIR, name)).size }))
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  const groups = Array.from({ length: count }, () => ({ names: [] as string[], size: 0 }));
  for (const file of files) {
    const lightest = groups.reduce((min, group) => (group.size < min.size ? group : min));
    lightest.names.push(file.name);
    lightest.size += file.size;
  }
  return groups.map((group) => group.names);
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matching = (names: string[]) => new RegExp(`(^|/)(${names.map(escape).join('|')})$`);

interface E2eServer {
  name: string;
  port: number;
  files: string[] | null;
}
const servers: E2eServer[] =
  SERVERS === 1
    ? [{ name: 'chromium', port: E2E_PORT, files: null }]
    : splitSpecFiles(2).map((files, index) => ({
        name: index === 0 ? 'chromium-a' : 'chromium-b',
        port: index === 0 ? E2E_PORT : Number(process.env.E2E_PORT_B),
        files,
      }));
const urlOf = (server: E2eServer) => `http://127.0.0.1:${server.port}`;

const projects: PlaywrightTestConfig['projects'] = servers.map((server) => ({
  name: server.name,
  ...(server.files && { testMatch: matching(server.files) }),
  workers: 1,
  use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: urlOf(server) },
}));

const webServer: PlaywrightTestConfig['webServer'] = servers.map((server, index) => ({
  command: 'bash ../scripts/e2e-server.sh',
  url: `${urlOf(server)}/health`,
  timeout: 480_000,
  reuseExistingServer: false,
  stdout: 'ignore',
  stderr: 'pipe',
  env: { PORT: String(server.port), APP_URL: urlOf(server), E2E_DATA_DIR: `.test-data/e2e-${index}` },
}));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: servers.length,
  // One retry everywhere (E2E_RETRIES changes it): a journey that needed it is named as flaky in npm test's summary.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects,
  webServer,
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
