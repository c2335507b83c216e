import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import pino from 'pino';
import { chromium, type BrowserContext } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/app/seed/demo.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';

/**
 * First load of the pages sellers land on, as a phone sees them (`npm run bench:first-load`, after `npm run build`):
 *
 * - compressed JavaScript per route: a fresh 375 px Chromium context opens the route and sums the encoded
 *   (transferred) body sizes of every script response until the network is idle;
 * - Lighthouse mobile scores (default mobile emulation and simulated 4G / 4x CPU throttling) for performance
 *   and accessibility, the signed-in routes with the demo seller's session put in localStorage first (the auth
 *   store reads it from there, see apps/web/src/lib/auth-store.ts).
 *
 * `npm run bench:first-load -- --scripts-only` skips Lighthouse (the byte counts take seconds, Lighthouse minutes);
 * `-- --route=homepage` measures that route alone (repeat the flag for more).
 *
 * The server is the real one (apps/server serving apps/web/dist) on 127.0.0.1 with its own embedded Postgres and
 * the demo data. Figures go into bench/README.md by hand; nothing here is asserted.
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--headless=new',
];
const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9333);
const AUTH_STORAGE_KEY = 'listwise.auth';
/** Each route's full Lighthouse report (JSON, opens in the Lighthouse viewer), for finding what costs the score. */
const REPORTS_DIR = path.resolve(import.meta.dirname, '../.test-data/first-load-reports');

interface BenchRoute {
  name: string;
  path: string;
  signedInAs?: 'seller';
}

const SUBURB_PAGE = '/agents/nsw/bondi-beach-2026';
const ROUTES: BenchRoute[] = [
  // The public homepage, rendered on the server (a visitor: no session).
  { name: 'homepage', path: '/' },
  { name: '/login', path: '/login' },
  { name: '/get-started', path: '/get-started' },
  { name: 'listing address step', path: '/new-property/address' },
  { name: 'seller home', path: '/', signedInAs: 'seller' },
  // The public pages, rendered on the server; the profile's address is read from the suburb page.
  { name: 'suburb page', path: SUBURB_PAGE },
  { name: 'agent profile', path: '' },
];

/** The demo's public agent's profile, linked from the suburb page (its slug ends in a random id). */
async function resolvePaths(url: string): Promise<BenchRoute[]> {
  const html = await (await fetch(`${url}${SUBURB_PAGE}`)).text();
  const profile = /href="(\/agent\/[a-z0-9-]+)"/.exec(html)?.[1];
  if (!profile) throw new Error(`no agent profile linked from ${SUBURB_PAGE}`);
  return ROUTES.map((route) => (route.name === 'agent profile' ? { ...route, path: profile } : route));
}

/** Chunks whose presence on a route is worth knowing (the phone library and zod's schemas). */
const WATCHED_CHUNKS = /\/assets\/(phone|libphonenumber|schemas|zod)[-.]/;

async function startFirstLoadServer(): Promise<RunningServer> {
  const dataDir = path.resolve(import.meta.dirname, '../.test-data/first-load');
  await fsp.rm(dataDir, { recursive: true, force: true });
  // A fixed port: media URLs are absolute (APP_URL), so the listing photos on the seller home must point at this server.
  const port = process.env.FIRST_LOAD_PORT ?? '3190';
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  if (!fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    throw new Error(`No built web app in ${config.webDistDir}: run \`npm run build\` first`);
  }
  const server = await startServer({ config, logger: pino({ level: 'silent' }) });
  await seedDemoData(server.deps);
  return server;
}

async function sellerSession(url: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      variables: { email: DEMO_ACCOUNTS.seller.email, password: DEMO_PASSWORD },
    }),
  });
  const json = (await response.json()) as { data?: { login: { token: string } }; errors?: unknown };
  if (!json.data) throw new Error(`demo seller login failed: ${JSON.stringify(json.errors)}`);
  return JSON.stringify({ status: 'loggedIn', token: json.data.login.token, userType: 'SELLER', isGhostUser: false });
}

/**
 * Puts the session where the auth store reads it, before any script of the page runs, and the flag the app keeps
 * beside it, from which the server answers / with the app (the member's home) rather than the public homepage.
 */
