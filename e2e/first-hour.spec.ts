import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths as checkAtBoth, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { apiLogin, DEMO, DEMO_PASSWORD, gql, waitForEmail } from './support/api.ts';
import { createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';

/**
 * The first hour, played on a 375 px phone: a listing in a suburb no agent serves never promises an
 * appraisal; a withdrawn listing is told truthfully, sits apart on My Properties, and is listed again. Each screen
 * is axe-checked at 375 and 1280 px, with screenshots kept for review (E2E_SCREENSHOTS=1).
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/first-hour');
const PASSWORD = 'e2e-password-123';

test.use({ viewport: PHONE });

const checkAtBothWidths = (page: Page, name: string) => checkAtBoth(page, SHOTS, name);

test('a listing in a suburb no agent serves never says an appraisal is on its way; withdrawn, nobody is said to be told', async ({
  page,
}) => {
  const seller = await createSeller(page.request, { name: 'Nora Nobody', password: PASSWORD });
  const suburbId = await findSuburbId(page.request, { name: 'Broken Hill', state: 'NSW' });
  const propertyId = await createDraftProperty(page.request, seller.token, { suburbId, streetName: 'Argent Street' });
  expect(await publishProperty(page.request, seller.token, propertyId, [])).toBeNull();

  await loginThroughForm(page, seller.email, PASSWORD);
  const card = page.getByRole('article').filter({ hasText: 'Argent Street' });
  // The street number is on the card.
  await expect(card.getByRole('link', { name: '7 Argent Street, Broken Hill, NSW' })).toBeVisible();
  await expect(card.getByText('Looking for agents')).toBeVisible();
  await expect(page.getByText('Waiting for appraisals')).toHaveCount(0);
  await checkAtBothWidths(page, 'no-agent-home');

  await card.getByRole('link', { name: '7 Argent Street, Broken Hill, NSW' }).click();
  await expect(page.getByText(/No agent serves your suburb on Listwise yet/)).toBeVisible();
  await expect(page.getByText(/within 48 hours/)).toHaveCount(0);
  await checkAtBothWidths(page, 'no-agent-property');

  await page.getByRole('button', { name: 'Withdraw listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this listing?' });
  await dialog.getByRole('radio', { name: "I've decided not to sell" }).check();
  await dialog.getByRole('button', { name: 'Withdraw listing' }).click();
  await expect(page.getByText('Your listing is withdrawn.', { exact: true })).toBeVisible();
  await expect(page.getByText(/have been told|has been told/)).toHaveCount(0);
  await expect(page.getByText(/off the market, so no appraisals will arrive/)).toBeVisible();
});

test('a withdrawn listing is told truthfully, sits apart on My Properties and is listed again', async ({ page }) => {
  const seller = await createSeller(page.request, { name: 'Rita Relist', password: PASSWORD });
  const bondi = await findSuburbId(page.request, { name: 'Bondi', state: 'NSW' });
  const current = await createDraftProperty(page.request, seller.token, { suburbId: bondi, streetName: 'Relist Street' });
  const { agentsForProperty } = await gql<{ agentsForProperty: { id: string }[] }>(
    page.request,
    `query($id: ID!) { agentsForProperty(propertyId: $id) { id } }`,
    { id: current },
    seller.token,
  );
  expect(await publishProperty(page.request, seller.token, current, [agentsForProperty[0]!.id])).toBeNull();
  const other = await createDraftProperty(page.request, seller.token, { suburbId: bondi, streetName: 'Stay Street' });
  expect(await publishProperty(page.request, seller.token, other, [agentsForProperty[0]!.id])).toBeNull();

  await loginThroughForm(page, seller.email, PASSWORD);
  await page.getByRole('link', { name: '7 Relist Street, Bondi, NSW' }).click();
  await expect(page.getByText(/An appraisal should arrive within 48 hours/)).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this listing?' });
  await dialog.getByRole('radio', { name: "I'll sell without a Listwise agent" }).check();
  await dialog.getByRole('button', { name: 'Withdraw listing' }).click();
  await expect(page.getByText('Your listing is withdrawn. The agent you asked has been told.')).toBeVisible();
  await expect(page.getByText(/within 48 hours/)).toHaveCount(0);
  await checkAtBothWidths(page, 'withdrawn-property');

  // My Properties: the withdrawn listing sits under 'Sold and off market', apart from the one still waiting.
  await page.getByRole('link', { name: 'Back to My Properties' }).click();
  const waiting = page.locator('section', { has: page.getByRole('heading', { name: 'Appraisals Requested' }) });
  const finished = page.locator('section', { has: page.getByRole('heading', { name: 'Sold and off market' }) });
  await expect(finished.getByRole('article').filter({ hasText: 'Relist Street' })).toContainText('Off market');
  await expect(waiting.getByRole('article').filter({ hasText: 'Stay Street' })).toContainText('Waiting for appraisals');
  await expect(waiting.getByRole('article').filter({ hasText: 'Relist Street' })).toHaveCount(0);
  await checkAtBothWidths(page, 'my-properties-grouped');

  // Listed again: the agent asked before is asked again and e-mailed; the page promises an appraisal again.
  await finished.getByRole('link', { name: '7 Relist Street, Bondi, NSW' }).click();
  await page.getByRole('button', { name: 'List again' }).click();
  const relist = page.getByRole('dialog', { name: 'List this property again?' });
  await expectNoA11yViolations(page);
  await relist.getByRole('button', { name: 'List again' }).click();
  await expect(page.getByText('Your listing is back on Listwise. The agent you asked before has been asked again.')).toBeVisible();
  await expect(page.getByText(/An appraisal should arrive within 48 hours/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw listing' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Properties' }).click();
  await expect(waiting.getByRole('article').filter({ hasText: 'Relist Street' })).toContainText('Waiting for appraisals');
  await expect(finished).toHaveCount(0);
});

test('an agent declines a request with a reason; the seller is told at once and asks another agent', async ({ page }) => {
  const seller = await createSeller(page.request, { name: 'Dana Declined', password: PASSWORD });
  const bondi = await findSuburbId(page.request, { name: 'Bondi', state: 'NSW' });
  const propertyId = await createDraftProperty(page.request, seller.token, { suburbId: bondi, streetName: 'Decline Street' });
  const { agentsForProperty } = await gql<{ agentsForProperty: { id: string; name: string }[] }>(
    page.request,
    `query($id: ID!) { agentsForProperty(propertyId: $id) { id name } }`,
    { id: propertyId },
    seller.token,
  );
  expect(agentsForProperty.length).toBeGreaterThanOrEqual(2);
  const [asked, other] = agentsForProperty as [{ id: string; name: string }, { id: string; name: string }];
  expect(await publishProperty(page.request, seller.token, propertyId, [asked.id])).toBeNull();

  // The agent asked: which demo login it is, and its request (the lead-fee condition accepted, as agents do first).
  let agentEmail = '';
  let agentToken = '';
  for (const email of DEMO.agents) {
    const token = await apiLogin(page.request, email);
    const { me } = await gql<{ me: { id: string } }>(page.request, `{ me { id } }`, {}, token);
    if (me.id === asked.id) [agentEmail, agentToken] = [email, token];
  }
  expect(agentEmail).not.toBe('');
  const { myPendingAppraisalRequests } = await gql<{
    myPendingAppraisalRequests: { edges: { node: { id: string; property: { id: string } } }[] };
  }>(page.request, `{ myPendingAppraisalRequests(first: 50) { edges { node { id property { id } } } } }`, {}, agentToken);
  const requestId = myPendingAppraisalRequests.edges.find((e) => e.node.property.id === propertyId)!.node.id;
  await gql(page.request, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: requestId }, agentToken);

  await loginThroughForm(page, agentEmail, DEMO_PASSWORD);
  await page.goto(`/agent/appraisal-request/${requestId}`);
  await page.getByRole('button', { name: 'Decline request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: 'I cannot take on another listing at the moment' }).check();
  await checkAtBothWidths(page, 'decline-dialog');
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(page.getByText('Request declined. The seller has been told, with your reason.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const mail = await waitForEmail(page.request, seller.email, /cannot appraise your property/);
  expect(mail.text).toContain('I cannot take on another listing at the moment');
  await logOutThroughPage(page);

  // The seller sees the reason and is offered the suburb's other agents.
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${propertyId}`);
  await expect(page.getByText('Declined', { exact: true })).toBeVisible();
  await expect(page.getByText('Their reason: “I cannot take on another listing at the moment”')).toBeVisible();
  const askMore = page.locator('section', { has: page.getByRole('heading', { name: 'Ask other agents' }) });
  await expect(askMore.getByRole('checkbox', { name: new RegExp(asked.name) })).toHaveCount(0);
  await checkAtBothWidths(page, 'ask-other-agents');
  await askMore.getByRole('checkbox', { name: new RegExp(other.name) }).check();
  await askMore.getByRole('button', { name: 'Ask this agent' }).click();
  await expect(page.getByText('The agent has been asked. Appraisals should arrive within 48 hours.')).toBeVisible();
  const agentsAsked = page.locator('section', { has: page.getByRole('heading', { name: 'Agents asked' }) });
  await expect(agentsAsked.getByRole('listitem')).toHaveCount(2);
  await expect(agentsAsked.getByText('Sent', { exact: true })).toHaveCount(1);
});
