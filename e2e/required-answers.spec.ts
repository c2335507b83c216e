import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths, DESKTOP } from './support/a11y.ts';
import { createSeller } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * Required, and said so where asked: every step of the listing wizard names the answers publishing needs and marks
 * them; there is no Skip past them. A seller who leaves a listing half-way, with a gap, comes back through
 * 'Continue your listing' to the first step with that gap, not to Select Agents. Each step checked with axe at
 * 375 and 1280 px.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/required-answers');
const PASSWORD = 'e2e-password-123';

/** The note at the top of a step naming its required answers. */
const note = (page: Page) =>
  page.locator('p').filter({ hasText: /^(Required before agents can be asked|Nothing on this step is required)/ });

async function startListing(page: Page, name: string, street: string) {
  const seller = await createSeller(page.request, { name, password: PASSWORD });
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto('/new-property/address');
  await expect(page.getByText('Fields marked * are required.')).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Address' });
  await input.fill(`${street}, Bondi`);
  await page
    .getByRole('option', { name: /Bondi NSW 2026/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/details$/);
}

async function fillSaleInformation(page: Page) {
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
}

test('a seller who skips nothing is told on each step which answers are required, and publishing asks for nothing more', async ({
  page,
}) => {
  await startListing(page, 'Rhea Required', '14 Marked Street');

  // Step 2: the type first; the rooms, and which of them are required, follow it. No Skip.
  await expect(note(page)).toHaveText(
    'Required before agents can be asked: Property type, marked *. The rooms we ask about, and which of them are required, follow the type you choose.',
  );
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expect(page.getByLabel('Bedrooms')).toHaveCount(0);
  await checkAtBothWidths(page, SHOTS, 'details-no-type');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('radio', { name: 'House', exact: true }).check();
  await expect(note(page)).toHaveText('Required before agents can be asked: Property type, Bedrooms and Bathrooms, marked *.');
  await expect(page.getByLabel('Bedrooms')).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Bathrooms')).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Toilets')).not.toHaveAttribute('aria-required', 'true');
  // Vacant land asks no rooms at all: its land size is required on the next step instead.
  await page.getByRole('radio', { name: 'Land', exact: true }).check();
  await expect(note(page)).toHaveText('Required before agents can be asked: Property type, marked *.');
  await expect(page.getByLabel('Bedrooms')).toHaveCount(0);
  await page.getByRole('radio', { name: 'House', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
  await expect(page).toHaveURL(/\/new-property\/details$/);
  await checkAtBothWidths(page, SHOTS, 'details-house');
  await page.setViewportSize(DESKTOP);
  await page.getByLabel('Bedrooms').selectOption('3');
  await page.getByLabel('Bathrooms').selectOption('2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: nothing required for a house.
  await expect(page).toHaveURL(/\/new-property\/features$/);
  await expect(note(page)).toHaveText('Nothing on this step is required: answer what you know.');
  await checkAtBothWidths(page, SHOTS, 'features');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the four sale answers.
  await expect(page).toHaveURL(/\/new-property\/sale-info$/);
  await expect(note(page)).toHaveText(
    'Required before agents can be asked: Estimated sale value, Ideal timeframe of sale, Preferred method of sale and Are you the property owner?, marked *.',
  );
  await checkAtBothWidths(page, SHOTS, 'sale-info');
  await page.setViewportSize(DESKTOP);
  await fillSaleInformation(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Steps 5 and 6: optional, and said so.
  await expect(page).toHaveURL(/\/new-property\/photos$/);
  await expect(note(page)).toHaveText('Nothing on this step is required: answer what you know.');
  await checkAtBothWidths(page, SHOTS, 'photos');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/additional-info$/);
  await expect(note(page)).toHaveText('Nothing on this step is required: answer what you know.');
  await checkAtBothWidths(page, SHOTS, 'additional-info');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Next' }).click();

  // Everything publishing needs was asked where it was marked: Select Agents asks for nothing more.
  await expect(page.getByRole('heading', { level: 1, name: 'Property Saved' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select Agents' })).toBeVisible();
  await page.getByRole('checkbox').first().check();
  await expect(page.getByText('Some required questions have not been answered.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request Sent!' })).toBeVisible();
});

test("a seller who leaves a gap and comes back through 'Continue your listing' resumes at that gap", async ({ page }) => {
  await startListing(page, 'Gus Gap', '16 Halfway Street');
  await page.getByRole('radio', { name: 'House', exact: true }).check();
  await page.getByLabel('Bedrooms').selectOption('4');
  await page.getByLabel('Bathrooms').selectOption('2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/sale-info$/);

  // The seller leaves before the sale information: home names the listing and resumes where the gap is.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your listing is waiting' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue your listing' }).click();
  await expect(page).toHaveURL(/\/new-property\/sale-info$/);
  await fillSaleInformation(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/photos$/);

  // Back on step 2 the seller changes the type to land and back to a house (each saved at once, the rooms cleared
  // with land), then leaves: the rooms are a gap before the photos step the seller had reached.
  await page.goto('/new-property/details');
  await page.getByRole('radio', { name: 'Land', exact: true }).check();
  await page.getByRole('radio', { name: 'House', exact: true }).check();
  await expect(page.getByLabel('Bedrooms')).toHaveValue('');
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue your listing' }).click();
  await expect(page).toHaveURL(/\/new-property\/details$/);
  await expect(note(page)).toHaveText('Required before agents can be asked: Property type, Bedrooms and Bathrooms, marked *.');
  await page.getByLabel('Bedrooms').selectOption('4');
  await page.getByLabel('Bathrooms').selectOption('2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/features$/);

  // Nothing is missing now: the listing resumes at the page reached last.
  await page.goto('/');
  await checkAtBothWidths(page, SHOTS, 'home-waiting-draft');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: 'Continue your listing' }).click();
  await expect(page).toHaveURL(/\/new-property\/features$/);
});
