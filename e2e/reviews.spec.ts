import nodePath from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, gql, linkIn, uniqueEmail, waitForEmail } from './support/api.ts';
import { appraise, createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * Agent reviews: a sale is confirmed, the seller follows the e-mailed invitation (signing in on the way)
 * and reviews the agent, the agent replies, and the review with its reply shows to another seller; a review sent
 * from the agent's own network address is held, and an operator removes it with a reason.
 *
 * Every browser and API call here comes from 127.0.0.1, which the agent's own sessions use too, so every review
 * would be held. The e2e server trusts X-Forwarded-For (scripts/e2e-server.sh), and each person's calls carry
 * their own address: the agent's (AGENT_ADDRESS) is recorded by the agent's signed-in calls, the sellers write from
 * theirs, and the held review is written from the agent's address on purpose. The sellers' e-mails are on
 * example.org: the agents' are on example.com, and a shared organisation domain is a hold of its own.
 */

const PASSWORD = 'e2e-password-123';
const AGENT_ADDRESS = '203.0.113.45';
const SELLER_ADDRESS = '198.51.100.23';
const OPERATOR_ADDRESS = '192.0.2.77';
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/reviews');
const WIDTHS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const REVIEW_TEXT = 'Priya sold our cottage in five weeks, above the range she gave us. She called after every open home and never pushed.';
const REPLY_TEXT = 'Thank you both: it was a lovely home to sell, and I am glad the campaign went the way we planned.';
const HELD_TEXT = 'Best agent in Randwick by a mile, everyone should list with her, five stars from me and my whole office.';

const sellerEmail = (prefix: string) => uniqueEmail(prefix).replace(/@example\.com$/, '@example.org');

/** The same person's calls from now on come from this address. */
const callFrom = (page: Page, address: string) => page.setExtraHTTPHeaders({ 'x-forwarded-for': address });

async function axeAtBothWidths(page: Page, shot: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `${shot}-${width.name}.png`));
  }
}

/** A seller (on example.org) whose Randwick house the agent appraised; returns the appraisal's id too. */
async function appraisedListing(request: APIRequestContext, agent: { id: string; token: string }, name: string, streetName: string) {
  const seller = await createSeller(request, { name, password: PASSWORD, email: sellerEmail('e2e.reviewer') });
  const suburbId = await findSuburbId(request, { name: 'Randwick', state: 'NSW' });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName });
  expect(await publishProperty(request, seller.token, propertyId, [agent.id])).toBeNull();
  await appraise(request, agent.token, propertyId);
  const { property } = await gql<{ property: { propertyAppraisals: { id: string }[] } }>(
    request,
    `query($id: ID!) { property(id: $id) { propertyAppraisals { id } } }`,
    { id: propertyId },
    seller.token,
  );
  return { ...seller, propertyId, appraisalId: property.propertyAppraisals[0]!.id };
}

