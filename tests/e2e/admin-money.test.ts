import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations as axeViolations } from './support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from './support/admin-flows';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  createAndPayDeal,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { ADMIN, startServer, type RunningServer } from './support/server';

/** The admins' money screens on a phone: the overview (figures, charts, table) and the reconciliation. */
describe('admin money overview and reconciliation', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const snap = screens('admin-money');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const seriousViolations = () => axeViolations(page);

  it('a paid deal shows as held in the Money tab, each chart and the table saying that nothing moved yet; the reconciliation reports no mismatch', async () => {
    const brand = await context.newPage();
    await registerAndOnboard(brand, snap, unique('moneybrand'));
    await createAndPayDeal(brand, snap, '@held.money');
    await brand.close();

    await adminLogin(page, ADMIN);
    await page.getByRole('tab', { name: 'Money' }).click();
    await expect
      .poll(() => page.getByTestId('money-held').textContent(), {
        timeout: 20_000,
      })
      .toBe('€270.50');
    expect(await page.getByTestId('money-due-7d').textContent()).toBe('€0.00');
    // Held money has not moved yet: each chart and the table say so instead of drawing zeros.
    expect(await page.getByTestId('chart-empty').count()).toBe(3);
    await see(page, 'Released: nothing in the last 90 days.');
    await see(page, 'No money moved in the last 90 days.');
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await snap(page, 'money-tab');
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    await see(page, 'Every money movement matches the payment gateway.');
    expect(
      await page
        .getByTestId('reconciliation-totals')
        .getByRole('row', { name: /Charges/ })
        .textContent(),
    ).toContain('1 · €270.50');
    await see(
      page,
      "Every escrow's accounts sum to zero, and each day's debits equal its credits.",
    );
    const day = page.getByTestId('trial-balance-days').getByRole('row').nth(1);
    const [debits, credits] = await day.getByRole('cell').allTextContents();
    expect(debits).toMatch(/^€[\d,.]+$/);
    expect(credits).toBe(debits);
    await snap(page, 'reconciliation-tab');
    expect(await seriousViolations()).toEqual([]);
  }, 180_000);
});
