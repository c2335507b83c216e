import { expect, test, type Page } from '@playwright/test';
import { apiLogin, DEMO, DEMO_PASSWORD } from './support/api.ts';
import { watchCspViolations } from './support/csp.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * what a phone downloads on first load, and the Content-Security-Policy in a real browser.
 * Structural checks, not timings (the figures are bench/first-load.ts's): the modules inside each script are read
 * from its source map, so the check follows the code whatever the bundler names the chunks.
 */

/**
 * Watches the app's scripts the page fetches; `modules()` lists every module bundled into those fetched since the
 * last call (read from their source maps).
 */
function watchScripts(page: Page) {
  let scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/'))
      scripts.push(response.url());
  });
  return {
    async modules(): Promise<string[]> {
      const fetched = scripts;
      scripts = [];
      const modules: string[] = [];
      for (const script of fetched) {
        // The bundler's own module runtime is generated code with no sources, hence no map.
        if (/\/rolldown-runtime-[\w-]+\.js$/.test(script)) continue;
        const map = await page.request.get(`${script}.map`);
        if (map.ok()) {
          modules.push(...((await map.json()) as { sources: string[] }).sources);
          continue;
        }
        // The bundler writes no map for a chunk that only re-exports another chunk's names; any other must have one.
        const text = (await (await page.request.get(script)).text()).trim();
        expect(text, `${script} has no source map`).toMatch(/^export\s*\{[^}]*\}\s*from\s*"[^"]+";?$/);
      }
      return modules;
    },
  };
}

/** Every module bundled into the scripts a fresh page load of `path` fetched. */
async function modulesLoadedBy(page: Page, path: string): Promise<string[]> {
  const scripts = watchScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  const modules = await scripts.modules();
  expect(modules.length).toBeGreaterThan(0);
  return modules;
}

test.describe('first load at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('/login loads neither the phone-number library nor zod (only its e-mail pattern)', async ({ page }) => {
    const modules = await modulesLoadedBy(page, '/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(modules.some((m) => m.includes('/react-dom/'))).toBe(true); // the check sees the app's own scripts
    expect(modules.filter((m) => m.includes('libphonenumber-js'))).toEqual([]);
    expect(modules.filter((m) => m.includes('/zod/') && !m.endsWith('/zod/v4/core/regexes.js'))).toEqual([]);
  });

  test('the menus and dialogs of signed-in pages load when first opened, not with the page', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.seller);
    const session = JSON.stringify({ status: 'loggedIn', token, userType: 'SELLER', isGhostUser: false });
    await page.addInitScript((value) => window.localStorage.setItem('listwise.auth', value), session);
    // And the flag the app keeps beside it, from which the server answers / with the app rather than the public homepage.
    await page.context().addCookies([{ name: 'listwise_logged_in', value: 'true', url: test.info().project.use.baseURL! }]);
    const modules = await modulesLoadedBy(page, '/');
    await expect(page.getByRole('button', { name: /^Options for / }).first()).toBeVisible();
    expect(modules.filter((m) => /react-aria-components\/dist\/private\/(Menu|Popover|Dialog|Modal)\.mjs$/.test(m))).toEqual([]);
  });

  test('/get-started needs no form library or schema at all', async ({ page }) => {
    const modules = await modulesLoadedBy(page, '/get-started');
    expect(modules.filter((m) => /libphonenumber-js|\/zod\//.test(m))).toEqual([]);
  });

  test("the listing address step loads no zod, no other step's schemas, no modal and no date library", async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/new-property/address', { waitUntil: 'networkidle' });
    const modules = await scripts.modules();
    await expect(page.getByRole('combobox', { name: 'Address' })).toBeVisible();
    expect(modules.some((m) => m.includes('features/listing/routes/address'))).toBe(true);
    // zod itself; react-hook-form's small zod adapter (@hookform/resolvers/zod) is not zod.
    const unwanted = /node_modules\/zod\/|\/date-fns\/|react-aria-components\/dist\/private\/(Modal|Dialog)\.|domain\/src\/listing\.ts$/;
    expect(modules.filter((m) => unwanted.test(m))).toEqual([]);

    // Its rules load once the visitor goes to the form (zod/mini, never zod's full API), and check as before.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Address is required', { exact: true })).toBeVisible();
    const rules = await scripts.modules();
    expect(rules.some((m) => m.includes('domain/src/listing-address.ts'))).toBe(true);
    expect(rules.filter((m) => /zod\/v4\/classic|domain\/src\/listing\.ts$/.test(m))).toEqual([]);
  });

  test("the seller home shows the seller's properties without loading zod", async ({ page, request }) => {
    // The session goes where the auth store reads it before any script runs, so the first load is the seller home.
    const token = await apiLogin(request, DEMO.seller);
    const session = JSON.stringify({ status: 'loggedIn', token, userType: 'SELLER', isGhostUser: false });
    await page.addInitScript((value) => window.localStorage.setItem('listwise.auth', value), session);
    // And the flag the app keeps beside it, from which the server answers / with the app rather than the public homepage.
    await page.context().addCookies([{ name: 'listwise_logged_in', value: 'true', url: test.info().project.use.baseURL! }]);
    // The list is read once the properties show: the page's own chunk loads after the session check, which network
    // idleness alone did not always wait for (a run read the list before it and missed the page).
    const scripts = watchScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
    const modules = await scripts.modules();
    expect(modules.some((m) => m.includes('features/seller-properties/'))).toBe(true);
    expect(modules.filter((m) => m.includes('/zod/'))).toEqual([]);
  });
});