test('a seller reviews the agent they sold through from the invitation, the agent replies, and an operator removes a held review', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const suburbId = await findSuburbId(request, { name: 'Randwick', state: 'NSW' });
  const created = await createAgent(request, { name: 'Priya Randwick', suburbId, password: PASSWORD, withCard: true });
  const agent = { ...created, id: created.userId };
  const seller = await appraisedListing(request, agent, 'Ana Marsh', 'Invitation Street');
  const neighbour = await appraisedListing(request, agent, 'Ben Okafor', 'Neighbour Street');

  // The agent works from their office: their signed-in calls record its address.
  await callFrom(page, AGENT_ADDRESS);
  await loginThroughForm(page, agent.email, PASSWORD);
  await page.goto('/agent/reviews');
  await expect(page.getByText('No seller has reviewed you yet.')).toBeVisible();
  await logOutThroughPage(page);

  // ——— The sale is reported and confirmed; the invitations job e-mails the seller at once. ———
  await gql(
    request,
    `mutation($p: ID!, $a: ID!) {
      propertySoldThroughListwise(propertyId: $p, sellingAgentId: $a, accountName: "Ana Marsh", accountNumber: "11223344", bsb: "062000") { id }
    }`,
    { p: seller.propertyId, a: agent.id },
    seller.token,
  );
  const confirmPath = linkIn(
    await waitForEmail(request, agent.email, /confirm your property sale/i),
    /^\/agent\/property-sale\/[\w-]+\/confirm$/,
  );
  const saleId = confirmPath.split('/')[3]!;
  // The contract date may be at most today where the property is (Randwick: Sydney time).
  const now = ((await (await request.post('/dev/clock', { data: {} })).json()) as { now: string }).now;
  const today = new Date(now).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
  await gql(
    request,
    `mutation($id: ID!, $d: String!) { confirmPropertySale(id: $id, salePrice: 1450000, contractDate: $d) { id } }`,
    { id: saleId, d: today },
    agent.token,
  );
  const run = await request.post('/dev/jobs/run', { data: { queue: 'reviews.invite' } });
  expect(run.ok()).toBe(true);
  const invitation = await waitForEmail(request, seller.email, /^How was Priya Randwick\? Review them on Listwise$/);
  const reviewPath = linkIn(invitation, /\/review$/);
  expect(reviewPath).toBe(`/property/${seller.propertyId}/appraisal/${seller.appraisalId}/review`);

  // ——— The seller follows the link: signs in first, then lands on the form. ———
  await callFrom(page, SELLER_ADDRESS);
  await page.goto(reviewPath);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email address').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(new RegExp(`${reviewPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Review Priya Randwick', exact: true })).toBeVisible();
  await axeAtBothWidths(page, 'review-form');

  // Too short, then the real review.
  await page.getByRole('radio', { name: '5 out of 5 stars', exact: true }).check({ force: true });
  await page.getByLabel('Your review').fill('Great agent.');
  await page.getByRole('button', { name: 'Publish review', exact: true }).click();
  await expect(page.getByText('Your review must be at least 30 characters')).toBeVisible();
  await page.getByLabel('Your review').fill(REVIEW_TEXT);
  await page.getByRole('button', { name: 'Publish review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: your review is published', exact: true })).toBeVisible();
  await expect(page.getByText('Verified sale', { exact: true })).toBeVisible();
  await logOutThroughPage(page);

  // ——— The agent is told, and replies from /agent/reviews. ———
  await waitForEmail(request, agent.email, /^A seller has reviewed you on Listwise$/);
  await callFrom(page, AGENT_ADDRESS);
  await loginThroughForm(page, agent.email, PASSWORD);
  await page.goto('/agent/reviews');
  const mine = page.getByRole('article').filter({ hasText: REVIEW_TEXT });
  await expect(mine.getByText('Ana, Randwick', { exact: false })).toBeVisible();
  await expect(mine.getByText('Verified sale', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: 'Reply', exact: true }).click();
  await mine.getByLabel('Your reply').fill(REPLY_TEXT);
  await axeAtBothWidths(page, 'agent-reviews-reply');
  await mine.getByRole('button', { name: 'Publish reply', exact: true }).click();
  await expect(page.getByText('Your reply is published')).toBeVisible();
  await expect(mine.getByText(REPLY_TEXT)).toBeVisible();
  await logOutThroughPage(page);

  // ——— Another seller of the same agent sees the review and its reply, and never the reviewer's surname. ———
  await callFrom(page, SELLER_ADDRESS);
  await loginThroughForm(page, neighbour.email, PASSWORD);
  await page.goto(`/property/${neighbour.propertyId}/appraisal/${neighbour.appraisalId}`);
  const reviews = page.getByRole('region', { name: 'Reviews of Priya Randwick', exact: true });
  await expect(reviews.getByText(REVIEW_TEXT)).toBeVisible();
  await expect(reviews.getByText(REPLY_TEXT)).toBeVisible();
  await expect(reviews.getByText('Reply from the agent', { exact: true })).toBeVisible();
  await expect(reviews.getByText('Verified sale', { exact: true })).toBeVisible();
  await expect(reviews.getByRole('img', { name: '5 out of 5 stars', exact: true })).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'How reviews work', exact: true })).toHaveAttribute('href', '/review-policy');
  await expect(page.getByText('Marsh')).toHaveCount(0);
  await expect(reviews.getByText('1 review · an average shows from 3 reviews', { exact: true })).toBeVisible();
  await logOutThroughPage(page);

  // ——— The neighbour's own review comes from the agent's office address: it is held for an operator. ———
  const held = await request.post('/graphql', {
    data: {
      query: `mutation($id: ID!, $t: String!) { submitAgentReview(propertyAppraisalId: $id, rating: 5, text: $t) { id status holdReasons } }`,
      variables: { id: neighbour.appraisalId, t: HELD_TEXT },
    },
    headers: { authorization: `Bearer ${neighbour.token}`, 'x-forwarded-for': AGENT_ADDRESS },
  });
  const heldReview = ((await held.json()) as { data: { submitAgentReview: { id: string; status: string; holdReasons: string[] } } }).data
    .submitAgentReview;
  // Held; why is for operators only (the console below names the rule).
  expect(heldReview).toEqual({ id: expect.any(String), status: 'HELD', holdReasons: [] });

  // ——— The operator removes it with a reason from the policy; the reason is required. ———
  await callFrom(page, OPERATOR_ADDRESS);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=reviews');
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews to moderate', exact: true })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: HELD_TEXT });
  await expect(card.getByRole('heading', { name: 'Review of Priya Randwick', exact: false })).toBeVisible();
  await expect(card.getByText("Sent from a network address the agent's own sessions used in the last 30 days")).toBeVisible();
  await expect(card.getByText('Held', { exact: true })).toBeVisible();
  await axeAtBothWidths(page, 'console-reviews');
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this review of Priya Randwick?' });
  await dialog.getByRole('button', { name: 'Remove review', exact: true }).click();
  await expect(dialog.getByText('Choose the reason for removing the review')).toBeVisible();
  await expectNoA11yViolations(page);
  // By keyboard: the first reason takes focus with Tab from the policy link, the arrows move between reasons.
  await dialog.getByRole('radio', { name: 'Fake, or written by someone with a conflict of interest', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Fake, or written by someone with a conflict of interest', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Remove review', exact: true }).click();
  await expect(page.getByText('The review was removed; Ben has been e-mailed the reason.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: HELD_TEXT })).toHaveCount(0);

  // The audit log says what happened in words, and the reviewer is told why.
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  const entry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Removed a review', exact: true }) })
    .first();
  await expect(
    entry.getByText(
      "Reason: Fake, or written by someone with a conflict of interest (it was held: Sent from a network address the agent's own sessions used in the last 30 days)",
    ),
  ).toBeVisible();
  // What it touched: the reviewed agent, by name and e-mail (the console's audit log names agents, not review ids).
  await expect(entry.getByRole('listitem').filter({ hasText: /^Agent: .+ \(.+@.+\)$/ })).toBeVisible();
  const removed = await waitForEmail(request, neighbour.email, /^Your review of Priya Randwick was removed$/);
  expect(removed.text).toContain('Fake, or written by someone with a conflict of interest');
  await logOutThroughPage(page);

  // The removed review shows nowhere: the neighbour's page lists only Ana's.
  await callFrom(page, SELLER_ADDRESS);
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}/appraisal/${seller.appraisalId}`);
  const list = page.getByRole('region', { name: 'Reviews of Priya Randwick', exact: true });
  await expect(list.getByText(REVIEW_TEXT)).toBeVisible();
  await expect(list.getByText(HELD_TEXT)).toHaveCount(0);
});

test("an agent's reply giving contact details is held: an operator publishes one from the console and takes an edited one down with a reason", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const HELD_REPLY = 'Thanks Cara! Anyone else selling nearby can ring me on 0412 345 678 for a chat about the market.';
  const EDITED_REPLY = 'Thanks Cara! Anyone selling nearby can ring me on 0498 765 432, or drop in to the office any weekday.';
  const suburbId = await findSuburbId(request, { name: 'Randwick', state: 'NSW' });
  const created = await createAgent(request, { name: 'Omar Coogee', suburbId, password: PASSWORD, withCard: true });
  const agent = { ...created, id: created.userId };
  const seller = await appraisedListing(request, agent, 'Cara Nguyen', 'Reply Street');
  const written = await request.post('/graphql', {
    data: {
      query: `mutation($id: ID!, $t: String!) { submitAgentReview(propertyAppraisalId: $id, rating: 4, text: $t) { id status } }`,
      variables: { id: seller.appraisalId, t: REVIEW_TEXT },
    },
    headers: { authorization: `Bearer ${seller.token}`, 'x-forwarded-for': SELLER_ADDRESS },
  });
  const review = ((await written.json()) as { data: { submitAgentReview: { id: string; status: string } } }).data.submitAgentReview;
  expect(review.status).toBe('PUBLISHED');
  const reply = (text: string) =>
    gql<{ replyToAgentReview: { reply: { status: string; holdReasons: string[] } } }>(
      request,
      `mutation($id: ID!, $t: String!) { replyToAgentReview(reviewId: $id, text: $t) { reply { status holdReasons } } }`,
      { id: review.id, t: text },
      agent.token,
    );
  expect((await reply(HELD_REPLY)).replyToAgentReview.reply).toEqual({ status: 'HELD', holdReasons: ['CONTACT_DETAILS'] });

  // ——— The console lists the review for its reply alone: the reply, why it was held, and its own decision. ———
  await callFrom(page, OPERATOR_ADDRESS);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=reviews');
  const card = page.getByRole('listitem').filter({ hasText: HELD_REPLY });
  const heldReply = card.getByRole('region', { name: 'Reply from Omar Coogee', exact: true });
  await expect(heldReply.getByText('Reply held', { exact: true })).toBeVisible();
  await expect(heldReply.getByText('The text holds a phone number, an e-mail address or a link', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Keep published', exact: true })).toHaveCount(0);
  await axeAtBothWidths(page, 'console-review-reply');

  // By keyboard: publish it.
  await heldReply.getByRole('button', { name: 'Publish reply', exact: true }).focus();
  await page.keyboard.press('Enter');
  const publish = page.getByRole('dialog', { name: "Publish Omar Coogee's reply?", exact: true });
  await expect(publish).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Tab');
  await publish.getByRole('button', { name: 'Publish reply', exact: true }).press('Enter');
  await expect(page.getByText('The reply is published under the review.', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: HELD_REPLY })).toHaveCount(0);

  // ——— The agent edits the reply with another number: held again, and this time taken down with a reason. ———
  expect((await reply(EDITED_REPLY)).replyToAgentReview.reply.status).toBe('HELD');
  await page.reload();
  const editedCard = page.getByRole('listitem').filter({ hasText: EDITED_REPLY });
  await editedCard.getByRole('button', { name: 'Take reply down', exact: true }).click();
  const takeDown = page.getByRole('dialog', { name: "Take Omar Coogee's reply down?", exact: true });
  await takeDown.getByRole('button', { name: 'Take reply down', exact: true }).click();
  await expect(takeDown.getByText('Choose the reason for taking the reply down', { exact: true })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await expectNoA11yViolations(page);
  }
  await takeDown.getByRole('radio', { name: 'Contains personal information', exact: true }).check();
  await takeDown.getByRole('button', { name: 'Take reply down', exact: true }).click();
  await expect(page.getByText('The reply was taken down; Omar Coogee has been e-mailed the reason.', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: EDITED_REPLY })).toHaveCount(0);
  const removed = await waitForEmail(request, agent.email, /^Your reply to a review was taken down$/);
  expect(removed.text).toContain('Contains personal information');

  // The audit log names both decisions in words.
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { name: "Published an agent's reply", exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "Took an agent's reply down", exact: true }).first()).toBeVisible();
});
