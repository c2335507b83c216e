import fs from 'node:fs';
import nodePath from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths as checkAtBoth, DESKTOP } from './support/a11y.ts';
import { apiLogin, DEMO, DEMO_PASSWORD, gql } from './support/api.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';

/**
 * Your data: a seller accepts the current terms at sign-in, downloads everything Listwise
 * holds about them from Profile Settings, and closes the account with their password; the session ends, signing in
 * fails, and the same e-mail opens a new account. An operator's console shows a closed agent account as deleted.
 *
 * Publishing a new version of the terms is a code change (TERMS_VERSIONS in apps/server/src/modules/accounts/
 * terms.ts, with what changed), which a journey cannot make. What a new version does to a user is that their recorded version is no
 * longer the current one; this seller has none recorded (as every account made before versions were recorded), and
 * meets the same 'We have updated our terms' screen at sign-in.
 *
 * The people here are the journey's own, so the demo users other journeys rely on are untouched.
 */
const PASSWORD = 'e2e-password-123';
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/your-data');
const checkAtBothWidths = (page: Page, name: string) => checkAtBoth(page, SHOTS, name);

const ME = `query { me { id email acceptedTermsVersion mustAcceptTerms } currentTermsVersion }`;
interface Me {
  me: { id: string; email: string | null; acceptedTermsVersion: string | null; mustAcceptTerms: boolean } | null;
  currentTermsVersion: string;
}

test('a seller accepts the current terms, downloads their data and closes the account; the e-mail can sign up again', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const suburbId = await findSuburbId(request, { name: 'Clovelly', state: 'NSW' });
  // The listing is started while the account is a ghost: once it is a seller who has not accepted the terms, the API
  // serves nothing but the terms screen's own calls (terms_not_accepted).
  const seller = await createSeller(request, {
    name: 'Dana Export',
    password: PASSWORD,
    acceptsTerms: false,
    beforePassword: (ghostToken) => createDraftProperty(request, ghostToken, { suburbId, streetName: 'Export Street' }),
  });
  await expect(gql(request, `{ myProperties { edges { node { id } } } }`, {}, seller.token)).rejects.toThrow('terms_not_accepted');
  const before = await gql<Me>(request, ME, {}, seller.token);
  expect(before.me).toMatchObject({ acceptedTermsVersion: null, mustAcceptTerms: true });

  // ——— Sign-in asks for the current terms before anything else. ———
  await loginThroughForm(page, seller.email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'We have updated our terms and privacy policy' })).toBeVisible();
  // What changed in the version in force (this seller accepted none to compare with), in plain words.
  const changes = page.getByRole('region', { name: 'What changed' });
  await expect(changes.getByRole('listitem').first()).toBeVisible();
  await expect(changes).toContainText('why we ask for your mobile number and who sees it');
  await checkAtBothWidths(page, 'accept-updated-terms');
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByText('Please tick the box to accept the updated terms and privacy policy.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('heading', { name: 'We have updated our terms and privacy policy' })).toBeHidden();
  const after = await gql<Me>(request, ME, {}, seller.token);
  expect(after.me).toMatchObject({ acceptedTermsVersion: after.currentTermsVersion, mustAcceptTerms: false });

  // ——— Profile Settings → Your data → 'Download my data': a JSON file of what Listwise holds about them. ———
  await page.setViewportSize(DESKTOP);
  await page.goto('/profile-settings');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await checkAtBothWidths(page, 'profile-settings');
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^listwise-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText(`Your data is saved as ${download.suggestedFilename()}`)).toBeVisible();
  const text = fs.readFileSync(await download.path(), 'utf8');
  const data = JSON.parse(text) as {
    account: { id: string; email: string; userType: string; hasPassword: boolean };
    consents: { acceptedTermsVersion: string };
    sellerProfile: { name: string };
    properties: { address: { streetName: string } }[];
  };
  expect(data.account).toMatchObject({ id: before.me!.id, email: seller.email, userType: 'SELLER', hasPassword: true });
  expect(data.sellerProfile.name).toBe('Dana Export');
  expect(data.consents.acceptedTermsVersion).toBe(after.currentTermsVersion);
  expect(data.properties.map((p) => p.address.streetName)).toEqual(['Export Street']);
  // Never a password hash, a session or a link token.
  expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|\$2[aby]\$/);
  expect(text).not.toContain(seller.token);
  expect(text).not.toMatch(/"token"/i);

  // ——— 'Delete my account': the password confirms it. ———
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await checkAtBothWidths(page, 'delete-account-dialog');
  await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await dialog.getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-closed$/);
  await expect(page.getByRole('heading', { name: 'Your account is closed' })).toBeVisible();
  await checkAtBothWidths(page, 'account-closed');

  // The session ended, in this browser and the one the API helpers held.
  expect((await gql<Me>(request, ME, {}, seller.token)).me).toBeNull();
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/login/);
  // Signing in fails: the e-mail and password are erased.
  await page.getByLabel('Email address').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // ——— The same e-mail opens a new account (the listing funnel's own calls), which starts empty. ———
  const again = await createSeller(request, { name: 'Dana Again', password: `${PASSWORD}-2`, email: seller.email });
  const fresh = await gql<Me>(request, ME, {}, again.token);
  expect(fresh.me?.id).not.toBe(before.me!.id);
  await loginThroughForm(page, seller.email, `${PASSWORD}-2`);
  await page.goto('/profile-settings');
  await expect(page.getByRole('region', { name: 'Your details' }).getByText('Dana Again', { exact: true })).toBeVisible();
  await logOutThroughPage(page);
});

test("the operators' console labels a closed agent account 'Deleted'", async ({ page, request }) => {
  test.setTimeout(180_000);
  const suburbId = await findSuburbId(request, { name: 'Clovelly', state: 'NSW' });
  const agent = await createAgent(request, { name: 'Gus Closing', suburbId, password: PASSWORD });
  const closed = await gql<{ deleteMyAccount: boolean }>(
    request,
    `mutation($p: String!) { deleteMyAccount(password: $p) }`,
    { p: PASSWORD },
    agent.token,
  );
  expect(closed.deleteMyAccount).toBe(true);
  // The console's list is newest first, and the agent's name and e-mail are gone: the id finds the card's account.
  // Among the newest, not necessarily the first: a journey before this one on the same server may have moved the
  // clock on and signed up an agent "later".
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const listed = await gql<{ adminAgents: { edges: { node: { id: string; deletedAt: string | null } }[] } }>(
    request,
    `query { adminAgents(first: 20) { edges { node { id deletedAt } } } }`,
    {},
    admin,
  );
  expect(listed.adminAgents.edges.map((edge) => edge.node).find((node) => node.id === agent.userId)).toMatchObject({
    deletedAt: expect.any(String),
  });

  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=agents');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Deleted account', exact: true }) })
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(card.getByText('The agent closed this account on')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Suspend agent' })).toHaveCount(0);
  await checkAtBothWidths(page, 'console-deleted-agent');
  await logOutThroughPage(page);
});
