import nodePath from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD } from './support/api.ts';
import { loginThroughForm } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * The visitors' homepage at /, rendered on the server in the public site's design: it explains the product for
 * sellers and agents with the amounts from their settings, is accessible and keyboard operable at phone and desktop
 * widths, and its address box (with the site's one small script) starts the listing with the typed address on the
 * wizard's address step. Signed-in users still get their own home at /.
 */

const SCREENS = nodePath.join(import.meta.dirname, '../test-results/screens');
const TITLE = 'Compare local agents before you sell';

for (const width of [375, 1280]) {
  test(`a visitor reads the homepage at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page).toHaveTitle('Listwise: compare local real estate agents and get free appraisals');
    // Sellers: up to five agents, side by side, the cashback (the amount from the setting).
    await expect(page.getByRole('heading', { level: 2, name: 'How it works for sellers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose up to 5 local agents' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sell and receive $500 cashback' })).toBeVisible();
    // Agents: per-suburb pricing and the way in.
    await expect(page.getByRole('heading', { level: 2, name: 'Win listings in the suburbs you know best' })).toBeVisible();
    await expect(page.getByText('$495', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('New agents get the first 5 suburbs free for 12 months.', { exact: false }).first()).toBeVisible();
    // One header for the whole public site, with Find agents in it.
    const findAgents =
      width < 900
        ? (await page.getByText('Menu', { exact: true }).click(), page.getByRole('navigation', { name: 'Main menu' }))
        : page.getByRole('navigation', { name: 'Main' });
    await expect(findAgents.getByRole('link', { name: 'Find agents' })).toHaveAttribute('href', '/agents');
    await expect(page.getByRole('link', { name: 'Join as an agent' }).first()).toHaveAttribute('href', '/agent/signup');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, nodePath.join(SCREENS, `homepage-${width}.png`));
  });
}

test('a visitor types an address on the homepage, by keyboard, and lands on the listing address step with it', async ({ page }) => {
  await page.goto('/');
  // Keyboard only: from the top of the page to the address box, type, Enter.
  const box = page.getByRole('textbox', { name: "Your property's address" });
  for (let stop = 0; stop < 20 && !(await box.evaluate((el) => el === document.activeElement)); stop++) await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.type('8 Hall Street, Bondi Beach');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/new-property\/address$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Property Address' })).toBeVisible();
  // The address is looked up and chosen: the seller goes on with name, e-mail and the terms.
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('8 Hall Street, Bondi Beach NSW 2026');
  await page.getByLabel('Your name').fill('Holly Homepage');
  await page.getByLabel('Email address').fill(`holly.${Date.now()}@example.com`);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/new-property\/details$/);

  // Going back to the step does not bring the homepage's text back over the saved address.
  await page.goto('/new-property/address');
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('8 Hall Street, Bondi Beach NSW 2026');
});

test('an address whose suburb is not spelt out stays in the box for the seller to pick from the suggestions', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: "Your property's address" }).fill('8 Hall Street, Bond');
  await page.getByRole('button', { name: 'Get free appraisals' }).first().click();
  const address = page.getByRole('combobox', { name: 'Address' });
  await expect(address).toHaveValue('8 Hall Street, Bond');
  await address.focus();
  await page
    .getByRole('listbox', { name: 'Address suggestions' })
    .getByRole('option', { name: '8 Hall Street, Bondi Beach NSW 2026' })
    .click();
  await expect(address).toHaveValue('8 Hall Street, Bondi Beach NSW 2026');
});

test('signed-in users keep their own home at /', async ({ page }) => {
  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE })).toHaveCount(0);
});
