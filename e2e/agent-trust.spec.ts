import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { apiLogin, DEMO, DEMO_PASSWORD, gql } from './support/api.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * In the browser: an operator verifies a licence from 'Licences to check' and the seller then sees
 * 'Licence verified' on that agent's appraisal; an agent looking for a suburb sees its demand and whether a free
 * trial applies. Both at 375 and 1280 px, axe clean.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/agent-trust');
const WIDTHS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** The demo seller's Bondi listing and the appraisal Jack Nguyen (the second demo agent, licence pending) sent. */
async function jacksAppraisal(page: Page) {
  const token = await apiLogin(page.request, DEMO.seller);
  const { myProperties } = await gql<{
    myProperties: {
      edges: { node: { id: string; completeType: string | null; propertyAppraisals: { id: string; agent: { name: string } }[] } }[];
    };
  }>(
    page.request,
    `{ myProperties(first: 20) { edges { node { id completeType propertyAppraisals { id agent { name } } } } } }`,
    {},
    token,
  );
  for (const { node } of myProperties.edges) {
    const appraisal = node.completeType === null && node.propertyAppraisals.find((a) => a.agent.name === 'Jack Nguyen');
    if (appraisal) return `/property/${node.id}/appraisal/${appraisal.id}`;
  }
  throw new Error("the demo listing should have Jack Nguyen's appraisal");
}

test('an operator verifies a licence, and the seller then sees the mark', async ({ page }) => {
  const appraisalPath = await jacksAppraisal(page);

  // Before: the seller reads that Jack's licence is not checked yet, at both widths.
  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await page.goto(appraisalPath);
    await expect(page.getByRole('heading', { name: 'Jack Nguyen', exact: true })).toBeVisible();
    await expect(page.getByText('Licence not checked yet')).toBeVisible();
    await expect(page.getByText('Licence verified')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `appraisal-licence-not-checked-${width.name}.png`));
  }
  await logOutThroughPage(page);

  // The operator checks the queue at a phone width, and verifies it.
  await page.setViewportSize(WIDTHS[0]);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=licences');
  await expect(page.getByRole('heading', { name: 'Licences to check' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Jack Nguyen' });
  await expect(card).toContainText('20654321');
  await expect(card.getByRole('link', { name: /Check on the NSW public register/ })).toHaveAttribute('href', /nsw\.gov\.au/);
  await expectNoA11yViolations(page);
  await keepScreenshot(page, nodePath.join(SHOTS, 'licences-queue-mobile.png'));
  await card.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('dialog', { name: "Verify Jack Nguyen's licence?" }).getByRole('button', { name: 'Verify licence' }).click();
  await expect(page.getByText("Jack Nguyen's licence is verified.")).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Jack Nguyen' })).toHaveCount(0);
  await logOutThroughPage(page);

  // After: the seller sees 'Licence verified' with the number, at both widths.
  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await page.goto(appraisalPath);
    await expect(page.getByText('Licence verified')).toBeVisible();
    await expect(page.getByText('· NSW 20654321')).toBeVisible();
    await expect(page.getByText('Licence not checked yet')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `appraisal-verified-${width.name}.png`));
  }
});

for (const width of WIDTHS) {
  test(`an agent adding a suburb sees its demand and whether a free trial applies (${width.name})`, async ({ page }) => {
    await page.setViewportSize(width);
    await loginThroughForm(page, DEMO.agents[2], DEMO_PASSWORD);
    await page.goto('/agent/profile-settings?tab=suburbs');
    await page.getByRole('button', { name: /Add suburb/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New Suburb' });
    await wizard.getByLabel('Suburb', { exact: true }).fill('Brunswick');
    await wizard.getByRole('button', { name: 'Brunswick VIC 3056', exact: true }).click();
    const chosen = wizard.getByRole('region', { name: 'Chosen suburb' }).getByRole('button');
    await expect(chosen).toContainText('Fewer than 3 listings published in the last 90 days');
    await expect(chosen).toContainText(/Free trial applies|No free trial left/);
    await expect(chosen).toContainText(/places left/);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `suburb-demand-${width.name}.png`));
  });
}
