import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from './support/admin-flows';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  cardOf,
  createAndPayDeal,
  creatorDelivers,
  disputeDelivered,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { disputedDealThroughApi } from './support/api-deals';
import { gatewayMovements } from './support/gateway-ledger';
import { ADMIN, startServer, type RunningServer } from './support/server';

// The €250 deal of the flows: the brand paid €270.50 (8.2 % fee). The creator is given €150, so the
// fee kept is round(€20.50 × 150 / 250) = €12.30 and the brand gets €270.50 − €150 − €12.30 = €108.20.
const CREATOR = '€150.00';
const REFUND = '€108.20';
const FEE = '€12.30';

const panel = (page: Page) => page.getByRole('region', { name: /^Deal #/ });

/** Turns payouts of every connected account in the simulated gateway off or on, as a bank restriction would. */
function setPayouts(server: RunningServer, enabled: boolean): void {
  const db = new Database(join(server.dataDir, 'simulated-gateway.sqlite'), {
    fileMustExist: true,
    timeout: 10_000,
  });
  try {
    db.prepare('UPDATE sim_accounts SET payouts_enabled = ?').run(
      enabled ? 1 : 0,
    );
  } finally {
    db.close();
  }
}

/** A dispute settled by an admin with a split: what each side sees, and what the gateway moved. */
describe('resolve a dispute with a split', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let brand: Page;
  let link = '';
  const snap = screens('split');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    brand = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the brand pays, the creator delivers, the brand disputes', async () => {
    await registerAndOnboard(brand, snap, unique('splitbrand'));
    link = await createAndPayDeal(brand, snap, '@split.creator');
    await creatorDelivers(
      await phoneContext(browser, server.url),
      link,
      snap,
      server,
    );
    await disputeDelivered(
      brand,
      '@split.creator',
      snap,
      'Only half of what we agreed',
    );
  }, 240_000);

  it('the admin sees the three amounts before confirming, then the split with both parts done', async () => {
    const admin = await (await phoneContext(browser, server.url)).newPage();
    await adminLogin(admin, ADMIN);
    await admin
      .getByRole('group', { name: 'Filter' })
      .getByRole('button', { name: /^Disputed/ })
      .click();
    await admin.getByRole('button', { name: /@split\.creator/ }).click();
    const p = panel(admin);
    await p.getByRole('button', { name: 'Resolve with split' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Resolve with a split' });
    await dialog
      .getByRole('heading', { name: 'Resolve with a split' })
      .waitFor();
    const amount = dialog.getByLabel('Creator receives (€)');
    const confirm = dialog.getByRole('button', { name: 'Confirm split' });

    // Not an amount: the dialog says so itself and asks the server nothing.
    await amount.fill('12.345');
    await see(
      admin,
      'Enter an amount in euros with at most two decimals, for example 120.50',
    );
    expect(await confirm.isDisabled()).toBe(true);
    // The whole amount is not a split: the server's own words.
    await amount.fill('250');
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe(
        'A split gives the creator less than the whole amount (€250.00); release the funds instead',
      );
    expect(await confirm.isDisabled()).toBe(true);
    await snap(admin, 'split-refused');

    await amount.fill('150');
    const preview = dialog.getByTestId('split-preview');
    await expect
      .poll(() => preview.textContent(), { timeout: 20_000 })
      .toContain(REFUND);
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain(`Creator receives${CREATOR}`);
    expect(text).toContain(`Brand refunded${REFUND}`);
    expect(text).toContain(`Platform fee kept${FEE}`);
    expect(text).toContain('€270.50');
    await snap(admin, 'split-preview');
    expect(await seriousViolations(admin)).toEqual([]);
    await confirm.click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    await p
      .getByText('Resolved With Split', { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
    const status = p.getByTestId('split-status');
    await expect
      .poll(
        () => status.getByTestId('split-transfer').getAttribute('data-state'),
        {
          timeout: 20_000,
        },
      )
      .toBe('succeeded');
    expect(
      await status.getByTestId('split-refund').getAttribute('data-state'),
    ).toBe('succeeded');
    expect(await status.textContent()).toContain(
      `Transfer to the creator: ${CREATOR}`,
    );
    expect(await status.textContent()).toContain(
      `Refund to the brand: ${REFUND}`,
    );
    expect(await status.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(
      await p.getByRole('button', { name: 'Resolve with split' }).count(),
    ).toBe(0);
    await snap(admin, 'split-resolved');

    // Filed under Completed.
    await admin
      .getByRole('group', { name: 'Filter' })
      .getByRole('button', { name: /^Completed/ })
      .click();
    await admin.getByRole('button', { name: /@split\.creator/ }).waitFor();

    // The gateway moved exactly the creator's part out and the brand's part back, once each.
    expect(gatewayMovements(server)).toEqual({
      transfers: [15_000],
      refunds: [10_820],
    });
    await admin.getByRole('tab', { name: 'Reconciliation' }).click();
    await see(admin, 'Every money movement matches the payment gateway.');
    const totals = admin.getByTestId('reconciliation-totals');
    expect(
      await totals.getByRole('row', { name: /Transfers/ }).textContent(),
    ).toContain(`1 · ${CREATOR}1 · ${CREATOR}`);
    expect(
      await totals.getByRole('row', { name: /Refunds/ }).textContent(),
    ).toContain(`1 · ${REFUND}1 · ${REFUND}`);
    await snap(admin, 'split-reconciliation');
    // The dispute's outcome in the Disputes tab.
    await admin.getByRole('tab', { name: 'Disputes' }).click();
    await admin
      .getByRole('list', { name: 'Disputes' })
      .getByText('Resolved with a split')
      .waitFor({ timeout: 20_000 });
    await admin.close();
  }, 180_000);

  it('the brand reads its refund in English and in Dutch; the creator reads what they receive', async () => {
    await brand.goto('/');
    const card = cardOf(brand, '@split.creator');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('split_resolved');
    expect(await card.getByTestId('deal-status').textContent()).toBe(
      `Dispute resolved: you were refunded ${REFUND}`,
    );
    expect(await card.getByTestId('progress').getAttribute('data-step')).toBe(
      '7',
    );
    await snap(brand, 'brand-card');
    await card.getByRole('link', { name: '@split.creator' }).click();
    await see(brand, 'Resolved with split');
    expect(await brand.getByTestId('split-summary').textContent()).toBe(
      `Dispute resolved: you were refunded ${REFUND}`,
    );
    await snap(brand, 'brand-detail');
    const detail = brand.url();

    await brand.goto('/profile');
    await brand.getByRole('button', { name: 'Nederlands' }).click();
    await see(brand, 'Accountinstellingen');
    await brand.goto('/');
    await expect
      .poll(
        () =>
          cardOf(brand, '@split.creator')
            .getByTestId('deal-status')
            .textContent(),
        {
          timeout: 20_000,
        },
      )
      .toBe('Geschil opgelost: je krijgt €\u00a0108,20 terug');
    await brand.goto(detail);
    await see(brand, 'Opgelost met verdeling');
    expect(await brand.getByTestId('split-summary').textContent()).toBe(
      'Geschil opgelost: je krijgt €\u00a0108,20 terug',
    );
    await snap(brand, 'brand-detail-nl');
    expect(await seriousViolations(brand)).toEqual([]);

    const creator = await (await phoneContext(browser, server.url)).newPage();
    await creator.goto(link);
    await expect
      .poll(() => creator.getByTestId('creator-status').textContent(), {
        timeout: 20_000,
      })
      .toBe(`Dispute resolved: you receive ${CREATOR}`);
    await see(
      creator,
      `The dispute was resolved by splitting the payment: you receive ${CREATOR}.`,
    );
    expect(
      await creator.getByTestId('progress').getAttribute('data-step'),
    ).toBe('7');
    expect(await creator.locator('dl').first().textContent()).toContain(
      `You receive${CREATOR}`,
    );
    await snap(creator, 'creator');
    expect(await seriousViolations(creator)).toEqual([]);
  }, 120_000);

  it('a transfer the gateway refuses shows as failed with its reason; Retry moves it once the account is fixed', async () => {
    const token =
      (await brand.evaluate(() => localStorage.getItem('authToken'))) ?? '';
    await disputedDealThroughApi(server, token, '@retry.creator');

    // The creator's bank restricts payouts: the transfer will be refused.
    setPayouts(server, false);
    const admin = await (await phoneContext(browser, server.url)).newPage();
    await adminLogin(admin, ADMIN);
    await admin.getByRole('button', { name: /@retry\.creator/ }).click();
    const p = panel(admin);
    await p.getByRole('button', { name: 'Resolve with split' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Resolve with a split' });
    await dialog.getByLabel('Creator receives (€)').fill('100');
    // €100 to the creator: fee kept round(€20.50 × 100 / 250) = €8.20, the brand gets €162.30 back.
    await expect
      .poll(() => dialog.getByTestId('split-preview').textContent(), {
        timeout: 20_000,
      })
      .toContain('€162.30');
    await dialog.getByRole('button', { name: 'Confirm split' }).click();
    const status = p.getByTestId('split-status');
    await expect
      .poll(
        () => status.getByTestId('split-transfer').getAttribute('data-state'),
        {
          timeout: 30_000,
        },
      )
      .toBe('failed');
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(
        () => status.getByTestId('split-refund').getAttribute('data-state'),
        {
          timeout: 20_000,
        },
      )
      .toBe('succeeded');
    expect(await status.getByTestId('split-transfer').textContent()).toContain(
      'payouts_not_enabled',
    );
    expect(
      await p.getByText('Resolved With Split', { exact: true }).count(),
    ).toBe(0);
    await snap(admin, 'split-transfer-failed');
    expect(await seriousViolations(admin)).toEqual([]);

    setPayouts(server, true);
    await status.getByRole('button', { name: 'Retry' }).click();
    await p
      .getByText('Resolved With Split', { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(
      await status.getByTestId('split-transfer').getAttribute('data-state'),
    ).toBe('succeeded');
    expect(await status.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await snap(admin, 'split-retried');

    // One transfer and one refund for this deal too, nothing twice, and the books still match.
    expect(gatewayMovements(server)).toEqual({
      transfers: [15_000, 10_000],
      refunds: [10_820, 16_230],
    });
    await admin.getByRole('tab', { name: 'Reconciliation' }).click();
    await see(admin, 'Every money movement matches the payment gateway.');
    await admin.close();
  }, 180_000);
});
