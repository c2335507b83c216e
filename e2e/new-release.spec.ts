import { expect, test, type Page } from '@playwright/test';
import { createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * A tab opened before a release asks for chunks the new build no longer has. Here the release is played by
 * answering 404 for /get-started's chunk: the tab then opens /get-started afresh (from the "new build", where the
 * chunk is served again); when the chunk is missing there too it shows the error page once, without a reload loop;
 * and when the server cannot be reached it shows the error page without trying. A component loaded inside a page
 * (here the property card's menu) loads the page afresh the same way.
 */

// The release is played with page.route, which never sees a request the service worker answers (its own fetch
// goes around the page): the worker is kept out so the page asks the server itself, as before the worker.
test.use({ serviceWorkers: 'block' });

const GET_STARTED_CHUNK = /\/assets\/get-started-[\w-]+\.js$/;

/** Counts the documents loaded for /get-started: each one is a full page load. */
function countPageLoads(page: Page, path: string) {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === path) loads.push(request.url());
  });
  return loads;
}

async function openLoginThenSignUp(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
}

test('a tab from before a release opens its next page from the new build', async ({ page }) => {
  let released = false; // the chunk this tab knows is gone until the page is loaded afresh
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/get-started') released = true;
  });
  await page.route(GET_STARTED_CHUNK, (route) => (released ? route.continue() : route.fulfill({ status: 404, body: 'gone' })));
  const loads = countPageLoads(page, '/get-started');

  await openLoginThenSignUp(page);

  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Something went wrong');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loads).toHaveLength(1);
});

test('a page whose code is missing from the new build too shows the error page after one fresh load', async ({ page }) => {
  await page.route(GET_STARTED_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
  const loads = countPageLoads(page, '/get-started');

  await openLoginThenSignUp(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page).toHaveURL(/\/get-started$/);
  // Give a loop the time to show itself: there is still exactly one fresh load.
  await page.waitForTimeout(1_500);
  expect(loads).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
});

test('offline, a page whose code cannot load shows the error page at once, without reloading', async ({ page }) => {
  await page.route(GET_STARTED_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.route('**/health', (route) => route.abort('internetdisconnected'));
  const loads = countPageLoads(page, '/get-started');

  await openLoginThenSignUp(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  expect(loads).toHaveLength(0);
});

test('a menu whose code is gone with a release loads the page afresh, and then opens', async ({ page, request }) => {
  const password = 'new-release-password';
  const seller = await createSeller(request, { name: 'Rita Release', password });
  const suburbId = await findSuburbId(request, { name: 'Araluen', state: 'NT', postcode: '0870' });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Release Street' });
  expect(await publishProperty(request, seller.token, propertyId, [])).toBeNull();
  await page.setViewportSize({ width: 375, height: 812 });
  await loginThroughForm(page, seller.email, password);
  const options = page.getByRole('button', { name: /^Options for .*Release Street/ });
  await expect(options).toBeVisible();

  let released = false;
  const loads = countPageLoads(page, '/');
  page.on('request', (request) => {
    if (request.isNavigationRequest()) released = true;
  });
  await page.route(/\/assets\/property-card-menu-[\w-]+\.js$/, (route) =>
    released ? route.continue() : route.fulfill({ status: 404, body: 'gone' }),
  );

  await options.click();
  await expect.poll(() => loads.length).toBe(1);
  await expect(options).toBeVisible();
  await options.click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['View property', 'View appraisals', 'Update sale status']);
  expect(loads).toHaveLength(1);
});
