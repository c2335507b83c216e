import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, gql, linkIn, uniqueEmail, waitForEmail } from './support/api.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';

/**
 * Foundation journeys: sign-up, verification from the mailbox, logout/login, password reset, continue
 * links, the unverified banner, the guard, not-found, the public shell and the error display of spec 000 §8.
 */

const loggedInFlag = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'listwise_logged_in')?.value ?? null;

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

/** A seller with a finished account (name, e-mail, mobile, password) whose e-mail is not verified yet. */
async function createUnverifiedSeller(request: APIRequestContext) {
  const email = uniqueEmail('e2e.unverified');
  const password = 'unverified-pass-1';
  const { createGhostUser } = await gql<{ createGhostUser: { token: string } }>(request, `mutation { createGhostUser { token } }`);
  const token = createGhostUser.token;
  await gql(
    request,
    `mutation($e: String) { updateUserDetails(name: "Uma Unverified", email: $e, isPrivacyPolicyAccepted: true) { id } }`,
    { e: email },
    token,
  );
  await gql(request, `mutation { updateUserPassword(password: "${password}", mobileNumber: "0412345678") { id } }`, {}, token);
  return { email, password };
}

/** A ghost seller part-way through a listing, with an e-mail but no password. */
async function createGhostSeller(request: APIRequestContext) {
  const email = uniqueEmail('e2e.ghost');
  const { createGhostUser } = await gql<{ createGhostUser: { token: string } }>(request, `mutation { createGhostUser { token } }`);
  await gql(
    request,
    `mutation($e: String) { updateUserDetails(name: "Gail Ghost", email: $e, nextPage: "/new-property/address") { id } }`,
    { e: email },
    createGhostUser.token,
  );
  return { email };
}

test('an agent signs up, verifies the e-mail from the mailbox, logs out and in again', async ({ page }) => {
  const email = uniqueEmail('e2e.agent');
  await page.goto('/agent/signup');
  await expectNoA11yViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password is too short')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The e-mail is verified first: sign-up goes on only after that.
  await expect(page).toHaveURL(/\/email-verification$/);
  expect(await loggedInFlag(page)).toBe('true');
  await page.goto('/agent/signup/basic-details');
  await expect(page).toHaveURL(/\/email-verification$/);

  // The development mailbox lists the message; opening it shows the e-mail, whose button opens the app, which
  // verifies and goes straight on to the first sign-up step.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Verify your email for Listwise' }).click();
  const verifyUrl = await page.getByRole('link', { name: 'Verify email' }).getAttribute('href');
  expect(new URL(verifyUrl!, page.url()).pathname).toMatch(/^\/verify-email\/[\w-]{43}$/);
  await page.getByRole('link', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details$/);
  await expect(page.getByText('Step 1 of 5')).toBeVisible();

  // The link works once; opened again it says the e-mail is already verified, and a link that never
  // was is invalid.
  await page.goto(verifyUrl!);
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
  await expect(page.getByText(/your email address is already verified/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`${verifyUrl!.slice(0, -1)}${verifyUrl!.endsWith('A') ? 'B' : 'A'}`);
  await expect(page.getByRole('heading', { name: 'Invalid/ Expired Token' })).toBeVisible();
  await expect(page.getByText('Please log in and resend verification email again')).toBeVisible();

  await logOutThroughPage(page);
  expect(await loggedInFlag(page)).toBe('false');
  expect(await page.evaluate(() => window.localStorage.getItem('listwise.auth'))).toContain('"status":"loggedOut"');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign Up' })).toBeVisible();

  await loginThroughForm(page, email, 'a-long-enough-password');
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details/);
  expect(await loggedInFlag(page)).toBe('true');

  // Logged in as a real user, /login and /get-started go home (here: the next sign-up step).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details/);
  await page.goto('/get-started');
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details/);
});

