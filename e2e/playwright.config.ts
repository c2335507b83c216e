import fs from 'node:fs';
import net from 'node:net';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from './support/chromium.ts';

/**
 * End-to-end journeys in Debian's Chromium against the real server, started fresh for the run:
 * its own data directory (embedded Postgres), demo data, the dev mailbox and a movable clock.
 *
 * Several servers, one worker each (`npm test` within 12 minutes). The journeys share a server's state
 * (its demo data, its movable clock), so no two run at a time against one server: worker N (Playwright's parallel
 * index, unique among the workers running at once and kept by the worker that replaces a failed one) drives server
 * N only. Every journey stands alone, so any free worker takes the next one (`fullyParallel`): the run balances
 * itself, whatever a spec file's length. `E2E_SERVERS` says how many (2 by default; 1 is quicker to start for a
 * single spec).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

// Without E2E_PORT the run takes free ports, so two checkouts (or a port left busy) never collide. They are written
// back to the environment because Playwright's workers load this file again and must agree on them.
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
process.env.E2E_PORTS ??= (await freePorts(SERVERS, process.env.E2E_PORT)).join(',');
const PORTS = process.env.E2E_PORTS.split(',').map(Number);
const urlOf = (index: number) => `http://127.0.0.1:${PORTS[index]}`;
// In a worker, the server it drives; in the main process (and for code that imports this file), the first.
const workerServer = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (!(workerServer < SERVERS)) throw new Error(`worker ${workerServer} has no server (E2E_SERVERS=${SERVERS})`);
export const BASE_URL = urlOf(workerServer);

const webServer: PlaywrightTestConfig['webServer'] = PORTS.map((port, index) => ({
  command: 'bash ../scripts/e2e-server.sh',
  url: `${urlOf(index)}/health`,
  timeout: 480_000,
  reuseExistingServer: false,
  stdout: 'ignore',
  stderr: 'pipe',
  env: { PORT: String(port), APP_URL: urlOf(index), E2E_DATA_DIR: `.test-data/e2e-${index}` },
}));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: SERVERS,
  // One retry everywhere (E2E_RETRIES changes it): a journey that needed it is named as flaky in npm test's summary.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    // A trace records every action's DOM and a screencast: a quarter of the journeys' CPU when taken for every
    // journey (measured on the page sweep: 498 core-seconds with it, 374 without). It is taken on the retry, so a
    // journey that fails (or passes only on its retry) still leaves one in test-results/e2e; E2E_TRACE=on takes
    // them always.
    trace: (process.env.E2E_TRACE as 'on' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: BASE_URL } }],
  webServer,
});

/**
 * Debian's Chromium in its headless shell (package `chromium-headless-shell`, the build Playwright itself runs headless
 * tests in) when it is installed, else Debian's full browser; `CHROMIUM_PATH` names another. Decision 0021: the same
 * Chromium 156 and Blink, without the desktop browser's windowing and compositing around them, at a third of the full
 * browser's CPU for each new context and page (the journeys' lane 604 s → 397 s on this 2-core machine).
 * push-notifications.spec.ts runs in the full browser: the headless shell refuses the notification permission.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/** `count` distinct free ports, the first `first` when given. */
async function freePorts(count: number, first?: string): Promise<number[]> {
  const ports = first ? [Number(first)] : [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

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
