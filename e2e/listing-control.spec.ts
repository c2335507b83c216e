import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { apiLogin, DEMO, gql, waitForEmail } from './support/api.ts';
import { writeJpegFixture } from './support/fixtures.ts';
import { createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * Sellers control their listing: a seller edits a published listing (a text file renamed .jpg is
 * refused with a clear message, number fields take digits only), sees the agents asked and where each stands,
 * and withdraws it; a listing lacking answers at publishing names them (links to their steps, each going on to the
 * next gap, the chosen agent kept); a known e-mail on the address step is told inline; a waiting draft is named on /.
 * Pages checked with axe at 375 and 1280 px, screenshots kept for review.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/listing-control');
const WIDTHS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const PASSWORD = 'e2e-password-123';

/** Axe-clean at both widths, with a screenshot of each. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `${name}-${size.name}.png`));
  }
  await page.setViewportSize(WIDTHS[1]);
}

async function bondiAgentIds(request: APIRequestContext, token: string, propertyId: string): Promise<{ id: string; name: string }[]> {
  const { agentsForProperty } = await gql<{ agentsForProperty: { id: string; name: string }[] }>(
    request,
    `query($id: ID!) { agentsForProperty(propertyId: $id) { id name } }`,
    { id: propertyId },
    token,
  );
  return agentsForProperty;
}

test('a seller edits a published listing, sees where each agent stands, and withdraws it', async ({ page }) => {
  const seller = await createSeller(page.request, { name: 'Priya Editor', password: PASSWORD });
  const bondi = await findSuburbId(page.request, { name: 'Bondi', state: 'NSW' });
  const propertyId = await createDraftProperty(page.request, seller.token, { suburbId: bondi, streetName: 'Edit Street' });
  const agents = (await bondiAgentIds(page.request, seller.token, propertyId)).slice(0, 2);
  expect(agents.length).toBe(2);
  expect(
    await publishProperty(
      page.request,
      seller.token,
      propertyId,
      agents.map((a) => a.id),
    ),
  ).toBeNull();

  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${propertyId}`);
  const asked = page.locator('section', { has: page.getByRole('heading', { name: 'Agents asked' }) });
  await expect(asked.getByRole('listitem')).toHaveCount(2);
  await expect(asked.getByText('Sent', { exact: true })).toHaveCount(2);
  await checkAtBothWidths(page, 'property-page');

  await page.getByRole('link', { name: 'Edit listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
  await page.getByLabel('Bedrooms').selectOption('4');
  // Number fields take digits only, each wrong entry with its own message.
  const size = page.getByLabel('Property size (m²)');
  for (const [typed, message] of [
    ['big', 'Enter a number using digits only'],
    ['-5', 'Must not be negative'],
    ['12.5', 'Must be a whole number'],
  ] as const) {
    await size.fill(typed);
    await size.blur();
    await expect(page.getByText(message)).toBeVisible();
  }
  await size.fill('210');
  await page.getByLabel('Additional information (optional)').fill('New kitchen, finished last month.');

  // A text file renamed .jpg is refused by its bytes, with a message that says why.
  const photos = page.getByRole('region', { name: /^Photos \(\d+\)$/ });
  const fake = nodePath.join(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'listwise-e2e-')), 'letter.jpg');
  fs.writeFileSync(fake, 'Dear agent, this is a letter, not a photo.\n');
  await photos.locator('input[type=file]').setInputFiles(fake);
  await expect(photos.getByRole('alert')).toContainText('This file is not a photo or video we can use');
  await expect(photos.getByRole('img', { name: /Photo \d/ })).toHaveCount(0);
  // A real photo goes on the listing at once.
  await photos.locator('input[type=file]').setInputFiles(writeJpegFixture({ name: 'kitchen.jpg' }));
  await expect(photos.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 30_000 });
  await checkAtBothWidths(page, 'edit-listing');

  // Saved by keyboard.
  await page.getByRole('button', { name: 'Save changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/property/${propertyId}$`));
  await expect(page.getByText(/Your listing is updated/)).toBeVisible();
  await expect(page.getByText(/^Updated \d\d \w{3} \d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'View Property Details' }).click();
  await expect(page.getByText('210 m²')).toBeVisible();
  await expect(page.getByText('New kitchen, finished last month.')).toBeVisible();

  // The agents asked see the listing as updated.
  const agentToken = await apiLogin(page.request, DEMO.agents[0]);
  const { myPendingAppraisalRequests } = await gql<{
    myPendingAppraisalRequests: {
      edges: { node: { property: { id: string; listingUpdatedAt: string | null; numberOfBedrooms: number } } }[];
    };
  }>(
    page.request,
    `{ myPendingAppraisalRequests(first: 50) { edges { node { property { id listingUpdatedAt numberOfBedrooms } } } } }`,
    {},
    agentToken,
  );
  const seen = myPendingAppraisalRequests.edges.map((e) => e.node.property).find((p) => p.id === propertyId);
  expect(seen).toMatchObject({ numberOfBedrooms: 4 });
  expect(seen!.listingUpdatedAt).not.toBeNull();

  // Withdrawn by keyboard: the dialog asks why; the agents' requests are no longer required and they are told.
  await page.getByRole('button', { name: 'Withdraw listing' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Withdraw this listing?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Withdraw listing' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: "I've decided not to sell" }).check();
  await checkAtBothWidths(page, 'withdraw-dialog');
  await dialog.getByRole('button', { name: 'Withdraw listing' }).click();
  await expect(dialog).toBeHidden();
  await expect(asked.getByText('Not required', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Edit listing' })).toHaveCount(0);
  await waitForEmail(page.request, DEMO.agents[0], /withdrawn/i);
});

test('a listing lacking answers at Select Agents names them, links to each step in turn and keeps the chosen agent', async ({ page }) => {
  // A draft with its address and type only (a listing left half-way, or one whose type changed after its rooms).
  const seller = await createSeller(page.request, { name: 'Sam Gaps', password: PASSWORD });
  const bondi = await findSuburbId(page.request, { name: 'Bondi', state: 'NSW' });
  const { startNewDraftProperty } = await gql<{ startNewDraftProperty: { id: string } }>(
    page.request,
    `mutation($s: ID!) { startNewDraftProperty(suburbId: $s, streetName: "Gap Street", streetNumber: "12") { id } }`,
    { s: bondi },
    seller.token,
  );
  await gql(
    page.request,
    `mutation($id: ID!) { updatePropertyType(propertyId: $id, propertyType: HOUSE) { id } }`,
    { id: startNewDraftProperty.id },
    seller.token,
  );
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto('/new-property/select-agents');

  await expect(page.getByRole('heading', { level: 1, name: 'Select Agents' })).toBeVisible();
  const firstAgent = page.getByRole('checkbox').first();
  await firstAgent.check();
  const notice = page.getByRole('alert').filter({ hasText: 'Some required questions have not been answered.' });
  await expect(notice).toContainText('Property Details: Bedrooms, Bathrooms');
  await expect(notice).toContainText('Sale Information: Estimated sale value, Ideal timeframe of sale, Preferred method of sale');
  await page.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(page).toHaveURL(/\/new-property\/select-agents$/);
  await checkAtBothWidths(page, 'select-agents-missing-answers');

  // Answered from its link, a step goes on to the next step still lacking an answer, then back to the agents.
  await notice.getByRole('link', { name: 'Answer in step 4, Sale Information' }).click();
  await expect(page).toHaveURL(/\/new-property\/sale-info\?then=select-agents$/);
  await page.getByLabel('Estimated sale value').selectOption('FROM_1M_TO_1_5M');
  await page.getByLabel('Ideal timeframe of sale').selectOption({ index: 1 });
  await page
    .getByRole('group', { name: /Preferred method of sale/ })
    .getByRole('radio')
    .first()
    .check();
  await page
    .getByRole('group', { name: /Are you the property owner/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/new-property\/details\?then=select-agents$/);
  await page.getByLabel('Bedrooms').selectOption('3');
  await page.getByLabel('Bathrooms').selectOption('2');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/new-property\/select-agents$/);
  await expect(page.getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByText('Some required questions have not been answered.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request Sent!' })).toBeVisible();
});

test('a known e-mail on the address step is told inline with log-in and reset links', async ({ page }) => {
  await page.goto('/new-property/address');
  await page.getByRole('combobox', { name: 'Address' }).fill('3 Known Street, Bondi');
  await page
    .getByRole('option', { name: /Bondi NSW 2026/ })
    .first()
    .click();
  await page.getByLabel('Your name').fill('Kim Known');
  await page.getByLabel('Email address').fill(DEMO.seller);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Email address is already in use')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/login?from=%2Fnew-property%2Faddress');
  await expect(page.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/reset-password');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await checkAtBothWidths(page, 'address-known-email');
});

test('a waiting draft is named on the seller’s home and resumes', async ({ page }) => {
  const seller = await createSeller(page.request, { name: 'Wren Waiting', password: PASSWORD });
  const bondi = await findSuburbId(page.request, { name: 'Bondi', state: 'NSW' });
  await createDraftProperty(page.request, seller.token, { suburbId: bondi, streetName: 'Waiting Street' });
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your listing is waiting' })).toBeVisible();
  await expect(page.getByText('7 Waiting Street, Bondi NSW 2026')).toBeVisible();
  await checkAtBothWidths(page, 'home-waiting-draft');
  await page.getByRole('link', { name: 'Continue your listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select Agents' })).toBeVisible();
});