test('a wrong password shows the catalogue message under the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email address is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused(); // a refused submit goes to the first field in error
  await page.getByLabel('Email address').fill('not-an-email');
  await expect(page.getByText('Email address is invalid')).toBeVisible();
  // A valid address (the spaces around it are trimmed) clears the message as it is typed.
  await page.getByLabel('Email address').fill(`  ${DEMO.seller} `);
  await expect(page.getByText(/^Email address is/)).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a password reset from the e-mail link, then the link no longer works', async ({ page, request }) => {
  const email = uniqueEmail('e2e.reset');
  await page.goto('/agent/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-verification$/);
  await logOutThroughPage(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectNoA11yViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/reset-password\/success/);
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  await expectNoA11yViolations(page);

  const link = linkIn(await waitForEmail(request, email, /reset/i), /^\/change-password\/user\/[\w-]+\/token\/[\w-]+$/);
  await page.goto(link);
  await expectNoA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 9 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-456');
  await page.getByLabel('Confirm new password', { exact: true }).fill('different-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password\/success/);
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Return to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughForm(page, email, 'second-password-456');
  await logOutThroughPage(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-789');
  await page.getByLabel('Confirm new password', { exact: true }).fill('third-password-789');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password reset link no longer valid')).toBeVisible();
});

test('a continue link brings a ghost seller back to the listing; a bad one says so', async ({ page, request }) => {
  const ghost = await createGhostSeller(request);
  await page.goto('/continue-signup');
  await expectNoA11yViolations(page);
  await page.getByLabel('Email address').fill(uniqueEmail('e2e.nobody'));
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(toast(page, 'User is invalid or already verified')).toBeVisible();

  await page.getByLabel('Email address').fill(ghost.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(toast(page, 'Please, check your email for link to complete registration')).toBeVisible();

  const link = linkIn(await waitForEmail(request, ghost.email, /continue/i), /^\/continue\/[\w-]+$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/new-property\/address$/);
  // The ghost's session is stored (a ghost counts as logged out for the main site).
  expect(await page.evaluate(() => window.localStorage.getItem('listwise.auth'))).toContain('"isGhostUser":true');
  expect(await loggedInFlag(page)).toBe('false');

  await page.goto(link);
  await expect(toast(page, 'Token is invalid')).toBeVisible();
  // A bad link leads to where a fresh one can be asked for.
  await expect(page).toHaveURL(/\/continue-signup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Continue where you left off' })).toBeVisible();
});

test('the unverified banner resends, /email-verification waits for the link, and unauthorized logs out', async ({ page, request }) => {
  const seller = await createUnverifiedSeller(request);
  await loginThroughForm(page, seller.email, seller.password);
  // Home for a seller whose e-mail is unverified is the verification screen.
  await expect(page).toHaveURL(/\/email-verification$/);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Please verify your email to continue.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your email is not verified yet.' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(toast(page, 'Verification email sent successfully')).toBeVisible();

  // Elsewhere in the signed-in layout, the banner offers the same.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/profile-settings');
    const banner = page.getByRole('complementary', { name: 'Email verification' });
    await expect(banner.getByText('Please verify your email to start receiving appraisals.')).toBeVisible();
    await expectNoA11yViolations(page);
    if (width === 375) {
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Log Out' })).toBeVisible();
      await page.keyboard.press('Escape');
    } else {
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Log Out' })).toBeVisible();
    }
  }
  const banner = page.getByRole('complementary', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Resend email' }).click();
  await expect(banner.getByText('Email sent.')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Resend email' })).toBeHidden();
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(seller.email)}`)).json()) as { subject: string }[];
      return list.filter((m) => /verify/i.test(m.subject)).length;
    })
    .toBe(3);

  // The server revokes the session (here: logged out elsewhere); the next call answers 'unauthorized' and the app
  // logs out, back to /login remembering the page.
  await page.goto('/email-verification');
  const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('listwise.auth') ?? '{}') as { token?: string }).token);
  await gql(request, `mutation { logout }`, {}, token);
  // The next call answers 'unauthorized': the Resend click, or the page's own check of the user if that comes first.
  await page
    .getByRole('button', { name: 'Resend email' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login\?from=%2Femail-verification$/);
  expect(await loggedInFlag(page)).toBe('false');

  // Signed in again, opening the link verifies; /email-verification then moves on by itself.
  await page.getByLabel('Email address').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.goto(linkIn(await waitForEmail(request, seller.email, /verify/i), /^\/verify-email\//));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/email-verification/);
  // Verified, /email-verification moves on by itself to choosing agents. That step may go on at once (with no agent
  // in the suburb it publishes by itself), so the test waits for the page to be reached, not for it to stay.
  const reachesSelectAgents = page.waitForURL(/\/new-property\/select-agents$/);
  await page.goto('/email-verification');
  await reachesSelectAgents;
  await page.goto('/profile-settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Email verification' })).toHaveCount(0);
});

test('a network failure shows one "Unable to reach Listwise" toast and the inline fallback', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/graphql', (route) => route.abort('failed'));
  await page.getByLabel('Email address').fill(DEMO.seller);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Encountered network error.')).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Unable to reach Listwise')).toHaveCount(1);
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('an unknown path and a wrong-role page show Page not found', async ({ page }) => {
  // A path no route of the app matches is the server's 404 page (docs/decisions/0022-one-public-site.md).
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at this address.', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'The Listwise homepage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare local agents before you sell' })).toBeVisible();

  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  for (const path of ['/admin', '/agent/appointment-requests']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page.getByRole('heading', { name: 'My Properties' })).toBeVisible();
});

test('the guard sends a signed-out visitor to /login and back after login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?from=%2Fadmin$/);
  await page.getByLabel('Email address').fill(DEMO.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // An agent page with its query string survives the round trip too.
  await logOutThroughPage(page);
  await page.goto('/agent/profile-settings?tab=suburbs');
  await expect(page).toHaveURL(/\/login\?from=%2Fagent%2Fprofile-settings%3Ftab%3Dsuburbs$/);
  await page.getByLabel('Email address').fill(DEMO.agents[0]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/agent\/profile-settings\/?\?tab=suburbs$/);
});

test('the public shell: header links only when logged out, to the server-rendered public site; footer; terms and privacy', async ({
  page,
}) => {
  await page.goto('/get-started');
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const [name, path] of [
    ['Find agents', '/agents'],
    ['How it works', '/how-it-works'],
    ['For agents', '/real-state-agent-info'],
    ['For sellers', '/find-real-estate-agents'],
    ['About', '/about-the-company'],
    ['Login', '/login'],
    ['Sign Up', '/get-started'],
  ] as const) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(`© ${new Date().getFullYear()} Listwise. All rights reserved.`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'support@listwise.com.au' })).toHaveAttribute('href', 'mailto:support@listwise.com.au');
  await expect(footer.getByRole('link', { name: /^1300/ })).toHaveAttribute('href', /^tel:1300/);

  // The legal pages are the server's: whole documents in the public site's design.
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions\?tab=privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const legalTabs = page.getByRole('navigation', { name: 'Legal documents' });
  await expect(legalTabs.getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
  await legalTabs.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { name: 'Seller Terms of Use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agent Terms of Service' })).toBeVisible();

  await page.goto('/get-started');
  await expect(page.getByRole('link', { name: "I'm selling my property" })).toHaveAttribute('href', '/new-property/address');
  await expect(
    page.getByText('Request up to 5 free appraisals from local agents and receive them within 48 hours.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/Get \$[\d,.]+ cashback when you sell with a Listwise agent\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/continue-signup');
  await expect(page.getByRole('link', { name: "I'm a real estate agent" })).toHaveAttribute('href', '/agent/signup');

  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  await page.goto('/new-property/address');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
});
