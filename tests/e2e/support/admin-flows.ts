import type { Page } from 'playwright-core';
import { see } from './flows';

/** Signs in on /admin/login and waits for the dashboard. */
export async function adminLogin(
  page: Page,
  account: { username: string; password: string },
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin');
  await see(page, 'Admin dashboard');
}
