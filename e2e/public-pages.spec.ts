import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths as checkAtBoth, PHONE } from './support/a11y.ts';
import { apiLogin, DEMO, gql, uniqueEmail } from './support/api.ts';
import { createAgent, findSuburbId } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';
import { keepScreenshot } from './support/screens.ts';

/**
 * The public pages as the people they are for would use them, on a 375 px phone: a visitor who arrives
 * on a suburb page from nowhere and reads it with JavaScript off, opens an agent's profile and starts a listing for
 * that suburb; and an agent who turns their public profile on and finds it. Each screen is axe-checked at 375 and
 * 1280 px, with screenshots kept for review.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/public-pages');
const PASSWORD = 'e2e-password-123';
// The demo agent whose licence an operator verified: the one the demo's public pages show.
const PUBLIC_DEMO_AGENT = 'Olivia Harper';

test.use({ viewport: PHONE });

const checkAtBothWidths = (page: Page, name: string) => checkAtBoth(page, SHOTS, name);

// axe runs as a script in the page, so the pages' checks are in the journey with JavaScript on below.
test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor goes from the homepage to a suburb, an agent and the privacy policy on the HTML alone', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare local agents before you sell' })).toBeVisible();
    await expect(page.getByText(/receive \$[\d,]+ cashback when you sell/).first()).toBeVisible();
    await keepScreenshot(page, nodePath.join(SHOTS, 'home-no-js.png'));

    // The phone menu is a <details> element: it opens without script.
    await page.getByText('Menu', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Find agents' }).click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find real estate agents by state');
    await page.getByRole('link', { name: /^New South Wales/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real estate agents in New South Wales');
    // Each suburb counts the agents a seller can ask there: the number the listing wizard shows.
    await expect(page.getByText(/\(\d+ agents? you can ask\)/).first()).toBeVisible();
    await page.getByRole('link', { name: 'Bondi Beach NSW 2026' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Bondi Beach/);
    await expect(page.getByText(/\$[\d,]+ cashback/).first()).toBeVisible();
    await expect(page.getByText('fewer than 3')).toHaveCount(0);
    await expect(page.getByText(/^Shown from/)).toHaveCount(0);
    await page.getByRole('link', { name: PUBLIC_DEMO_AGENT, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_DEMO_AGENT);
    await expect(page.getByText(/^Licence \S+ checked on the NSW register/).first()).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions\?tab=privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(/Australian Privacy Principles/).first()).toBeVisible();
    await keepScreenshot(page, nodePath.join(SHOTS, 'privacy-no-js.png'));
  });

  test('a visitor asks to be told when an agent joins, and is answered, on the HTML alone', async ({ page }) => {
    await page.goto('/agents/nsw/broken-hill-2880');
    await expect(page.getByText(/we keep your e-mail address and Broken Hill only to send you that one e-mail/)).toBeVisible();
    const email = uniqueEmail('e2e.alert.nojs');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Tell me when an agent joins' }).click();
    await expect(page).toHaveURL(/\/agents\/nsw\/broken-hill-2880\/notify$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We will tell you when an agent joins in Broken Hill');
    await expect(page.getByText(`we will send one e-mail to ${email.toLowerCase()}`, { exact: false })).toBeVisible();
  });

  test('a visitor reads a suburb page and an agent profile from the HTML alone', async ({ page }) => {
    // From nowhere: the suburb page is the first thing this browser loads.
    const response = await page.goto('/agents/nsw/bondi-beach-2026');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Bondi Beach/);
    await expect(page.getByText(/agents? serves? Bondi Beach on Listwise: you can ask up to five/).first()).toBeVisible();
    // Why agents are there, and in what order, before any choice is made.
    await expect(page.getByRole('link', { name: 'how we rank' }).first()).toBeVisible();
    const agentLink = page.getByRole('link', { name: PUBLIC_DEMO_AGENT, exact: true });
    await expect(agentLink).toBeVisible();
    await expect(page.getByText(/^Licence \S+ checked on the NSW register, \d{1,2} \w{3} \d{4}$/).first()).toBeVisible();
    // Nothing of a seller: no street address of anyone's property.
    await expect(page.getByText(/Campbell Parade/)).toHaveCount(0);
    await keepScreenshot(page, nodePath.join(SHOTS, 'suburb-no-js.png'));

    await agentLink.click();
    await expect(page).toHaveURL(/\/agent\/olivia-harper-[0-9a-f]{10}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_DEMO_AGENT);
    await expect(page.getByRole('heading', { name: 'Listwise figures' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Suburbs served' })).toBeVisible();
    await keepScreenshot(page, nodePath.join(SHOTS, 'profile-no-js.png'));

    // Back up the tree by its links: the suburb, its state, every state.
    await page
      .getByRole('link', { name: /^Bondi Beach/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Bondi Beach/);
    await page.getByRole('link', { name: 'how we rank' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How we rank agents');
    await expect(page.getByText(/no one can pay|not for sale/i).first()).toBeVisible();
    await keepScreenshot(page, nodePath.join(SHOTS, 'how-we-rank-no-js.png'));
  });
});

test('a visitor starts a listing from a suburb page and the address step names the agents there', async ({ page }) => {
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find real estate agents by state');
  await page.getByRole('link', { name: /New South Wales/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real estate agents in New South Wales');
  await checkAtBothWidths(page, 'state');
  await page.getByRole('link', { name: /^Bondi Beach/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Bondi Beach/);
  await checkAtBothWidths(page, 'suburb');
  await page.getByRole('link', { name: PUBLIC_DEMO_AGENT, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_DEMO_AGENT);
  await checkAtBothWidths(page, 'profile');
  await page.getByRole('link', { name: 'how we rank' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How we rank agents');
  await checkAtBothWidths(page, 'how-we-rank');
  await page.goBack();
  await page.goBack();

  await page.getByRole('link', { name: 'Ask Bondi Beach agents for an appraisal' }).click();
  await expect(page).toHaveURL(/\/new-property\/address\?suburb=\d+$/);
  // Before any of the six steps: how many agents a seller in Bondi Beach can ask.
  await expect(page.getByRole('status').filter({ hasText: /agents? serves? Bondi Beach/ })).toContainText('on Listwise');
  await checkAtBothWidths(page, 'address-step-from-suburb');
});

test('a seller in a suburb without agents is told at the address step and asks to be told when one joins', async ({ page }) => {
  const suburbId = await findSuburbId(page.request, { name: 'Broken Hill', state: 'NSW' });
  await page.goto(`/new-property/address?suburb=${suburbId}`);
  const note = page.getByRole('status').filter({ hasText: 'No agent serves Broken Hill on Listwise yet' });
  await expect(note).toBeVisible();
  await checkAtBothWidths(page, 'address-step-no-agents');
  await note.getByRole('link', { name: 'Be told by e-mail when an agent joins in Broken Hill' }).click();

  await expect(page).toHaveURL(/\/agents\/nsw\/broken-hill-2880#tell-me-when-an-agent-joins$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Broken Hill/);
  await expect(page.getByText('No agent serves Broken Hill on Listwise yet', { exact: false }).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: 'Nearest suburbs with agents' })).toBeVisible();
  await checkAtBothWidths(page, 'suburb-without-agents');
  // The collection notice sits by the field it is about, and the field names it.
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/we keep your e-mail address and Broken Hill only/);
  const email = uniqueEmail('e2e.alert');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Tell me when an agent joins' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We will tell you when an agent joins in Broken Hill');
  await expect(
    page.getByText(`we will send one e-mail to ${email.toLowerCase()} when an agent who serves Broken Hill joins`),
  ).toBeVisible();
  await expect(page.getByText('To stop it before then', { exact: false })).toBeVisible();
  await checkAtBothWidths(page, 'agent-join-alert-done');

  const missing = await page.goto('/agents/nsw/no-such-place-9999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('an agent turns the public profile on and finds it on their suburb page', async ({ page }) => {
  test.setTimeout(180_000);
  const suburbId = await findSuburbId(page.request, { name: 'Marrickville', state: 'NSW' });
  const name = `Pia ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const agent = await createAgent(page.request, { name, suburbId, password: PASSWORD });
  // A licence an operator has checked: without it the profile stays hidden whatever the switch says.
  await gql(
    page.request,
    `mutation { updateAgentLicence(licenceState: NSW, licenceNumber: "20 555 123", licenceExpiresOn: "${new Date().getFullYear() + 2}-06-30") { status } }`,
    {},
    agent.token,
  );
  const adminToken = await apiLogin(page.request, DEMO.admin);
  await gql(
    page.request,
    `mutation($id: ID!) { verifyAgentLicence(agentId: $id, approved: true) { status } }`,
    { id: agent.userId },
    adminToken,
  );

  await loginThroughForm(page, agent.email, PASSWORD);
  await page.goto('/agent/profile-settings?tab=profile');
  const toggle = page.getByRole('switch', { name: 'Show my public profile' });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Your profile is hidden', { exact: false })).toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Your public profile is turned on')).toBeVisible();
  await expect(toggle).toBeChecked();
  const profileLink = page.getByRole('link', { name: /\/agent\/pia-/ });
  await expect(profileLink).toBeVisible();
  await checkAtBothWidths(page, 'settings-profile-on');
  const profileUrl = new URL((await profileLink.getAttribute('href')) ?? '');

  await page.goto(profileUrl.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^Licence \S+ checked on the NSW register/).first()).toBeVisible();
  await page
    .getByRole('link', { name: /^Marrickville/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Real estate agents in Marrickville/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await checkAtBothWidths(page, 'suburb-with-new-agent');

  // Turned off again, the profile answers 404 at once.
  await page.goto('/agent/profile-settings?tab=profile');
  await page.getByRole('switch', { name: 'Show my public profile' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Your public profile is turned off')).toBeVisible();
  const hidden = await page.request.get(profileUrl.pathname);
  expect(hidden.status()).toBe(404);
});
