import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths, expectNoA11yViolations } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, gql, uniqueEmail, uniqueSurname, waitForEmail } from './support/api.ts';
import { writeJpegFixture } from './support/fixtures.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId, verifyEmailFromMailbox } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * In the browser: a licence typed on the sign-up profile page is saved with 'Save profile' (with its
 * expiry date), the agent is told it was received and is e-mailed once an operator verifies it; and an operator
 * suspends an agent with a reason from the Agents tab (the agent is e-mailed, is no longer offered to sellers, the
 * audit log says so in words and names the agent, and the agent, signed in, reads why and how to reach Listwise),
 * then lifts it. Screens at 375 and 1280 px, axe clean.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/licences');
const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'licence-journey-1';
/** The agent home's banner offering free suburbs (its heading names it). */
const SUBURBS_BANNER = /more suburbs? free for 12 months|Lock in up to/;
const inTwoYears = `${new Date().getFullYear() + 2}-06-30`;

async function agentAtProfileStep(page: Page, name: string) {
  const email = uniqueEmail('e2e.licence');
  const { createAgentUser } = await gql<{ createAgentUser: { token: string } }>(
    page.request,
    `mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token } }`,
    { e: email, p: PASSWORD },
  );
  await verifyEmailFromMailbox(page.request, email, createAgentUser.token);
  await gql(
    page.request,
    `mutation($n: String!) { updateAgentProfileBasicDetails(name: $n, mobileNumber: "0412 345 678") { id } }`,
    { n: name },
    createAgentUser.token,
  );
  return email;
}

