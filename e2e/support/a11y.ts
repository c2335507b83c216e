import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { keepScreenshot } from './screens.ts';

/**
 * Every page passes axe-core with no violations (WCAG 2.1 A/AA rules).
 * Legacy mode runs `axe.run` in the page (and its same-origin frames) instead of opening a blank page per call to
 * finish a partial run, and only violations are collected, not every passing node: the same rules and the same
 * violations (checked on a page with planted faults, in an iframe too), at about 0.6 s a call instead of 1.5 s.
 */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Axe-clean at 1280 and then 375 px, with a full-page screenshot of each in `shotsDir` (when kept); leaves the page at 375 px. */
export async function checkAtBothWidths(page: Page, shotsDir: string, name: string) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, `${shotsDir}/${name}-${label}.png`);
  }
}
