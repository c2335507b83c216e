import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { advanceClock, gql, linkIn, resetClock, waitForEmail } from './support/api.ts';
import { appraise, createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * E-mail the Spam Act way, on a 375 px phone: a seller's review invitation (an optional e-mail in
 * the 'reviews' category) carries an unsubscribe link; opening it without a session asks first, one click stops
 * reviews e-mails, the same link again (or a forged one) changes nothing and says so, the next invitation is not
 * sent, and the seller's Profile Settings shows the switch off and turns it back on by keyboard.
 *
 * The seller and the two agents are this journey's own (the demo seller has reviewed every appraisal the seed gives
 * them, so no invitation of theirs is left to send), in a suburb no other journey uses.
 */
const PASSWORD = 'e2e-password-123';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ viewport: PHONE });

/**
 * Runs the review invitations job as it would run a little over 3 days from now, when an appraisal sent now is due
 * its invitation, then puts the clock back for the journeys after this one.
 */
async function runInvitationsThreeDaysOn(request: APIRequestContext) {
  await advanceClock(request, 3 * DAY + HOUR);
  try {
    const run = await request.post('/dev/jobs/run', { data: { queue: 'reviews.invite' } });
    expect(run.ok()).toBe(true);
  } finally {
    await resetClock(request);
  }
}

const mailboxOf = async (request: APIRequestContext, email: string) =>
  (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];

test('unsubscribe from a review invitation in the mailbox, the next one is not sent, then switch reviews back on in Profile Settings', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suburbId = await findSuburbId(request, { name: 'Coogee', state: 'NSW' });
  const first = await createAgent(request, { name: 'Iris Coogee', suburbId, password: PASSWORD, withCard: true });
  const second = await createAgent(request, { name: 'Omar Coogee', suburbId, password: PASSWORD, withCard: true });
  const seller = await createSeller(request, { name: 'Uma Unsubscribe', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Unsubscribe Street' });
  expect(await publishProperty(request, seller.token, propertyId, [first.userId, second.userId])).toBeNull();

  // The first agent's appraisal: its invitation goes 3 days after it arrived.
  await appraise(request, first.token, propertyId);
  await runInvitationsThreeDaysOn(request);
  const invitation = await waitForEmail(request, seller.email, /^How was Iris Coogee\? Review them on Listwise$/);
  const link = linkIn(invitation, /^\/unsubscribe\//);

  // Opened from the mailbox with no session: the page asks first and changes nothing by itself.
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/dev/mailbox/${invitation.id}`);
  await page.getByRole('link', { name: 'Unsubscribe', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(link)}$`));
  await expect(page.getByRole('heading', { name: 'Stop reviews e-mails?', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed', exact: true })).toBeVisible();
  await expect(page.getByText('You will no longer receive reviews e-mails from Listwise.')).toBeVisible();
  await expectNoA11yViolations(page);

  // The same link again: nothing changes, and the page says so.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This unsubscribe link was already used', exact: true })).toBeVisible();
  // A forged one too.
  await page.goto(`${link.slice(0, -4)}abcd`);
  await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid', exact: true })).toBeVisible();
  await context.close();

  // The next e-mail of the category is not sent: the second agent's appraisal falls due, and no invitation goes. The
  // job queues its e-mails before it answers, so the mailbox is complete once the run has returned.
  await appraise(request, second.token, propertyId);
  await runInvitationsThreeDaysOn(request);
  const subjects = (await mailboxOf(request, seller.email)).map((m) => m.subject);
  expect(subjects.filter((s) => /^How was /.test(s))).toEqual(['How was Iris Coogee? Review them on Listwise']);
  const { myEmailPreferences } = await gql<{ myEmailPreferences: { emailPreferences: { category: string; enabled: boolean }[] } }>(
    request,
    `query { myEmailPreferences: me { emailPreferences { category enabled } } }`,
    {},
    seller.token,
  );
  expect(myEmailPreferences.emailPreferences).toEqual([{ category: 'REVIEWS', enabled: false }]);

  // The seller's Profile Settings shows reviews switched off; the switch is turned back on with the keyboard.
  const sellerContext = await browser.newContext({ viewport: PHONE });
  const sellerPage = await sellerContext.newPage();
  await loginThroughForm(sellerPage, seller.email, PASSWORD);
  await sellerPage.goto('/profile-settings');
  const reviews = sellerPage.getByRole('switch', { name: 'Reviews', exact: true });
  await expect(reviews).not.toBeChecked();
  await expectNoA11yViolations(sellerPage);
  await reviews.focus();
  await sellerPage.keyboard.press('Space');
  await expect(reviews).toBeChecked();
  await sellerPage.reload();
  await expect(sellerPage.getByRole('switch', { name: 'Reviews', exact: true })).toBeChecked();
  await sellerContext.close();
});