test('the licence typed on the sign-up profile page is saved with the profile, and the agent hears when it is verified', async ({
  page,
}) => {
  const name = `Lena ${uniqueSurname()}`;
  const email = await agentAtProfileStep(page, name);
  await page.setViewportSize(MOBILE);
  await loginThroughForm(page, email, PASSWORD);
  await page.goto('/agent/signup/profile-details');
  await expect(page.getByRole('heading', { name: 'Your licence (optional)', exact: true })).toBeVisible();

  await page.getByLabel(/Profile picture/).setInputFiles(writeJpegFixture({ name: 'lena.jpg', width: 400, height: 400 }));
  await expect(page.getByText('Replace file', { exact: true })).toHaveCount(1, { timeout: 20_000 });
  await page.getByLabel(/Agency logo/).setInputFiles(writeJpegFixture({ name: 'logo.jpg', width: 300, height: 120 }));
  await expect(page.getByText('Replace file', { exact: true })).toHaveCount(2, { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Bio', exact: true }).fill('Inner west specialist for twelve years.');
  await page.getByLabel('Agency name').fill('Westside Realty');
  await page.getByLabel('Agency bio').fill('A small agency in the inner west.');

  // A state without a number is refused next to the field, before anything is saved.
  await page.getByLabel('Licence state', { exact: true }).selectOption('NSW');
  await page.getByRole('button', { name: 'Save profile', exact: true }).click();
  await expect(page.getByText('Licence number is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Licence expiry date is required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/signup\/profile-details$/);

  await page.getByLabel('Licence number', { exact: true }).fill('20 777 111');
  await page.getByLabel('Licence expiry date', { exact: true }).fill(inTwoYears);
  await expectNoA11yViolations(page);
  await keepScreenshot(page, nodePath.join(SHOTS, 'signup-profile-licence-mobile.png'));
  await page.getByRole('button', { name: 'Save profile', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/signup\/complete$/);
  await expect(page.getByText('Licence received: NSW 20777111 is on file.', { exact: false })).toBeVisible();

  // Profile settings show the number on file, its expiry and that it waits for a check.
  await page.setViewportSize(DESKTOP);
  await page.goto('/agent/profile-settings?tab=profile');
  await expect(page.getByText('Licence on file:', { exact: false })).toContainText('NSW 20777111');
  await expect(page.getByText('Received: waiting for our team to check it', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);
  await keepScreenshot(page, nodePath.join(SHOTS, 'settings-licence-pending-desktop.png'));
  await logOutThroughPage(page);

  // The operator sees it in the queue with its expiry date, verifies it, and the agent is e-mailed.
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=licences');
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('20777111');
  await expect(card).toContainText(`30 Jun ${new Date().getFullYear() + 2}`);
  await card.getByRole('button', { name: 'Verify', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Verify ${name}'s licence?` })
    .getByRole('button', { name: 'Verify licence', exact: true })
    .click();
  await expect(page.getByText(`${name}'s licence is verified.`, { exact: true })).toBeVisible();
  const mail = await waitForEmail(page.request, email, /^Your licence is verified$/);
  expect(mail.text).toContain('NSW licence 20777111');
});

test('an operator suspends an agent with a reason, the agent is told on screen, and it is lifted', async ({ page, browser }) => {
  // Two widths of the console, two e-mails and two decisions: more than the default two minutes on a busy machine.
  test.setTimeout(300_000);
  const suburbId = await findSuburbId(page.request, { name: 'Petersham', state: 'NSW' });
  const name = `Sam ${uniqueSurname()}`;
  const agent = await createAgent(page.request, { name, suburbId, password: PASSWORD });
  const seller = await createSeller(page.request, { name: 'Sally Seller', password: PASSWORD });
  const propertyId = await createDraftProperty(page.request, seller.token, { suburbId, streetName: 'Suspension Street' });
  const offered = async () =>
    (
      await gql<{ agentsForProperty: { id: string }[] }>(
        page.request,
        `query($id: ID!) { agentsForProperty(propertyId: $id) { id } }`,
        { id: propertyId },
        seller.token,
      )
    ).agentsForProperty.some((a) => a.id === agent.userId);
  expect(await offered()).toBe(true);

  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  for (const [size, viewport] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/admin?tab=agents');
    await page.getByRole('searchbox', { name: 'Agent name or email' }).fill(name);
    await page.getByRole('searchbox', { name: 'Agent name or email' }).press('Enter');
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('None entered');
    // The console's heading sits in the content column: beside the side menu on a desktop, under the top bar on a phone.
    const heading = (await page.getByRole('heading', { name: 'Operator console', level: 1 }).boundingBox())!;
    const shell = (await page.getByRole('banner').boundingBox())!;
    if (size === 'desktop') expect(heading.x).toBeGreaterThanOrEqual(shell.x + shell.width);
    else expect(heading.y).toBeGreaterThanOrEqual(shell.y + shell.height);
    expect(heading.y).toBeLessThan(200);
    await expectNoA11yViolations(page);
    await keepScreenshot(page, nodePath.join(SHOTS, `agents-tab-${size}.png`));
  }

  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: 'Suspend agent', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
  await dialog.getByRole('button', { name: 'Suspend agent', exact: true }).click();
  await expect(dialog.getByText('Enter a reason', { exact: true })).toBeVisible();
  await dialog.getByLabel('Reason (the agent is e-mailed it)').fill('Three sellers reported no-shows at appointments.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Suspend agent', exact: true }).click();
  await expect(page.getByText(`${name} is suspended.`, { exact: true })).toBeVisible();
  await expect(card.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(card).toContainText('Three sellers reported no-shows at appointments.');
  await keepScreenshot(page, nodePath.join(SHOTS, 'agents-tab-suspended-desktop.png'));

  const suspendedMail = await waitForEmail(page.request, agent.email, /^Your Listwise agent account is suspended$/);
  expect(suspendedMail.text).toContain('Three sellers reported no-shows at appointments.');
  expect(await offered()).toBe(false);

  // The audit log says what happened in words, and names the agent it touched (not 'Agent <id>').
  await page.goto('/admin?tab=audit-log');
  // The entry's heading, not the filter's option of the same words.
  await expect(page.getByRole('heading', { name: 'Suspended an agent', exact: true }).first()).toBeVisible();
  const entry = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Suspended an agent', exact: true }) })
    .first();
  await expect(entry).toContainText(`Agent: ${name} (${agent.email})`);

  // The agent, signed in, is told on screen why no new requests arrive, the reason, and how to reach Listwise.
  const agentContext = await browser.newContext({ viewport: MOBILE });
  const agentPage = await agentContext.newPage();
  await loginThroughForm(agentPage, agent.email, PASSWORD);
  const notice = agentPage.getByRole('complementary', { name: 'Your agent account is suspended' });
  await expect(notice).toContainText('no new appraisal requests reach you and sellers do not see your profile');
  await expect(notice).toContainText('Three sellers reported no-shows at appointments.');
  await expect(notice.getByRole('link', { name: 'support@listwise.com.au' })).toHaveAttribute('href', 'mailto:support@listwise.com.au');
  await expect(notice.getByRole('link', { name: '1300 547 899' })).toBeVisible();
  // The home does not contradict the notice: no banner invites a suspended agent to add suburbs for more requests.
  await expect(agentPage.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(agentPage.getByRole('complementary', { name: SUBURBS_BANNER })).toHaveCount(0);
  await expect(agentPage.getByRole('link', { name: 'Add Suburbs' })).toHaveCount(0);
  // Nor does the Suburbs tab offer its 'Add suburb' card (and the wizard's address does not open it).
  await agentPage.goto('/agent/profile-settings/?tab=suburbs&isModalOpen=true');
  await expect(agentPage.getByRole('heading', { name: 'Your suburbs' })).toBeVisible();
  await expect(agentPage.getByText('Suburbs cannot be added while your account is suspended.')).toBeVisible();
  await expect(agentPage.getByRole('button', { name: /^Add suburb/ })).toHaveCount(0);
  await expect(agentPage.getByRole('dialog')).toHaveCount(0);
  await agentPage.goto('/');
  await expect(notice).toBeVisible();
  await checkAtBothWidths(agentPage, SHOTS, 'agent-suspended-notice');

  await page.goto('/admin?tab=agents');
  await page.getByRole('searchbox', { name: 'Agent name or email' }).fill(name);
  await page.getByRole('searchbox', { name: 'Agent name or email' }).press('Enter');
  await card.getByRole('button', { name: 'Lift suspension', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Lift ${name}'s suspension?` })
    .getByRole('button', { name: 'Lift suspension', exact: true })
    .click();
  await expect(page.getByText(`${name}'s suspension is lifted.`, { exact: true })).toBeVisible();
  await waitForEmail(page.request, agent.email, /^Your Listwise agent account is active again$/);
  expect(await offered()).toBe(true);
  await agentPage.reload();
  await expect(agentPage.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(agentPage.getByRole('complementary', { name: 'Your agent account is suspended' })).toHaveCount(0);
  // Active again, the agent is offered the free suburbs left (so the check above tested a banner that exists).
  await expect(agentPage.getByRole('complementary', { name: SUBURBS_BANNER })).toBeVisible();
  await agentPage.goto('/agent/profile-settings/?tab=suburbs');
  await expect(agentPage.getByRole('button', { name: /^Add suburb/ })).toBeVisible();
  await expect(agentPage.getByText('Suburbs cannot be added while your account is suspended.')).toHaveCount(0);
  // The agent's menu speaks to an agent: 'Appraisal requests', never the seller's 'My Properties'.
  await agentPage.setViewportSize(DESKTOP);
  const menu = agentPage.getByRole('navigation', { name: 'Account menu' });
  await expect(menu.getByRole('link', { name: 'Appraisal requests', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Properties' })).toHaveCount(0);
  await agentContext.close();
});