test("/login's HTML preloads its route's scripts, each one the page then loads, under the CSP", async ({ page }) => {
  const violations = await watchCspViolations(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const loaded = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') loaded.add(new URL(response.url()).pathname);
  });

  const response = await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const html = await response!.text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]!);
  const entryScript = /<script type="module" crossorigin src="([^"]+)">/.exec(html)![1]!;
  // Vite's links for the entry's own imports, and the route's (at low priority, after the stylesheet and the entry).
  const allPreloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)].map((m) => m[1]!);

  // Beyond the entry's own imports (Vite's links), the route's: the login page's chunk among them.
  expect(preloaded.length).toBeGreaterThan(10);
  // The modules in each preloaded script, from its source map (the bundler's runtime chunk has none).
  const preloadedModules = await Promise.all(
    preloaded.map(async (script) => {
      const map = await page.request.get(`${script}.map`);
      return map.ok() ? ((await map.json()) as { sources: string[] }).sources : [];
    }),
  );
  expect(preloadedModules.flat().some((m) => m.endsWith('features/auth/routes/login.tsx'))).toBe(true);
  expect(preloadedModules.flat().some((m) => m.endsWith('app/layouts/public-layout.tsx'))).toBe(true);
  // Nothing preloaded that the page does not load, and nothing it loads left to find late.
  expect(preloaded.filter((script) => !loaded.has(script))).toEqual([]);
  expect([...loaded].filter((script) => script !== entryScript && !allPreloaded.includes(script))).toEqual([]);
  expect(warnings).toEqual([]);
  expect(violations()).toEqual([]);
});

test('the main journeys run under the Content-Security-Policy without a violation', async ({ page, request }) => {
  const violations = await watchCspViolations(page);

  const html = await request.get('/login');
  expect(html.headers()['content-security-policy']).toContain("script-src 'self'");

  // A visitor: the server-rendered homepage (its one script), sign-up choice and the listing address step.
  await page.goto('/');
  await page.getByRole('textbox', { name: "Your property's address" }).fill('12 Campbell Parade, Bondi');
  await page.getByRole('button', { name: 'Get free appraisals' }).first().click();
  // The site's script ran under the policy: it opened the step itself (a plain submission would add an empty query).
  await expect(page).toHaveURL(/\/new-property\/address$/);
  await page.goto('/get-started');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/new-property/address');
  await page.getByRole('combobox', { name: 'Address' }).fill('12 Campbell Parade, Bondi');
  await expect(page.getByRole('option').first()).toBeVisible();

  // The seller: log in, My Properties, a property.
  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const property = page.getByRole('heading', { level: 3 }).getByRole('link').first(); // the demo listing's card
  await property.click();
  await expect(page).toHaveURL(/\/property\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // An agent's home and the operators' console.
  await loginThroughForm(page, DEMO.agents[0], DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(await apiLogin(request, DEMO.seller)).toBeTruthy();
  expect(violations()).toEqual([]);
});
