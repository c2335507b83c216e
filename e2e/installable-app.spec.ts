import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, expectNoA11yViolations, PHONE } from './support/a11y.ts';

/**
 * The installable app in Chromium: the service worker installs, precaching the built app, and controls the page.
 * Offline, a page opens to the offline page; a new version installed beside the running one makes the open tab say
 * an update is ready, and Reload takes it. (push-notifications.spec.ts: notifications.)
 */

const BUILT_WORKER = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');

async function waitForController(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', null, { timeout: 60_000 });
  // The first version claims the open tab; a reload is controlled from its first request on.
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

test('offline, a page opens to the offline page; a new version makes the open tab offer Reload', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/login');
  await waitForController(page);
  // Installing stored the whole built app (every route's chunks, not only what /login loaded) and nothing else.
  const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(await fs.readFile(BUILT_WORKER, 'utf8'))![1]!) as string[];
  const stored = await page.evaluate(async () => {
    const [name] = (await caches.keys()).filter((key) => key.startsWith('listwise-'));
    return (await (await caches.open(name!)).keys()).map((request) => new URL(request.url).pathname).sort();
  });
  expect(stored).toEqual(precache);
  expect(stored.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(100);

  await context.setOffline(true);
  await page.goto('/agent/appointment-requests').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoA11yViolations(page);
  await context.setOffline(false);

  // A deploy: the server now answers /sw.js with a new version (the same code, another version line).
  await page.goto('/login');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  // The worker's own update check is not routed through Playwright, so the new version is written where the server
  // serves it from (its precompressed copies aside meanwhile), and put back after.
  const built = BUILT_WORKER;
  const original = await fs.readFile(built, 'utf8');
  const copies = await Promise.all(['.br', '.gz'].map(async (ext) => [ext, await fs.readFile(built + ext)] as const));
  try {
    await Promise.all(copies.map(([ext]) => fs.rm(built + ext)));
    await fs.writeFile(built, original.replace(/const VERSION = "([^"]+)";/, 'const VERSION = "$1-next";'));
    await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.update()));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Listwise is ready.' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expectNoA11yViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoA11yViolations(page);
    // The new version stays served until the reload has taken it: the reload's navigation checks for an update,
    // and the old version put back before it would be one more new version, offered again.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByText('A new version of Listwise is ready.')).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  } finally {
    await fs.writeFile(built, original);
    await Promise.all(copies.map(([ext, bytes]) => fs.writeFile(built + ext, bytes)));
  }
  await context.close();
});
