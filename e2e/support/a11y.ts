import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';
import { keepScreenshot } from './screens.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core in a frame, once per document: a journey checks the same document again and again as it moves through
 * the single-page app, and @axe-core/playwright's AxeBuilder sends axe's whole source (half a megabyte) and runs it
 * in the page two or three times on every call. This puts it in each frame only when the frame's document lacks it
 * (a navigation brings a new document), allowed to talk to same-origin frames only, as AxeBuilder's legacy mode
 * does. Measured on eight public pages: 5.0 core-seconds against 6.3 to 8.5 with AxeBuilder.
 * A frame that will not take it in a second (one still loading, or gone) is left out, as AxeBuilder leaves it out.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const inject = async () => {
    if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)));
  await Promise.race([inject().catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every page passes axe-core with no violations (WCAG 2.1 A/AA rules), in the page and its same-origin frames.
 * Only violations are collected, not every passing node. Checked on a page with planted faults, in an iframe too
 * (the same violations AxeBuilder reported).
 */
export async function expectNoA11yViolations(page: Page) {
  for (const frame of page.frames()) await ensureAxe(frame);
  const outcome = await page.evaluate(async (tags) => {
    // The page as it settles, not half-way through a colour's transition (a button turning from its disabled to its
    // enabled colour measures as low contrast for 150 ms): finite CSS transitions and animations end first, within
    // two seconds (a spinner's endless one is not waited for). Two frames first, so a render or hover restyle already
    // on its way has started its transitions.
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    return (window as unknown as { axe: typeof axe }).axe
      .run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } })
      .then((results) => ({ violations: results.violations, error: null }))
      .catch((error: Error) => ({ violations: [], error: error.message }));
  }, WCAG_TAGS);
  if (outcome.error) throw new Error(`axe-core: ${outcome.error}`);
  const summary = outcome.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
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
