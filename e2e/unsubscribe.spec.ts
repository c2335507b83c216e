import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { advanceClock, DEMO, DEMO_PASSWORD, linkIn, waitForEmail } from './support/api.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * E-mail the Spam Act way (issue 22, item 3), on a 375 px phone: the demo seller's review invitation (an optional
 * e-mail in the 'reviews' category) carries an unsubscribe link; opening it without a session asks first, one click
 * stops reviews e-mails, the same link again (or a forged one) changes nothing and says so, and the seller's Profile
 * Settings shows the switch off and turns it back on by keyboard.
 */
const DAY = 24 * 60 * 60 * 1000;

test.use({ viewport: { width: 375, height: 812 } });

// FIXME (issue 22): on main since the demo seed's reviews landed, the demo seller's review invitation never arrives
// (20 s wait, twice), most likely because the seed's reviews leave the demo seller no unreviewed appraisal to be
// invited for; the journey needs a seller of its own with a fresh appraisal.
// The rules it walks through are covered through HTTP in apps/server/src/modules/notifications/unsubscribe.test.ts.
test.fixme('unsubscribe from a review invitation in the mailbox, then switch reviews back on in Profile Settings', async ({
  browser,
  request,
}) => {
  // The invitations go 3 days after an appraisal arrives: move the clock, run the job, and put the clock back.
  await advanceClock(request, 3 * DAY + 60 * 60 * 1000);
  try {
    const run = await request.post('/dev/jobs/run', { data: { queue: 'reviews.invite' } });
    expect(run.ok()).toBe(true);
  } finally {
    await request.post('/dev/clock', { data: { reset: true } });
  }
  const invitation = await waitForEmail(request, DEMO.seller, /Review them on Listwise/);
  const link = linkIn(invitation, /^\/unsubscribe\//);

  // Opened from the mailbox with no session: the page asks first and changes nothing by itself.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/dev/mailbox/${invitation.id}`);
  await page.getByRole('link', { name: 'Unsubscribe', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { name: 'Stop reviews e-mails?', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed', exact: true })).toBeVisible();
  await expect(page.getByText('You will no longer receive reviews e-mails from Listwise.')).toBeVisible();

  // The same link again: nothing changes, and the page says so.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This unsubscribe link was already used', exact: true })).toBeVisible();
  // A forged one too.
  await page.goto(`${link.slice(0, -4)}abcd`);
  await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid', exact: true })).toBeVisible();
  await context.close();

  // The seller's Profile Settings shows reviews switched off; the switch is turned back on with the keyboard.
  const sellerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const seller = await sellerContext.newPage();
  await loginThroughForm(seller, DEMO.seller, DEMO_PASSWORD);
  await seller.goto('/profile-settings');
  const reviews = seller.getByRole('switch', { name: 'Reviews', exact: true });
  await expect(reviews).not.toBeChecked();
  await reviews.focus();
  await seller.keyboard.press('Space');
  await expect(reviews).toBeChecked();
  await seller.reload();
  await expect(seller.getByRole('switch', { name: 'Reviews', exact: true })).toBeChecked();
  await sellerContext.close();
});
