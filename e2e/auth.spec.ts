import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, linkIn, uniqueEmail, waitForEmail } from './support/api.ts';
import { loginThroughForm } from './support/ui.ts';

/** Foundation journeys: sign-up, verification, logout/login, password reset, guard and not-found. */

test('an agent signs up, verifies the e-mail from the mailbox, logs out and in again', async ({ page, request }) => {
  const email = uniqueEmail('e2e.agent');
  await page.goto('/agent/signup');
  await expectNoA11yViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password is too short')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details/);

  const mail = await waitForEmail(request, email, /verify/i);
  await page.goto(linkIn(mail, /^\/verify-email\//));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await loginThroughForm(page, email, 'a-long-enough-password');
  await expect(page).toHaveURL(/\/agent\/signup\/basic-details/);
});

test('a wrong password shows the catalogue message under the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email address is required')).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO.seller);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
});

test('a password reset from the e-mail link, then the link no longer works', async ({ page, request }) => {
  const email = uniqueEmail('e2e.reset');
  await page.goto('/agent/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/basic-details/);
  await page.goto('/logout');

  await page.goto('/reset-password');
  await expectNoA11yViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page).toHaveURL(/\/reset-password\/success/);
  await expect(page.getByText('Link sent')).toBeVisible();

  const link = linkIn(await waitForEmail(request, email, /reset/i), /^\/change-password\//);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('second-password-456');
  await page.getByLabel('Confirm new password', { exact: true }).fill('different-password');
  await page.getByRole('button', { name: /change|save|reset/i }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-456');
  await page.getByRole('button', { name: /change|save|reset/i }).click();
  await expect(page).toHaveURL(/\/change-password\/success/);
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();

  await loginThroughForm(page, email, 'second-password-456');
  await page.goto('/logout');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-789');
  await page.getByLabel('Confirm new password', { exact: true }).fill('third-password-789');
  await page.getByRole('button', { name: /change|save|reset/i }).click();
  await expect(page.getByText('Password reset link no longer valid')).toBeVisible();
});

test('an unknown path and a wrong-role page show Something went wrong', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' }).or(page.getByRole('button', { name: 'Go home' }))).toBeVisible();
  await expectNoA11yViolations(page);

  await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});

test('the guard sends a signed-out visitor to /login and back after login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?from=%2Fadmin|\/login\?from=\/admin/);
  await page.getByLabel('Email address').fill(DEMO.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('public pages pass axe at phone and desktop widths', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/get-started',
      '/login',
      '/about-the-company',
      '/how-it-works',
      '/real-state-agent-info',
      '/find-real-estate-agents',
      '/terms-and-conditions?tab=privacy',
      '/continue-signup',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectNoA11yViolations(page);
    }
  }
});
