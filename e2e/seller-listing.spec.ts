import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { apiLogin, DEMO, gql, linkIn, uniqueEmail, waitForEmail } from './support/api.ts';
import { writeJpegFixture, writeMp4Fixture } from './support/fixtures.ts';

/**
 * The seller's listing: a visitor with no account lists a house in Bondi through the six steps (with a
 * real photo and a real video), creates the account, verifies the e-mail from the mailbox, asks the two seeded
 * Bondi agents for appraisals and finds the property on 'My Properties'. And a visitor who stops half-way
 * resumes the listing from a continue link.
 */

const PASSWORD = 'e2e-password-123';
const BONDI_AGENTS = [
  { email: DEMO.agents[0], name: 'Olivia Harper' },
  { email: DEMO.agents[1], name: 'Jack Nguyen' },
];

/** Picks an address from the suggestions of the address search. */
async function chooseAddress(page: Page, typed: string, suggestion: string) {
  const input = page.getByRole('combobox', { name: 'Address' });
  await input.fill(typed);
  const option = page.getByRole('option', { name: suggestion });
  await expect(option).toBeVisible();
  await option.click();
  await expect(input).toHaveValue(suggestion);
}

async function fillAddressStep(page: Page, contact: { name: string; email: string }, street: string) {
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await chooseAddress(page, `${street}, Bondi`, `${street}, Bondi NSW 2026`);
  await page.getByLabel('Your name').fill(contact.name);
  await page.getByLabel('Email address').fill(contact.email);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/details$/);
}

async function fillDetailsStep(page: Page) {
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.getByRole('radio', { name: 'House', exact: true }).check();
  // The type is saved at once: the counts it requires are marked and enforced.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel('Bedrooms').selectOption('3');
  await page.getByLabel('Bathrooms').selectOption('2');
  await page.getByLabel('Car spaces').selectOption('5');
  await page.getByLabel('Heating / cooling').selectOption('BOTH');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/features$/);
}

async function pendingRequestsOf(request: APIRequestContext, agentEmail: string) {
  const token = await apiLogin(request, agentEmail);
  const data = await gql<{
    myPendingAppraisalRequests: { edges: { node: { id: string; state: string; property: { id: string; suburb: { name: string } } } }[] };
  }>(request, `{ myPendingAppraisalRequests(first: 50) { edges { node { id state property { id suburb { name } } } } } }`, {}, token);
  return data.myPendingAppraisalRequests.edges.map((e) => e.node);
}

