import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { apiLogin, DEMO, DEMO_PASSWORD, gql } from './support/api.ts';
import { createSeller } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * As the demo seller: from the property page to the comparison of its two appraisals (2.2% + $5,500
 * marketing, and a $24,000 flat fee + $3,900), at a phone and a desktop width, by keyboard alone. At the midpoint
 * of the ranges ($1,390,000) the flat fee leaves more; at $900,000 the percentage does, and the columns re-order.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/compare');

async function demoPropertyId(page: Page) {
  const token = await apiLogin(page.request, DEMO.seller);
  const { myProperties } = await gql<{
    myProperties: { edges: { node: { id: string; completeType: string | null; appraisalCount: number } }[] };
  }>(page.request, `{ myProperties(first: 20) { edges { node { id completeType appraisalCount } } } }`, {}, token);
  const listed = myProperties.edges.map((e) => e.node).find((p) => p.completeType === null && p.appraisalCount >= 2);
  if (!listed) throw new Error('the demo seller should have a listing with two appraisals');
  return listed.id;
}

const netProceeds = (page: Page) => page.getByTestId('net-proceeds').allTextContents();
const columnNames = (page: Page) => page.locator('.compare-column h3').allTextContents();

for (const viewport of [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a seller compares appraisals and sees net proceeds re-order as the price moves (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const propertyId = await demoPropertyId(page);
    await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
    await page.goto(`/property/${propertyId}`);

    // Each appraisal card shows its range and its total fee at the midpoint of all ranges.
    await expect(page.getByText('Total fees $27,900 at $1,390,000')).toBeVisible();
    await expect(page.getByText('Total fees $36,080 at $1,390,000')).toBeVisible();
    const disclosure = page.getByRole('region', { name: 'How Listwise makes money' });
    await expect(disclosure.getByText(/a subscription of \$495 a year .* a lead fee of \$1,000 plus GST \(\$1,100\)/)).toBeVisible();
    await expect(disclosure.getByText(/The order in which agents appear is not for sale/)).toBeVisible();
    await expect(disclosure.getByRole('link', { name: 'How we order agents' })).toHaveAttribute('href', '/how-we-rank');

    // Keyboard only from here: focus the link, follow it.
    const compareLink = page.getByRole('link', { name: 'Compare appraisals' });
    await compareLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/property/${propertyId}/compare$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Compare appraisals' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'If it sells for $1,390,000' })).toBeVisible();

    // At the midpoint, sorted by net proceeds: the flat fee first.
    await expect.poll(() => netProceeds(page)).toEqual(['$1,362,100', '$1,353,920']);
    const atMidpoint = await columnNames(page);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `${viewport.name}-midpoint.png`));

    // Type a lower price: the percentage commission now leaves more, and the columns swap.
    const price = page.getByLabel('Sale price (dollars)');
    await price.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('900000');
    await expect(page.getByRole('heading', { name: 'If it sells for $900,000' })).toBeVisible();
    await expect.poll(() => netProceeds(page)).toEqual(['$874,700', '$872,100']);
    expect(await columnNames(page)).toEqual([...atMidpoint].reverse());
    await expect(page.getByText(/the most left in your pocket is \$874,700/)).toBeVisible();

    // Sort by total fee (lowest first) with the keyboard: the flat fee's $27,900 against 2.2% of $900,000 + $5,500.
    const sort = page.getByLabel('Sort by');
    await sort.focus();
    await sort.selectOption('totalFee');
    await expect.poll(() => netProceeds(page)).toEqual(['$874,700', '$872,100']);
    await sort.selectOption('midpoint');
    await expect(page.locator('.compare-column').first()).toContainText('$1,350,000 – $1,480,000');

    // The slider moves the price too: End takes it to the highest price on the scale, which reaches the seller's own
    // estimate ($1.5m–$2m), one step left from there; the price box shows it with separators.
    const slider = page.getByLabel('Move the sale price');
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('heading', { name: 'If it sells for $2,056,000' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { name: 'If it sells for $2,055,000' })).toBeVisible();
    await expect(price).toHaveValue('2,055,000');

    // The chart has a table equivalent for screen readers, with both ranges.
    const table = page.getByRole('table', { name: 'Selling ranges and your estimate' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).toContainText('$1,350,000');
    await expect(table).toContainText('$1,430,000');
    await expectNoA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, nodePath.join(SHOTS, `${viewport.name}-lower-price.png`));

    // Printing leaves the navigation out and fits one A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to property' })).toBeHidden();
    // On paper: the Listwise mark and the date, and the key sentence still names the agent.
    await expect(page.getByText(/^Printed \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    await expect(page.getByText(/the most left in your pocket is \$[\d,]+ with [A-Z]/)).toBeVisible();
    // No stray indent: the heading starts where the comparison starts, on A4 and on wider (landscape) paper.
    const left = async (name: string | RegExp, level?: number) =>
      Math.round((await page.getByRole('heading', { name, level }).boundingBox())!.x);
    for (const width of [703, 1280]) {
      await page.setViewportSize({ width, height: 1100 });
      expect(await left('Compare appraisals', 1)).toBe(await left(/^If it sells for/));
    }
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(countPdfPages(pdf)).toBe(1);
  });
}

const countPdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

test('another seller cannot open the comparison', async ({ page }) => {
  const propertyId = await demoPropertyId(page);
  const stranger = await createSeller(page.request, { name: 'Other Seller', password: 'other-seller-password' });
  await loginThroughForm(page, stranger.email, 'other-seller-password');
  await page.goto(`/property/${propertyId}/compare`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByTestId('net-proceeds')).toHaveCount(0);
});
