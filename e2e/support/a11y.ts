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
 * A child frame that will not take it in a second (one still loading, or gone) is left out, as AxeBuilder leaves it
 * out. The page's own frame is given as long as it takes: on a busy machine, evaluating half a megabyte can outlast a
 * second, and axe would then be missing where it must run.
 */
async function ensureAxe(frame: Frame, patienceMs: number): Promise<void> {
  const inject = async () => {
    if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, patienceMs)));
  await Promise.race([inject().catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every page passes axe-core with no violations (WCAG 2.1 A/AA rules), in the page and its same-origin frames.
 * Only violations are collected, not every passing node. Checked on a page with planted faults, in an iframe too
 * (the same violations AxeBuilder reported).
 */
export async function expectNoA11yViolations(page: Page) {
  for (const frame of page.frames()) await ensureAxe(frame, frame === page.mainFrame() ? MAIN_FRAME_PATIENCE_MS : 1_000);
  let outcome = await runAxe(page);
  // The document changed after axe went in (a redirect, or the app replacing its route by a reload): once more in
  // the document now shown.
  if (outcome.missing) {
    await ensureAxe(page.mainFrame(), MAIN_FRAME_PATIENCE_MS);
    outcome = await runAxe(page);
  }
  if (outcome.missing) throw new Error('axe-core could not be put in the page');
  if (outcome.error) throw new Error(`axe-core: ${outcome.error}`);
  const summary = outcome.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}

const MAIN_FRAME_PATIENCE_MS = 30_000;

function runAxe(page: Page) {
  return page.evaluate(async (tags) => {
    const running = (window as unknown as { axe?: typeof axe }).axe;
    if (typeof running?.run !== 'function') return { violations: [], error: null, missing: true };
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
    return running
      .run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } })
      .then((results) => ({ violations: results.violations, error: null, missing: false }))
      .catch((error: Error) => ({ violations: [], error: error.message, missing: false }));
  }, WCAG_TAGS);
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
