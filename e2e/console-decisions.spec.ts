import nodePath from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, gql, waitForEmail } from './support/api.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty, uploadImage } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * The operator's decisions in the console (per listing): rejecting a listing's
 * verification with a reason, seeing the listing itself while deciding, and a suburb's agent maximum that cannot go below the agents subscribed.
 * Agents and listings are set up through the API; the decisions are made on the screens.
 */

const PASSWORD = 'e2e-password-123';
const REASON = 'The rates notice you sent names a different owner.';
const SCREENS = nodePath.join(import.meta.dirname, '../test-results/screens');

async function atWidths(page: Page, check: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
  }
}

/** A seller who is not the owner listed a house with a photo and asked the agent: the listing waits for verification. */
async function pendingListing(request: APIRequestContext, agentId: string) {
  const seller = await createSeller(request, { name: 'Rhea Rejected', password: PASSWORD });
  const suburbId = await findSuburbId(request, { name: 'Petersham', state: 'NSW' });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Rejection Road', owner: 'NO' });
  const photo = await uploadImage(request, seller.token);
  await gql(
    request,
    `mutation($p: ID!, $m: ID!) { attachUserMediaToDraftProperty(propertyId: $p, propertyMediaType: PHOTO, userMediaId: $m) { id } }`,
    { p: propertyId, m: photo },
    seller.token,
  );
  expect(await publishProperty(request, seller.token, propertyId, [agentId])).toBe('verification_pending');
  return { ...seller, propertyId };
}

test('the operator rejects a listing with a reason after seeing it; the seller is told why and where to upload proof', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suburbId = await findSuburbId(request, { name: 'Petersham', state: 'NSW' });
  const agent = await createAgent(request, {
    name: 'Leo Petersham',
    suburbId,
    password: PASSWORD,
    withCard: true,
    agencyName: 'Inner West Realty',
  });
  const seller = await pendingListing(request, agent.userId);

  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=verification');
  const entry = page.getByRole('list', { name: 'Listings awaiting verification' }).getByRole('listitem').filter({ hasText: seller.email });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByRole('list', { name: 'Listings awaiting verification' })).toBeVisible();
  for (let pageCount = 0; pageCount < 20 && !(await entry.isVisible()) && (await loadMore.isVisible()); pageCount++) await loadMore.click();

  // The listing itself, to decide on: address, answers, the reason given and the photo.
  await expect(entry.getByRole('heading', { name: /7 Rejection Road, Petersham NSW/ })).toBeVisible();
  await expect(entry.getByText('Selling on behalf of my mother')).toBeVisible();
  await expect(entry.getByText('North-facing garden, quiet street.')).toBeVisible();
  await expect(entry.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(entry.getByText('No proof of authority uploaded yet.')).toBeVisible();
  await atWidths(page, async () => {
    await expectNoA11yViolations(page);
    await keepScreenshot(entry, nodePath.join(SCREENS, `console-verification-${page.viewportSize()!.width}.png`));
  });

  // A reason is required, then the rejection is confirmed with one.
  await entry.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  // The dialog counts this listing's one agent, in the singular.
  await expect(dialog.getByText(/The agent they chose stays on hold\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  const reasonField = dialog.getByLabel('Reason (e-mailed to the seller)');
  await expect(reasonField).toHaveAccessibleDescription(/Give a reason for the rejection/);
  await reasonField.fill(REASON);
  // The message was about the empty field: it goes as soon as a reason is typed.
  await expect(dialog.getByText('Give a reason for the rejection')).toBeHidden();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  await expect(
    page.getByText(/7 Rejection Road, Petersham NSW \d{4} was rejected; Rhea Rejected has been e-mailed the reason\./),
  ).toBeVisible();
  // Only listings that wait are shown: the rejected one leaves the queue until its seller uploads proof.
  await expect(entry).toHaveCount(0);

  // The seller is e-mailed the reason, and 'Send proof' leads to that listing's upload.
  const mail = await waitForEmail(request, seller.email, /could not verify your listing/i);
  expect(mail.text).toContain(REASON);
  expect(mail.text).toContain('support@listwise.com.au');
  expect(mail.text).toContain(`/property/${seller.propertyId}#proof-of-authority`);
  await logOutThroughPage(page);
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  await expect(page.getByRole('heading', { name: 'We could not verify your listing' })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@listwise.com.au' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Proof of authority to sell' })).toBeVisible();
  await atWidths(page, () => expectNoA11yViolations(page));

  // The audit log names the decision.
  await logOutThroughPage(page);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=audit-log');
  await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible();
});

test("a suburb's agent maximum below the agents subscribed is refused with a clear message", async ({ page, request }) => {
  const suburbId = await findSuburbId(request, { name: 'Stanmore', state: 'NSW' });
  for (const name of ['Stan First', 'Stan Second'])
    await createAgent(request, { name, suburbId, password: PASSWORD, agencyName: 'Stanmore Homes' });

  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=suburbs');
  await page.getByLabel('Suburb name or postcode').fill('Stanmore');
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Stanmore NSW 2048' }) });
  await expect(card.getByText('2 of 5')).toBeVisible();
  const max = card.getByLabel('Agent maximum');
  await max.fill('1');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(
    card.getByText('The agent maximum cannot be below the number of agents already subscribed: 2 agents hold a subscription in Stanmore.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await atWidths(page, () => expectNoA11yViolations(page));

  await max.fill('2');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stanmore now takes up to 2 agents.')).toBeVisible();
});

test('every console area has its tab whole on screen at 375 and 1280 px, and each opens', async ({ page }) => {
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  for (const [name, size] of [
    ['mobile', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    const tabs = page.getByRole('tablist', { name: 'Console areas' }).getByRole('tab');
    await expect(tabs).toHaveCount(11);
    for (const tab of await tabs.all()) {
      // Whole: inside the page's width, and its label not clipped by the row.
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    for (const label of ['Settings', 'E-mails', 'Audit log']) {
      await page.getByRole('tab', { name: label }).click();
      await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    }
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SCREENS, `console-tabs-${name}.png`));
  }
});
