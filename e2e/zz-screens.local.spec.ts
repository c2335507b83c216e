import { test } from '@playwright/test';
import { loginThroughForm } from './support/ui.ts';
import { DEMO } from './support/api.ts';

for (const width of [375, 1280]) {
  test(`screens at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginThroughForm(page, DEMO.agents[0], 'listwise-demo');
    await page.goto('/agent/profile-settings/?tab=profile');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/profile-${width}.png`, fullPage: true });
    await page.goto('/agent/profile-settings/?tab=suburbs');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/suburbs-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: /Add suburb/ }).click();
    await page.getByLabel('Suburb', { exact: true }).fill('Bondi');
    await page.getByRole('button', { name: 'Bondi NSW 2026', exact: true }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/wizard-${width}.png` });
    await page.getByRole('region', { name: 'Chosen suburb' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/wizard-pay-${width}.png` });
    await page.getByRole('button', { name: 'Change card' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/wizard-card-${width}.png` });
  });
}
