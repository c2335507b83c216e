import { expect, test } from '@playwright/test';
import { createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';
import { expectNoA11yViolations } from './support/a11y.ts';

/**
 * The property card's menu on 'My Properties' (spec 001 'Seller home'): View property, View appraisals, Update sale
 * status. Its code loads on first use, so this checks it still works as a menu should: by keyboard (Enter
 * opens it on the first item, arrows move, Escape closes it back onto its button) and by pointer, at a phone width.
 */
const PASSWORD = 'seller-home-password';
const QUIET_SUBURB = { name: 'Araluen', state: 'NT', postcode: '0870' };

test('the property card menu opens, moves and closes by keyboard, and navigates by pointer', async ({ page, request }) => {
  const seller = await createSeller(request, { name: 'Mona Menu', password: PASSWORD });
  const suburbId = await findSuburbId(request, QUIET_SUBURB);
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Menu Street' });
  expect(await publishProperty(request, seller.token, propertyId, [])).toBeNull();

  await page.setViewportSize({ width: 375, height: 812 });
  await loginThroughForm(page, seller.email, PASSWORD);
  const options = page.getByRole('button', { name: /^Options for .*Menu Street/ });
  await expect(options).toBeVisible();

  await options.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['View property', 'View appraisals', 'Update sale status']);
  await expect(menu.getByRole('menuitem', { name: 'View property' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'View appraisals' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(options).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Update sale status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/property/${propertyId}/sale-status$`));

  await page.goto('/');
  await options.click();
  await page.getByRole('menuitem', { name: 'View appraisals' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${propertyId}#appraisals$`));
});

test('coming back to My Properties shows what changed meanwhile', async ({ page, request }) => {
  const seller = await createSeller(request, { name: 'Rhea Return', password: PASSWORD });
  const suburbId = await findSuburbId(request, QUIET_SUBURB);
  const first = await createDraftProperty(request, seller.token, { suburbId, streetName: 'First Return Street' });
  expect(await publishProperty(request, seller.token, first, [])).toBeNull();

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughForm(page, seller.email, PASSWORD);
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await page.getByRole('link', { name: /First Return Street/ }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${first}$`));

  // A listing published elsewhere (another tab, another device) while the seller looks at the first one.
  const second = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Second Return Street' });
  expect(await publishProperty(request, seller.token, second, [])).toBeNull();
  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My Properties' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Second Return Street');
});
