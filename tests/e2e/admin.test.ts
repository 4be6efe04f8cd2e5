import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithCli } from './support/admin-accounts';
import { adminLogin } from './support/admin-flows';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  createAndPayDeal,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { createUnpaidDeal } from './support/deal-form-flows';
import { ADMIN, startServer, type RunningServer } from './support/server';

const AUDITOR = { username: 'e2e-auditor', password: 'auditor-password' };
const ON_HOLD = 'On hold: automatic release is paused until an admin acts.';
const ACTIONS = ['Release payment', 'Hold payment', 'Resume', /^Refund/];

const chip = (page: Page, name: RegExp) =>
  page.getByRole('group', { name: 'Filter' }).getByRole('button', { name });
const panel = (page: Page) => page.getByRole('region', { name: /^Deal #/ });

describe('admin area', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const snap = screens('admin');

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // The auditor role exists only through the CLI; it runs on the server's data folder first.
      startServer(
        {},
        {
          beforeStart: (env) =>
            createAdminWithCli(
              env,
              AUDITOR.username,
              AUDITOR.password,
              'auditor',
            ),
        },
      ),
      launchBrowser(),
    ]);
    context = await phoneContext(browser, server.url);
    const brand = await context.newPage();
    await registerAndOnboard(brand, snap, unique('adminbrand'));
    await createUnpaidDeal(brand, {
      influencer: '@not.paid.yet',
      title: 'Unpaid one',
    });
    await brand.goto('/');
    await createAndPayDeal(brand, snap, '@in.progress');
    await brand.close();
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin login: Sign in stays disabled until both fields are filled', async () => {
    await page.goto('/admin/login');
    const submit = page.getByRole('button', { name: 'Sign in' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Username').fill(ADMIN.username);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel('Username').fill('');
    expect(await submit.isDisabled()).toBe(true);
    await snap(page, 'login-disabled');
  });

  it('filter chips show counts; changing the filter clears the selection', async () => {
    await adminLogin(page, ADMIN);
    await expect.poll(() => chip(page, /^All/).textContent()).toBe('All (2)');
    expect(await chip(page, /^Pending Payment/).textContent()).toBe(
      'Pending Payment (1)',
    );
    expect(await chip(page, /^In Progress/).textContent()).toBe(
      'In Progress (1)',
    );
    expect(await chip(page, /^Awaiting Approval/).textContent()).toBe(
      'Awaiting Approval (0)',
    );
    expect(await chip(page, /^Disputed/).textContent()).toBe('Disputed (0)');
    expect(await chip(page, /^Completed/).textContent()).toBe('Completed (0)');
    await snap(page, 'dashboard');
    await chip(page, /^In Progress/).click();
    await expect
      .poll(() => page.getByRole('button', { name: /@not\.paid\.yet/ }).count())
      .toBe(0);
    await page.getByRole('button', { name: /@in\.progress/ }).click();
    await panel(page).waitFor();
    await chip(page, /^Pending Payment/).click();
    await see(page, 'Select a deal to see its details.');
    expect(await panel(page).count()).toBe(0);
  });

  it('Hold shows the timers paused, Resume lifts it, Refund cancels the deal', async () => {
    await chip(page, /^In Progress/).click();
    await page.getByRole('button', { name: /@in\.progress/ }).click();
    const p = panel(page);
    await p.getByText('In Progress', { exact: true }).first().waitFor();
    await snap(page, 'selected');

    await p.getByRole('button', { name: 'Hold payment' }).click();
    await see(page, 'Put this payment on hold?');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await see(page, ON_HOLD);
    await p.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await p.getByRole('button', { name: 'Hold payment' }).count()).toBe(
      0,
    );
    await snap(page, 'on-hold');

    await p.getByRole('button', { name: 'Resume' }).click();
    await see(page, 'Resume this deal and its timers?');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect
      .poll(() => page.getByText(ON_HOLD).count(), { timeout: 20_000 })
      .toBe(0);
    await p.getByRole('button', { name: 'Hold payment' }).waitFor();

    await p.getByRole('button', { name: /^Refund/ }).click();
    await see(page, 'Refund the brand and cancel this deal?');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await p
      .getByText('Cancelled', { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    // Exact names: the history below lists events such as "timers resumed".
    for (const name of ACTIONS)
      expect(await p.getByRole('button', { name, exact: true }).count()).toBe(
        0,
      );
    await expect
      .poll(() => chip(page, /^In Progress/).textContent())
      .toBe('In Progress (0)');
    await snap(page, 'refunded');
  });

  it('an auditor sees the deals but no action buttons', async () => {
    const auditor = await (await phoneContext(browser, server.url)).newPage();
    await adminLogin(auditor, AUDITOR);
    await see(auditor, 'Auditor (read-only)');
    await auditor.getByRole('button', { name: /@not\.paid\.yet/ }).click();
    const p = panel(auditor);
    await p.waitFor();
    await p.getByText('Auditor (read-only)').waitFor();
    // Exact names: the history below lists events such as "timers resumed".
    for (const name of ACTIONS)
      expect(await p.getByRole('button', { name, exact: true }).count()).toBe(
        0,
      );
    await snap(auditor, 'auditor');
  });
});
