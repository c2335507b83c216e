import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots for a person to look at (test-results/screens/), taken only with `E2E_SCREENSHOTS=1`: a reviewer
 * of a screen's change turns them on; `npm test` does not, since no test reads them and a full-page screenshot
 * costs about half a second (some 300 of them in a run).
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A full-page screenshot of the page, or a screenshot of one element, saved at `file` when screenshots are on. */
export async function keepScreenshot(target: Page | Locator, file: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}