async function signIn(context: BrowserContext, session: string, url: string) {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_STORAGE_KEY, session]);
  await context.addCookies([{ name: SIGNED_IN_COOKIE, value: 'true', url }]);
}

const SIGNED_IN_COOKIE = 'listwise_logged_in';

interface ScriptLoad {
  route: string;
  scripts: number;
  encodedBytes: number;
  decodedBytes: number;
  watched: string[];
}

async function measureScripts(url: string, route: BenchRoute, session: string): Promise<ScriptLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    if (route.signedInAs) await signIn(context, session, url);
    const page = await context.newPage();
    const loads: Promise<{ url: string; encoded: number; decoded: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      loads.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
          url: request.url(),
          encoded: sizes.responseBodySize,
          decoded: (await response?.body())?.length ?? 0,
        })),
      );
    });
    await page.goto(`${url}${route.path}`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(loads);
    // `--list` prints every script a route loaded, largest first, to see what to split next.
    if (process.argv.includes('--list')) {
      console.log(`\n${route.name}`);
      for (const s of [...scripts].sort((a, b) => b.encoded - a.encoded)) {
        console.log(`  ${(s.encoded / 1024).toFixed(1).padStart(6)} KB  ${new URL(s.url).pathname}`);
      }
    }
    return {
      route: route.name,
      scripts: scripts.length,
      encodedBytes: scripts.reduce((sum, s) => sum + s.encoded, 0),
      decodedBytes: scripts.reduce((sum, s) => sum + s.decoded, 0),
      watched: scripts.map((s) => new URL(s.url).pathname).filter((p) => WATCHED_CHUNKS.test(p)),
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseScores {
  route: string;
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/**
 * Lighthouse on a Chromium that Playwright started with a debugging port, in a persistent profile so the
 * tab Lighthouse opens shares the localStorage Playwright wrote (signed-in routes).
 */
async function runLighthouse(url: string, route: BenchRoute, session: string): Promise<LighthouseScores> {
  const profile = await fsp.mkdtemp(path.join(os.tmpdir(), 'listwise-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    if (route.signedInAs) {
      const page = await context.newPage();
      await page.goto(`${url}/health`);
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_STORAGE_KEY, session]);
      await context.addCookies([{ name: SIGNED_IN_COOKIE, value: 'true', url }]);
      await page.close();
    }
    const result = await lighthouse(`${url}${route.path}`, {
      port: DEBUGGING_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // Keep the session just written; the HTTP cache is still empty (only /health was fetched).
      disableStorageReset: !!route.signedInAs,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`);
    await fsp.mkdir(REPORTS_DIR, { recursive: true });
    await fsp.writeFile(
      path.join(REPORTS_DIR, `${route.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`),
      result.report as string,
    );
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    if (result.lhr.finalDisplayedUrl !== `${url}${route.path}`) {
      console.warn(`  ${route.name}: Lighthouse ended on ${result.lhr.finalDisplayedUrl}`);
    }
    return {
      route: route.name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
    };
  } finally {
    await context.close();
    await fsp.rm(profile, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchFirstLoad(options: { lighthouse?: boolean } = {}) {
  const server = await startFirstLoadServer();
  try {
    const session = await sellerSession(server.url);
    const only = process.argv.filter((arg) => arg.startsWith('--route=')).map((arg) => arg.slice('--route='.length));
    const routes = (await resolvePaths(server.url)).filter((route) => !only.length || only.includes(route.name));
    const scripts: ScriptLoad[] = [];
    for (const route of routes) scripts.push(await measureScripts(server.url, route, session));
    console.log('\nJavaScript on first load (375 px, empty cache)');
    console.table(
      scripts.map((s) => ({
        route: s.route,
        scripts: s.scripts,
        transferred: kb(s.encodedBytes),
        uncompressed: kb(s.decodedBytes),
        'phone / schema chunks': s.watched.join(' ') || '—',
      })),
    );
    const scores: LighthouseScores[] = [];
    if (options.lighthouse === false) return { scripts, scores };
    for (const route of routes) scores.push(await runLighthouse(server.url, route, session));
    console.log('\nLighthouse (mobile, simulated throttling)');
    console.table(scores);
    return { scripts, scores };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchFirstLoad({ lighthouse: !process.argv.includes('--scripts-only') });
  process.exit(0);
}
