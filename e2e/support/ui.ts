import { expect, type Page } from '@playwright/test';

/** Logs in through the real login form. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Logs out through /logout and waits until it has finished (it revokes the session, then lands on /login). */
export async function logOutThroughPage(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
}
