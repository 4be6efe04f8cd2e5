import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  approveOnCard,
  cardOf,
  confirmAction,
  createAndPayDeal,
  creatorDelivers,
  disputeDelivered,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { ADMIN, startServer, type RunningServer } from './support/server';
/** The card's details toggle (its name changes when open). */
const DETAILS = /^(Details|Hide details)$/;

describe('deal flow in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand: BrowserContext;
  let creator: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    brand = await phoneContext(browser, server.url);
    creator = await phoneContext(browser, server.url);
    page = await brand.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('(a) brand pays, creator accepts and delivers, brand approves: funds released at step 7 of 7', async () => {
    const snap = screens('a');
    await registerAndOnboard(page, snap, unique('brand'));
    const link = await createAndPayDeal(page, snap, '@sanne.creates');
    await creatorDelivers(creator, link, snap, server);

    await page.goto('/');
    const card = cardOf(page, '@sanne.creates');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    await see(page, 'Creator has delivered the content');
    await card.getByRole('button', { name: 'Details' }).click();
    await see(page, 'Creator receives');
    await snap(page, 'dashboard-delivered');
    await approveOnCard(page, snap, card);
    await see(page, 'Payout started');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');
    expect(await card.getByTestId('deal-status').textContent()).toBe(
      'Funds released',
    );
    expect(await card.getByTestId('progress').getAttribute('data-step')).toBe(
      '7',
    );
    await see(page, 'Step 7 of 7');
    await snap(page, 'dashboard-released');

    await page.getByRole('link', { name: 'Profile' }).click();
    await see(page, 'Account settings');
    await expect
      .poll(() => page.getByText('Successful').locator('..').textContent())
      .toContain('1');
    await snap(page, 'profile');
  });

  it('(b) dispute, then release: approved after dispute; the admin sees it', async () => {
    const snap = screens('b');
    await page.goto('/');
    const link = await createAndPayDeal(page, snap, '@mila.makes');
    await creatorDelivers(creator, link, snap, server);

    await disputeDelivered(
      page,
      '@mila.makes',
      snap,
      'The reel shows last season',
    );
    const card = cardOf(page, '@mila.makes');
    // The brand's own words are kept and shown in the card's details.
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('dispute');
    await card.getByRole('button', { name: DETAILS }).click();
    await see(page, 'Your reason: The reel shows last season');
    await card.getByRole('button', { name: DETAILS }).click();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('dispute');
    await snap(page, 'dashboard-dispute');
    await confirmAction(
      page,
      'Release Payment',
      "Approve and release €250.00 to @mila.makes? The payout to the creator's bank account starts now and usually arrives within 1-2 business days. This cannot be undone.",
      snap,
      'confirm-release',
      card,
    );
    await see(page, 'Payout started');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('approved_after_dispute');
    expect(await card.getByTestId('progress').getAttribute('data-step')).toBe(
      '7',
    );
    await snap(page, 'dashboard-approved-after-dispute');

    const admin = await brand.newPage();
    await admin.goto('/admin/login');
    await admin.getByLabel('Username').fill(ADMIN.username);
    await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await snap(admin, 'admin-login');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin');
    await see(admin, 'Admin dashboard');
    await admin.getByRole('button', { name: /^Completed/ }).click();
    await admin.getByRole('button', { name: /@mila\.makes/ }).click();
    await see(admin, 'Approved After Dispute');
    // The history tells events in words, not by their names.
    await see(
      admin,
      'The brand opened a dispute: “The reel shows last season”.',
    );
    await snap(admin, 'admin-detail');
    await admin.close();
  });
});
