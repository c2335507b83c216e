import nodePath from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAtBothWidths as checkAtBoth, PHONE } from './support/a11y.ts';
import { uniqueEmail } from './support/api.ts';
import { writeJpegFixture } from './support/fixtures.ts';
import { createDraftProperty, createSeller, findSuburbId, publishProperty, verifyEmailFromMailbox } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * Never losing work, on a 375 px phone: Edit listing says what saves at once and what
 * on 'Save changes', and asks before unsaved changes are left behind; photos chosen together keep the order they
 * were chosen in. Screens are axe-checked at 375 and 1280 px, with screenshots kept for review.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/never-losing-work');
const PASSWORD = 'e2e-password-123';

test.use({ viewport: PHONE });

const checkAtBothWidths = (page: Page, name: string) => checkAtBoth(page, SHOTS, name);

/** In the Suburb Search dialog: find a suburb by name, open it, and select its card. */
async function searchAndSelect(scope: Locator, name: string, label: string) {
  await scope.getByLabel('Suburb', { exact: true }).fill(name);
  await scope.getByRole('button', { name: label, exact: true }).click();
  const card = scope.getByRole('region', { name: 'Chosen suburb' }).getByRole('button');
  await expect(card).toContainText('Available');
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
}

test('an agent verifies first, then reloads and opens another tab during sign-up, and keeps every suburb chosen', async ({ page }) => {
  test.slow(); // the whole sign-up, twice reloaded and with a second tab
  const email = uniqueEmail('e2e.reloading');
  await page.goto('/agent/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Verification comes first, and Continue says plainly when the e-mail is not verified yet.
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your email is not verified yet.' })).toBeVisible();
  await checkAtBothWidths(page, 'agent-verify-first');
  await verifyEmailFromMailbox(page.request, email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page).toHaveURL(/\/agent\/signup\/basic-details$/);
  await expect(page.getByText('Step 1 of 5', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rita Reload');
  await page.getByLabel('Mobile number').fill('0412 555 023');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/agent\/signup\/suburbs$/);
  await expect(page.getByText('Step 2 of 5', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Search suburbs', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Suburb Search' });
  await searchAndSelect(search, 'Rozelle', 'Rozelle NSW 2039');
  await searchAndSelect(search, 'Balmain', 'Balmain NSW 2041');
  await search.getByRole('button', { name: 'Confirm', exact: true }).click();
  const chosen = page.getByRole('list', { name: 'Your service suburbs' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(page.getByText('Your suburbs are saved: you can come back to them at any time.')).toBeVisible();
  await checkAtBothWidths(page, 'agent-suburbs-saved');

  // A reload keeps them, in the order chosen.
  await page.reload();
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(0)).toContainText('Rozelle NSW 2039');
  await expect(chosen.nth(1)).toContainText('Balmain NSW 2041');

  // Another tab sees the same choice, and a change made there is what the first tab finds next.
  const other = await page.context().newPage();
  await other.setViewportSize(PHONE);
  await other.goto('/agent/signup/suburbs');
  const chosenThere = other.getByRole('list', { name: 'Your service suburbs' }).getByRole('listitem');
  await expect(chosenThere).toHaveCount(2);
  await other.getByRole('button', { name: 'Remove Rozelle', exact: true }).click();
  await expect(chosenThere).toHaveCount(1);
  await other.close();
  await page.reload();
  await expect(chosen).toHaveCount(1);
  await expect(chosen.nth(0)).toContainText('Balmain NSW 2041');

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Summary' })).toBeVisible();
  await expect(page.getByText('Step 3 of 5', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  // A pause to find the card (here: a reload of the payment step) loses nothing.
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing & Payment' })).toBeVisible();
  await expect(page.getByText('Step 4 of 5', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing & Payment' })).toBeVisible();
  await expect(page.getByText('Balmain NSW 2041')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Confirmed' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/signup\/profile-details$/);
  await expect(page.getByText('Step 5 of 5', { exact: true })).toBeVisible();
});

/** A seller signed in on `page` with a published listing in a suburb no agent serves (nobody is e-mailed). */
async function sellerWithListing(page: Page, name: string, streetName: string) {
  const seller = await createSeller(page.request, { name, password: PASSWORD });
  const suburbId = await findSuburbId(page.request, { name: 'Broken Hill', state: 'NSW' });
  const propertyId = await createDraftProperty(page.request, seller.token, { suburbId, streetName });
  expect(await publishProperty(page.request, seller.token, propertyId, [])).toBeNull();
  await loginThroughForm(page, seller.email, PASSWORD);
  return propertyId;
}

test('Edit listing says what saves at once and asks before unsaved changes are left behind', async ({ page }) => {
  const propertyId = await sellerWithListing(page, 'Ursula Unsaved', 'Blende Street');
  await page.goto(`/property/${propertyId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
  const howSaved = page.getByRole('region', { name: 'How your changes are saved' });
  await expect(howSaved).toContainText('Photos, floor plans and videos are saved as soon as you add or remove them.');
  await expect(howSaved).toContainText('Property details, sale information and notes are saved only when you press ‘Save changes’.');

  // Nothing changed: leaving asks nothing.
  await page.getByRole('link', { name: 'Back to Property Details', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  await page.goto(`/property/${propertyId}/edit`);

  const notes = page.getByLabel('Additional information (optional)');
  await notes.click();
  await notes.fill('Solar panels added in May.');
  await expect(page.getByText('You have unsaved changes.', { exact: true })).toBeVisible();

  // Leaving through the app asks first; 'Keep editing' stays with the text as typed.
  await page.getByRole('link', { name: 'Back to Property Details', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes to the property details, sale information or notes are not saved yet.');
  await expect(ask).toContainText('Photos and videos already on the listing are saved.');
  await checkAtBothWidths(page, 'leave-without-saving');
  await ask.getByRole('button', { name: 'Keep editing', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/property/${propertyId}/edit$`));
  await expect(notes).toHaveValue('Solar panels added in May.');

  // A reload or a closed tab gets the browser's own question; dismissing it keeps the page and the text.
  let beforeUnloadAsked = false;
  page.once('dialog', (dialog) => {
    beforeUnloadAsked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => beforeUnloadAsked).toBe(true);
  expect(page.isClosed()).toBe(false);
  await expect(notes).toHaveValue('Solar panels added in May.');

  // 'Discard changes' asks too; 'Leave without saving' leaves, and nothing was saved.
  await page.getByRole('link', { name: 'Discard changes', exact: true }).click();
  await ask.getByRole('button', { name: 'Leave without saving', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  await page.getByRole('button', { name: 'View Property Details' }).click();
  await expect(page.getByText('North-facing garden, quiet street.')).toBeVisible();
  await expect(page.getByText('Solar panels added in May.')).toHaveCount(0);

  // Saved changes leave without a question.
  await page.goto(`/property/${propertyId}/edit`);
  await notes.fill('Solar panels added in May.');
  await page.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
});

test('photos chosen together keep the order they were chosen in, however fast each one uploads', async ({ page }) => {
  const propertyId = await sellerWithListing(page, 'Olive Order', 'Oxide Street');
  await page.goto(`/property/${propertyId}/edit`);
  const photos = page.getByRole('region', { name: /^Photos \(\d+\)$/ });
  // The first is by far the largest file, so it finishes last; each has its own shape to tell it apart.
  const files = [
    writeJpegFixture({ name: 'wide-and-large.jpg', width: 3200, height: 1600 }),
    writeJpegFixture({ name: 'square.jpg', width: 300, height: 300 }),
    writeJpegFixture({ name: 'tall.jpg', width: 300, height: 450 }),
  ];
  await photos.locator('input[type=file]').setInputFiles(files);
  for (const n of [1, 2, 3]) await expect(photos.getByRole('img', { name: `Photo ${n}` })).toBeVisible({ timeout: 60_000 });
  // Each picture's shape (width / height, to two places), loaded first: the previews load lazily.
  const shapeOf = async (img: Locator) => {
    await img.scrollIntoViewIfNeeded();
    return img.evaluate(async (element: HTMLImageElement) => {
      await element.decode().catch(() => undefined);
      return element.naturalHeight ? Math.round((element.naturalWidth / element.naturalHeight) * 100) / 100 : 0;
    });
  };
  const photo = (n: number) => photos.getByRole('img', { name: `Photo ${n}` });
  await expect
    .poll(async () => [await shapeOf(photo(1)), await shapeOf(photo(2)), await shapeOf(photo(3))], { timeout: 20_000 })
    .toEqual([2, 1, 0.67]);

  // The order is the listing's, not the page's: the property page shows the first one chosen first.
  await page.goto(`/property/${propertyId}`);
  await expect.poll(async () => shapeOf(page.getByRole('img', { name: /^Photo 1\b/ }).first()), { timeout: 20_000 }).toBe(2);
});
