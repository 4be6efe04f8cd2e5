import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { enAdmin } from '@/i18n/en-admin';
import { enBrand } from '@/i18n/en-brand';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlBrand } from '@/i18n/nl-brand';
import { phoneContext } from './browser';
import { see } from './flows';
import { ADMIN, apiClient, type RunningServer } from './server';

type Lang = 'en' | 'nl';
const texts = {
  en: { ...enAdmin, ...enBrand },
  nl: { ...nlAdmin, ...nlBrand },
};
const text = (
  lang: Lang,
  key: keyof typeof enAdmin | keyof typeof enBrand,
  n?: number,
) =>
  (texts[lang] as Record<string, string>)[key]!.replace('{n}', String(n ?? ''));

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

/** Cents as an admin types them in `lang`: "35.50" or "35,50". */
const typed = (cents: number, lang: Lang): string => {
  const euros = (cents / 100).toFixed(2);
  return lang === 'nl' ? euros.replace('.', ',') : euros;
};

/**
 * Milestone `n` of deal `dealId` in the admin panel (the page signed in as an admin, in `lang`):
 * opens the deal from its address and answers the milestone's list item.
 */
export async function adminMilestone(
  page: Page,
  dealId: number,
  n: number,
): Promise<Locator> {
  await page.goto(`/admin?deal=${dealId}`);
  const items = page.getByTestId('admin-milestone');
  await items.nth(n - 1).waitFor({ timeout: 20_000 });
  return items.nth(n - 1);
}

/** Waits until the milestone shows `status` (the panel refreshes after the action). */
async function settlesAs(item: Locator, status: string): Promise<void> {
  await expect
    .poll(() => item.getAttribute('data-status'), { timeout: 30_000 })
    .toBe(status);
}

/**
 * An admin splits milestone `n` of deal `dealId` (in its dispute, or while the deal is held): the
 * milestone's Split, the creator's part typed in `lang`, the server's preview awaited, confirmed;
 * returns once the milestone shows `split`. The page is signed in as an admin and shows `lang`.
 */
export async function splitMilestoneAsAdmin(
  page: Page,
  lang: Lang,
  dealId: number,
  n: number,
  creatorCents: number,
): Promise<void> {
  const item = await adminMilestone(page, dealId, n);
  await item
    .getByRole('button', {
      name: text(lang, 'admin.milestoneSplit'),
      exact: true,
    })
    .click();
  const dialog = page.getByRole('dialog', {
    name: text(lang, 'admin.splitMilestoneTitle', n),
  });
  await dialog
    .getByLabel(text(lang, 'admin.splitAmount'))
    .fill(typed(creatorCents, lang));
  const confirm = dialog.getByRole('button', {
    name: text(lang, 'admin.splitConfirm'),
  });
  await expect.poll(() => confirm.isEnabled(), { timeout: 20_000 }).toBe(true);
  await confirm.click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await settlesAs(item, 'split');
}

/**
 * An admin splits everything not yet released of deal `dealId` (a deal with a plan, in a
 * milestone's dispute or held): the deal's "Split everything not yet released (€…)", the
 * creator's part typed in `lang`, the server's preview with each open milestone's part awaited;
 * answers the dialog (open, with its preview) and the confirm button, for the caller to look at
 * and confirm.
 */
export async function openWholeDealSplit(
  page: Page,
  lang: Lang,
  dealId: number,
  creatorCents: number,
): Promise<{ dialog: Locator; confirm: Locator }> {
  await adminMilestone(page, dealId, 1);
  const panel = page.getByRole('region', { name: new RegExp(`#${dealId}$`) });
  const restLabel = text(lang, 'admin.splitRest').replace(
    / \(\{amount\}\)$/,
    '',
  );
  await panel
    .getByRole('button', { name: new RegExp(`^${restLabel} \\(`) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: text(lang, 'admin.splitRestTitle'),
  });
  await dialog
    .getByLabel(text(lang, 'admin.splitAmount'))
    .fill(typed(creatorCents, lang));
  const confirm = dialog.getByRole('button', {
    name: text(lang, 'admin.splitConfirm'),
  });
  await expect.poll(() => confirm.isEnabled(), { timeout: 20_000 }).toBe(true);
  await dialog.getByTestId('split-milestone-parts').waitFor();
  return { dialog, confirm };
}

/**
 * An admin refunds milestone `n` of deal `dealId` to the brand (its amount and fee share): the
 * milestone's Refund, then Confirm on the prompt naming the amount; returns once it shows
 * `refunded`. The page is signed in as an admin and shows `lang`.
 */
export async function refundMilestoneAsAdmin(
  page: Page,
  lang: Lang,
  dealId: number,
  n: number,
): Promise<void> {
  const item = await adminMilestone(page, dealId, n);
  await item
    .getByRole('button', {
      name: text(lang, 'admin.milestoneRefund'),
      exact: true,
    })
    .click();
  const prompt = page.getByRole('dialog', {
    name: text(lang, 'confirm.title'),
  });
  await prompt
    .getByRole('button', { name: text(lang, 'confirm.ok'), exact: true })
    .click();
  await settlesAs(item, 'refunded');
}

/** The admin area's languages, each with the browser locale that picks it. */
export const ADMIN_LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;

/** The e2e admin's token, signed in through the API. */
export async function adminToken(server: RunningServer): Promise<string> {
  return (
    await apiClient(server)<{ token: string }>(
      'POST',
      '/api/auth/admin-login',
      ADMIN,
    )
  ).token;
}

/** A 390 px phone page in `locale`, signed in to the admin area with `token` (kept as the app keeps it). */
export async function adminPhonePage(
  browser: Browser,
  server: RunningServer,
  locale: string,
  token: string,
): Promise<Page> {
  const context = await phoneContext(browser, server.url, locale);
  await context.addInitScript(
    (stored) => localStorage.setItem('adminToken', stored),
    token,
  );
  return context.newPage();
}
