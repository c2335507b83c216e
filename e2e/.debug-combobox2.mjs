import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();
const page = await context.newPage();
await page.goto('http://127.0.0.1:3111/get-started');
await page.getByRole('link', { name: /I'm selling my property/ }).click();
await page.waitForURL(/address/);
await new AxeBuilder({ page }).analyze();
const input = page.getByRole('combobox', { name: 'Address' });
await page.getByRole('button', { name: 'Next' }).click();
await page.getByText('Address is required', { exact: true }).waitFor();
await input.fill('12 Nowhere Street, Zzqx');
await page.getByText('No results found').waitFor();
await page.getByLabel('Unit number (optional)').fill('u'.repeat(51));
await page.getByLabel('Unit number (optional)').blur();
await page.getByText('Unit number is too long').waitFor();
await page.getByLabel('Unit number (optional)').fill('');
await page.getByText('Step 1 of 6').waitFor();
await input.fill('71 Campbell Parade, Bondi');
for (let i = 0; i < 8; i++) {
  await page.waitForTimeout(300);
  console.log(i, 'expanded', await input.getAttribute('aria-expanded'), await page.locator('[role=option]').allTextContents(), await page.evaluate(() => window.scrollY));
}
await browser.close();
