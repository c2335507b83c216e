import nodePath from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { apiLogin, DEMO, gql } from './support/api.ts';
import { findSuburbId } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * Every page a visitor, seller, agent or operator can open on the demo data, at a phone width (375 px) and a
 * desktop width (1280 px): it renders its one heading, passes axe-core, nothing spills sideways (the page is
 * never wider than the screen), an open tab is on screen, and at desktop width every keyboard stop shows where
 * the focus is. The journeys check behaviour; this sweep checks that no page was left out of the accessibility
 * and layout rules.
 * Each page is loaded once, at the phone width, checked, then widened to the desktop width and checked again: the
 * web app lays out by CSS media queries (no script picks a layout by the window's width), so the widened page is the
 * page a desktop loads, and the sweep costs one page load a page instead of two (npm test's time).
 * Screenshots land in test-results/screens/<width>/ for a person to look at, with E2E_SCREENSHOTS=1.
 */

const WIDTHS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

type Width = (typeof WIDTHS)[number];

const SCREENS = nodePath.join(import.meta.dirname, '../test-results/screens');

/** Loads the page at the phone width and checks it there, then at the desktop width. */
async function checkPage(page: Page, path: string, name: string) {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(path);
  await expect(page.locator('h1').first(), `${name} has a heading`).toBeVisible();
  await expect(page.locator('h1'), `${name} has one h1`).toHaveCount(1);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await checkAtWidth(page, width, name);
  }
}

async function checkAtWidth(page: Page, width: Width, name: string) {
  await expect(page.locator('h1').first(), `${name} shows its heading at ${width.width}px`).toBeVisible();
  await expectNoA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is no wider than the ${width.width}px screen`).toBeLessThanOrEqual(0);
  // A row of tabs scrolls sideways on a phone: the open one (?tab=…) must be on screen, not scrolled off.
  // Sideways only: how far down the page is scrolled is the browser's to restore (the tab walk of the page before may
  // have left the same URL scrolled to its footer).
  const openTab = page.getByRole('tab', { selected: true });
  if ((await openTab.count()) > 0) {
    // Within the window and within its tab list's scrolled box (which clips what is scrolled off).
    const box = await openTab.first().evaluate((tab) => {
      const list = tab.closest('[role="tablist"]')!.getBoundingClientRect();
      const { left, right } = tab.getBoundingClientRect();
      return { left, right, from: Math.max(0, list.left), to: Math.min(window.innerWidth, list.right) };
    });
    expect(box.left >= box.from - 1 && box.right <= box.to + 1, `${name} shows its open tab (${JSON.stringify(box)})`).toBe(true);
  }
  if (width.name === 'desktop') await checkKeyboardFocus(page, name);
  await keepScreenshot(page, nodePath.join(SCREENS, width.name, `${name}.png`));
}

/**
 * Tabs through the page (up to 30 stops, until focus comes round again): every stop is reachable and shows a
 * focus indicator, on itself or on the card or field wrapper it sits in (a ring drawn with outline or shadow).
 */
async function checkKeyboardFocus(page: Page, name: string) {
  const seen = new Set<string>();
  for (let stop = 0; stop < 30; stop++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const hasRing = (e: Element) => {
        const style = getComputedStyle(e);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      };
      let ring = false;
      for (let e: Element | null = element, depth = 0; e && depth < 6 && !ring; e = e.parentElement, depth++) ring = hasRing(e);
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return { key: `${element.tagName}:${element.id}:${label}`, label: `${element.tagName} '${label}'`, ring };
    });
    if (!focused || seen.has(focused.key)) break;
    seen.add(focused.key);
    expect(focused.ring, `${name}: keyboard focus is visible on ${focused.label}`).toBe(true);
  }
  expect(seen.size, `${name}: reachable by keyboard`).toBeGreaterThan(0);
}

async function sellerPaths(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO.seller);
  const { myProperties } = await gql<{
    myProperties: {
      edges: {
        node: {
          id: string;
          completeType: string | null;
          propertyAppraisals: { id: string; agent: { id: string }; review: { status: string } | null }[];
        };
      }[];
    };
  }>(
    request,
    `{ myProperties(first: 10) { edges { node { id completeType propertyAppraisals { id agent { id } review { status } } } } } }`,
    {},
    token,
  );
  const properties = myProperties.edges.map((e) => e.node);
  const listed = properties.find((p) => p.completeType === null && p.propertyAppraisals.length > 0);
  const sold = properties.find((p) => p.completeType === 'SOLD_UNCONDITIONALLY');
  if (!listed || !sold) throw new Error('the demo seller should have a listed property with appraisals and a sold one');
  const appraisal = listed.propertyAppraisals[0];
  // The demo reviews (modules/reviews/demo-reviews.ts): one of the listing's appraisals reviewed and published, one held.
  const reviewed = listed.propertyAppraisals.find((a) => a.review?.status === 'PUBLISHED');
  const held = listed.propertyAppraisals.find((a) => a.review?.status === 'HELD');
  if (!appraisal || !reviewed || !held) throw new Error('the demo listing should have a published and a held review of its appraisals');
  return [
    ['seller-home', '/'],
    ['seller-property', `/property/${listed.id}`],
    ['seller-sold-property', `/property/${sold.id}`],
    ['seller-edit-listing', `/property/${listed.id}/edit`],
    ['seller-compare-appraisals', `/property/${listed.id}/compare`],
    ['seller-appraisal', `/property/${listed.id}/appraisal/${appraisal.id}`],
    ['seller-review', `/property/${listed.id}/appraisal/${reviewed.id}/review`],
    ['seller-review-held', `/property/${listed.id}/appraisal/${held.id}/review`],
    ['seller-request-appointment', `/property/${listed.id}/appraisal/${appraisal.id}/request-appointment`],
    ['seller-sale-status', `/property/${listed.id}/sale-status`],
    ['seller-select-agent', `/property/${listed.id}/sale-status/sold/agent`],
    ['seller-claim', `/property/${listed.id}/sale-status/sold/agent/${appraisal.agent.id}/claim`],
    ['seller-profile', '/profile-settings'],
    ['seller-new-property-address', '/new-property/address'],
  ] as const;
}

async function agentPaths(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO.agents[0]);
  const { myCompleteAppraisalRequests } = await gql<{ myCompleteAppraisalRequests: { edges: { node: { id: string } }[] } }>(
    request,
    `{ myCompleteAppraisalRequests(first: 1) { edges { node { id } } } }`,
    {},
    token,
  );
  const complete = myCompleteAppraisalRequests.edges[0]?.node;
  if (!complete) throw new Error('the demo agent should have an appraised property');
  return [
    ['agent-home', '/'],
    ['agent-home-complete', '/?tab=complete'],
    ['agent-request', `/agent/appraisal-request/${complete.id}`],
    ['agent-appointments', '/agent/appointment-requests'],
    ['agent-reviews', '/agent/reviews'],
    ['agent-settings-details', '/agent/profile-settings?tab=details'],
    ['agent-settings-profile', '/agent/profile-settings?tab=profile'],
    ['agent-settings-suburbs', '/agent/profile-settings?tab=suburbs'],
    ['agent-settings-billing', '/agent/profile-settings?tab=billing'],
  ] as const;
}

const PUBLIC_PATHS = [
  ['home', '/'],
  ['login', '/login'],
  ['get-started', '/get-started'],
  ['reset-password', '/reset-password'],
  ['reset-password-success', '/reset-password/success'],
  ['change-password', '/change-password/user/00000000-0000-0000-0000-000000000000/token/not-a-token'],
  ['continue-signup', '/continue-signup'],
  ['verify-email-invalid', '/verify-email/not-a-token'],
  ['undo-email-change-invalid', '/undo-email-change/not-a-token'],
  ['unsubscribe-invalid', '/unsubscribe/not-a-token'],
  ['agent-signup', '/agent/signup'],
  ['terms', '/terms-and-conditions?tab=terms'],
  ['privacy', '/terms-and-conditions?tab=privacy'],
  ['about', '/about-the-company'],
  ['how-it-works', '/how-it-works'],
  ['for-agents', '/real-state-agent-info'],
  ['for-sellers', '/find-real-estate-agents'],
  ['new-property-address', '/new-property/address'],
  ['review-policy', '/review-policy'],
  ['not-found', '/no-such-page'],
] as const;

/** The public pages of agents, rendered on the server: the demo's public agent serves Bondi Beach. */
async function publicAgentPaths(request: APIRequestContext) {
  const suburbId = await findSuburbId(request, { name: 'Bondi Beach', state: 'NSW' });
  const { suburbs } = await gql<{ suburbs: { publicAgents: { publicProfileUrl: string | null }[] }[] }>(
    request,
    `query($id: ID!) { suburbs(ids: [$id]) { publicAgents { publicProfileUrl } } }`,
    { id: suburbId },
  );
  const profileUrl = suburbs[0]?.publicAgents[0]?.publicProfileUrl;
  if (!profileUrl) throw new Error('the demo has no public agent in Bondi Beach');
  return [
    ['agents-states', '/agents'],
    ['agents-nsw', '/agents/nsw'],
    ['agents-suburb', '/agents/nsw/bondi-beach-2026'],
    ['agents-suburb-without-agents', '/agents/nsw/broken-hill-2880'],
    ['agent-profile', new URL(profileUrl).pathname],
    ['how-we-rank', '/how-we-rank'],
    ['agents-not-found', '/agents/nsw/no-such-place-9999'],
  ] as const;
}

const ADMIN_TABS = [
  'verification',
  'licences',
  'reviews',
  'sales',
  'payouts',
  'ledger',
  'agents',
  'suburbs',
  'settings',
  'emails',
  'audit-log',
] as const;

test.describe('every page at 375px and 1280px', () => {
  test.use({ viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height } });
  // A test walks up to 20 pages at both widths: about a minute alone, more beside the rest of npm test.
  test.describe.configure({ timeout: 300_000 });

  test('public pages', async ({ page }) => {
    for (const [name, path] of PUBLIC_PATHS) await checkPage(page, path, name);
  });

  test('public pages of agents', async ({ page, request }) => {
    for (const [name, path] of await publicAgentPaths(request)) await checkPage(page, path, name);
  });

  test('seller pages', async ({ page, request }) => {
    const paths = await sellerPaths(request);
    await loginThroughForm(page, DEMO.seller, 'listwise-demo');
    for (const [name, path] of paths) await checkPage(page, path, name);
  });

  test('agent pages', async ({ page, request }) => {
    const paths = await agentPaths(request);
    await loginThroughForm(page, DEMO.agents[0], 'listwise-demo');
    for (const [name, path] of paths) await checkPage(page, path, name);
  });

  test('operator console', async ({ page }) => {
    await loginThroughForm(page, DEMO.admin, 'listwise-demo');
    for (const tab of ADMIN_TABS) await checkPage(page, `/admin?tab=${tab}`, `admin-${tab}`);
  });
});
