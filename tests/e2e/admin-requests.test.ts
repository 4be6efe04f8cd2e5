import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from './support/admin-flows';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { createPaymentRequest } from './support/request-flows';
import { ADMIN, startServer, type RunningServer } from './support/server';

const TITLE = 'Chargeback campagne';
const HELD = /^On hold: Chargeback: fraudulent/;
const CREATOR_HELD = "Blocked by the cardholder's chargeback";

describe('admin: payment requests on chargeback hold', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let creator: Page;
  let sessionId = '';
  const snap = screens('admin-requests');
  const card = () =>
    creator.getByTestId('request-card').filter({ hasText: TITLE });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    creator = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a brand pays a request and the test-mode gateway page sends a chargeback', async () => {
    await registerAndOnboard(creator, snap, unique('holdcreator'));
    const link = await createPaymentRequest(creator, snap, TITLE);

    const brand = await (await phoneContext(browser, server.url)).newPage();
    await brand.goto(link);
    await acceptInBrowser(brand, server, { kind: 'request' });
    await see(brand, 'Accepted');
    await brand.getByRole('button', { name: 'Pay now' }).click();
    await brand.waitForURL('**/sim/checkout/**');
    sessionId = new URL(brand.url()).pathname.split('/').pop() ?? '';
    // The payer's key from the checkout URL: the test-mode tools act only for the payer.
    const payerKey = new URL(brand.url()).search;
    await brand.getByLabel('Card').check();
    await brand.getByRole('button', { name: 'Pay', exact: true }).click();
    await brand.waitForURL('**/pay-request-success/**');

    await brand.goto(`/sim/payments/${sessionId}${payerKey}`);
    await see(brand, 'Test mode — no real money');
    await snap(brand, 'sim-payment');
    await brand.getByRole('button', { name: 'Simulate chargeback' }).click();
    await see(brand, 'Chargeback sent (charge.dispute.created).');
    await snap(brand, 'sim-chargeback-sent');
    // The brand's own page tells it, in plain words.
    await brand.goto(link);
    await brand.getByTestId('chargeback-notice').waitFor();
    expect(await brand.getByTestId('chargeback-notice').textContent()).toBe(
      "The cardholder's bank disputed €210.00 of this payment (a chargeback). That money is held until the bank decides.",
    );
    await brand.close();
  });

  it('the creator sees the request blocked, without the complete button', async () => {
    await creator.goto('/payment-requests');
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('paid');
    await card().getByText(CREATOR_HELD).waitFor();
    expect(
      await card().getByRole('button', { name: 'Mark as completed' }).count(),
    ).toBe(0);
    await snap(creator, 'creator-held');
  });

  it('an admin sees the hold in the payment-request tab and releases it', async () => {
    const page = await context.newPage();
    await adminLogin(page, ADMIN);
    await page.getByRole('tab', { name: 'Payment requests' }).click();
    const item = page.getByTestId('admin-request').filter({ hasText: TITLE });
    await item.getByText('On hold', { exact: true }).waitFor();
    await snap(page, 'list');
    await item.click();
    const panel = page.getByRole('region', { name: /^Payment request #/ });
    await panel.getByText(HELD).waitFor();
    await panel
      .getByTestId('chargebacks')
      .getByText(/fraudulent/)
      .waitFor();
    // Where it stands: open until the bank decides.
    expect(await panel.getByTestId('chargeback-outcome').textContent()).toBe(
      '· open: waiting for the bank',
    );
    await snap(page, 'held');

    await panel.getByRole('button', { name: 'Release hold' }).click();
    await see(page, /^Release the chargeback hold\?/);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect
      .poll(() => panel.getByText(HELD).count(), { timeout: 20_000 })
      .toBe(0);
    expect(
      await panel.getByRole('button', { name: 'Release hold' }).count(),
    ).toBe(0);
    // The chargeback stays on record after the hold is released.
    await panel.getByTestId('chargebacks').waitFor();
    await snap(page, 'released');
    await page.close();
  });

  it('after the release the creator completes the request, which goes to the brand for review', async () => {
    await creator.goto('/payment-requests');
    const complete = card().getByRole('button', { name: 'Mark as completed' });
    await complete.waitFor({ timeout: 20_000 });
    expect(await card().getByText(CREATOR_HELD).count()).toBe(0);
    await complete.click();
    // Completing asks first (a note and links, both optional); the brand then reviews.
    await creator
      .getByRole('dialog')
      .getByRole('button', { name: 'Mark as completed' })
      .click();
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    await snap(creator, 'creator-completed');
  });
});