test('a visitor lists a property, creates the account, verifies the e-mail and requests two appraisals', async ({ page, request }) => {
  const email = uniqueEmail('e2e.lister');
  const street = `${20 + Math.floor(Math.random() * 70)} Campbell Parade`;

  await page.goto('/get-started');
  await page.getByRole('link', { name: /I'm selling my property/ }).click();
  await expect(page).toHaveURL(/\/new-property\/address$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Property Address' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Validation messages of the address step.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Address is required', { exact: true })).toBeVisible();
  await expect(page.getByText('You must agree to the terms & conditions')).toBeVisible();
  await page.getByRole('combobox', { name: 'Address' }).fill('12 Nowhere Street, Zzqx');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByLabel('Unit number (optional)').fill('u'.repeat(51));
  await page.getByLabel('Unit number (optional)').blur();
  await expect(page.getByText('Unit number is too long')).toBeVisible();
  await page.getByLabel('Unit number (optional)').fill('');
  await fillAddressStep(page, { name: 'Lee Lister', email }, street);

  await expectNoA11yViolations(page);
  await fillDetailsStep(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Additional Features' })).toBeVisible();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pool' }).check();
  // The largest size the rules take fits as typed, separators and all (the field once stopped at 11 characters).
  const landSize = page.getByLabel('Land size (m²)');
  await landSize.pressSequentially('1,000,000,000');
  await expect(landSize).toHaveValue('1,000,000,000');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sale Information' })).toBeVisible();
  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByLabel('Estimated sale value').selectOption({ label: '$1.5m-$2m' });
  await page.getByLabel('Ideal timeframe of sale').selectOption({ label: '1-3 months' });
  await page.getByRole('radio', { name: 'Any' }).check();
  await page
    .getByRole('group', { name: /Are you the property owner/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Photos & Video' })).toBeVisible();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  const photos = page.locator('section', { has: page.getByRole('heading', { name: /^Photos/ }) });
  await photos
    .locator('input[type=file]')
    .setInputFiles([writeJpegFixture({ name: 'front.jpg' }), writeJpegFixture({ name: 'garden.jpg', width: 800, height: 1000 })]);
  await expect(photos.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 30_000 });
  await expect(photos.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 30_000 });
  // Reorder: the second photo moves first; then the other one is removed.
  const secondPhoto = await photos.getByRole('img', { name: 'Photo 2' }).getAttribute('src');
  await photos.getByRole('button', { name: 'Move Photo 2 earlier' }).click();
  await expect(photos.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', secondPhoto!);
  await photos.getByRole('button', { name: 'Remove Photo 2' }).click();
  await expect(photos.getByRole('img', { name: 'Photo 2' })).toHaveCount(0);
  await expect(photos.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', secondPhoto!);
  const videos = page.locator('section', { has: page.getByRole('heading', { name: /^Videos/ }) });
  await videos.locator('input[type=file]').setInputFiles(writeMp4Fixture({ name: 'walkthrough.mp4' }));
  await expect(videos.getByRole('img', { name: 'Video 1' })).toBeVisible({ timeout: 60_000 });
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Additional information' })).toBeVisible();
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await page.getByLabel('Additional information (optional)').fill('North-facing courtyard, renovated kitchen.');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/new-property\/account-password$/);
  // The mobile number says who sees it and why, and the form's collection notice names it.
  await expect(page.getByText('Only an agent you ask for an appointment sees it, to arrange the visit.', { exact: false })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'How we use your information' })).toContainText('your mobile number and a password');
  const viewport = page.viewportSize()!;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoA11yViolations(page);
  }
  await page.setViewportSize(viewport);
  await page.getByLabel('Mobile number').fill('0412 345 678');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByLabel(/^Confirm password/).fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 9 characters')).toBeVisible();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Choosing agents needs a verified e-mail: the seller is asked to verify first, and Continue says it is not yet.
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please verify your email to continue.', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your email is not verified yet.' })).toBeVisible();
  // The link is opened from the dev mailbox, in another tab, as a person would: that tab goes straight on to
  // choosing agents, with no 'Email Verified' or 'Property Saved' page in between.
  await waitForEmail(request, email, /verify/i);
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await mailbox.getByRole('link', { name: /Verify your email/ }).click();
  await mailbox.getByRole('link', { name: 'Verify email' }).click();
  await expect(mailbox).toHaveURL(/\/new-property\/select-agents$/);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Select Agents' })).toBeVisible();
  await mailbox.close();
  // Back on the first tab, Continue re-reads the account and moves on to the agents.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/new-property\/select-agents$/);
  // 'Property Saved' stays for a seller who lists with an account already finished.
  await page.goto('/new-property/details-complete');
  await expect(page.getByRole('heading', { level: 1, name: 'Property Saved' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/new-property\/select-agents$/);
  for (const agent of BONDI_AGENTS) await expect(page.getByText(agent.name, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(page.getByText('Select at least one agent')).toBeVisible();
  for (const agent of BONDI_AGENTS)
    await page.getByRole('checkbox', { name: new RegExp(`Request an appraisal from ${agent.name}`) }).check();
  await page.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request Sent!' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to My Properties' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appraisals Requested' })).toBeVisible();
  const streetName = street.replace(/^\d+ /, '');
  const card = page.getByRole('article').filter({ hasText: `${streetName}, Bondi, NSW` });
  await expect(card.getByText('Waiting for appraisals')).toBeVisible();
  await expectNoA11yViolations(page);

  await card.getByRole('link', { name: `${streetName}, Bondi, NSW` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  // The gallery: the photo kept (the one moved first) and the video, playable.
  await expect(page.getByText('1 photo · 1 video')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo 1/ })).toHaveAttribute('src', secondPhoto!);
  await expect(page.getByRole('img', { name: /^Photo 2/ })).toHaveCount(0);
  await expect(page.getByLabel('Video 1')).toHaveAttribute('src', /\/media\//);
  await expect(page.getByRole('heading', { name: 'Appraisals', exact: true })).toBeVisible();
  await expect(page.getByText('An appraisal should arrive within 48 hours')).toBeVisible();
  await page.getByRole('button', { name: 'View Property Details' }).click();
  await expect(page.getByText('North-facing courtyard, renovated kitchen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide Property Details' })).toBeVisible();
  await expectNoA11yViolations(page);
  const propertyId = page.url().split('/').pop()!;

  // Each chosen agent holds a pending request for the property and was e-mailed a link to it.
  for (const agent of BONDI_AGENTS) {
    const requests = await pendingRequestsOf(request, agent.email);
    const mine = requests.find((r) => r.property.id === propertyId);
    expect(mine, `${agent.name} has a request`).toMatchObject({ state: 'PENDING', property: { suburb: { name: 'Bondi' } } });
    const requestMail = await waitForEmail(request, agent.email, /New appraisal request/);
    expect(requestMail.text).toContain(`/agent/appraisal-request/${mine!.id}`);
  }
});

test('a visitor who stops half-way resumes the listing from a continue link', async ({ browser, request }) => {
  const email = uniqueEmail('e2e.resumer');
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/new-property/address');
  await fillAddressStep(page, { name: 'Rae Resumer', email }, '8 Hall Street');
  await fillDetailsStep(page);
  await first.close();

  // Another device: no session, only the e-mail address.
  const second = await browser.newContext();
  const resumed = await second.newPage();
  await resumed.goto('/continue-signup');
  await resumed.getByLabel('Email address').fill(email);
  await resumed.getByRole('button', { name: /send|continue/i }).click();
  const mail = await waitForEmail(request, email, /continue/i);
  await resumed.goto(linkIn(mail, /^\/continue\//));
  await expect(resumed).toHaveURL(/\/new-property\/features$/);
  await expect(resumed.getByRole('heading', { level: 1, name: 'Additional Features' })).toBeVisible();
  await resumed.getByRole('link', { name: 'Back' }).click();
  await expect(resumed.getByLabel('Bedrooms')).toHaveValue('3');
  await expect(resumed.getByRole('radio', { name: 'House', exact: true })).toBeChecked();
  await resumed.getByRole('link', { name: 'Back' }).click();
  await expect(resumed.getByRole('combobox', { name: 'Address' })).toHaveValue('8 Hall Street, Bondi NSW 2026');
  await second.close();
});

test('the address step works at phone width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/new-property/address');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await context.close();
});

test('the manual address modal opens from the keyboard, names what is missing and fills in the address', async ({ page }) => {
  await page.goto('/new-property/address');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  // The modal's code loads on demand: from the keyboard, focusing its trigger and pressing Enter opens it.
  const trigger = page.getByRole('button', { name: "Can't find your address? Enter it manually" });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enter address manually' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await expectNoA11yViolations(page);

  await dialog.getByRole('button', { name: 'Use this address' }).click();
  await expect(dialog.getByText('Street address is required')).toBeVisible();
  await expect(dialog.getByText('Suburb is required')).toBeVisible();
  await dialog.getByLabel('Street address').fill('7 Test Lane');
  await dialog.getByRole('combobox', { name: 'Suburb' }).fill('Bondi');
  await dialog.getByRole('option', { name: 'Bondi NSW 2026', exact: true }).click();
  await dialog.getByRole('button', { name: 'Use this address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('7 Test Lane, Bondi NSW 2026');

  // Escape closes it again and hands focus back to its trigger.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});
