import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { createPaymentRequest } from './support/request-flows';
import { startServer, type RunningServer } from './support/server';

describe('payment request in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('(c) creator requests, brand accepts and pays, creator marks it completed, brand approves', async () => {
    const snap = screens('c');
    const creator = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(creator, snap, unique('creator'));
    const link = await createPaymentRequest(creator, snap, 'Zomercampagne');

    // The brand's browser is Dutch: its pages (and the test-mode checkout) are Dutch; the creator's stay English.
    const brand = await (
      await phoneContext(browser, server.url, 'nl-NL')
    ).newPage();
    await brand.goto(link);
    await see(brand, 'Zomercampagne');
    await see(brand, 'Wacht op acceptatie');
    await see(brand, '€ 210,00');
    await snap(brand, 'pay-request-pending');
    // The brand confirms an address with a mailed code in accepting.
    await acceptInBrowser(brand, server, { kind: 'request', lang: 'nl' });
    await see(brand, 'Geaccepteerd');
    await snap(brand, 'pay-request-accepted');
    await brand.getByRole('button', { name: 'Nu betalen' }).click();
    await brand.waitForURL('**/sim/checkout/**');
    await brand.getByLabel('Kaart').check();
    await brand.getByRole('button', { name: 'Betalen', exact: true }).click();
    await brand.waitForURL('**/pay-request-success/**');
    await see(brand, 'Betaling Succesvol!');
    await snap(brand, 'pay-request-success');
    await brand.goto(link);
    await see(brand, 'Betaling Voltooid!');
    await snap(brand, 'pay-request-paid');

    await creator.goto('/payment-requests');
    await see(creator, 'My Payment Requests');
    const card = creator
      .getByTestId('request-card')
      .filter({ hasText: 'Zomercampagne' });
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('paid');
    await snap(creator, 'requests-paid');
    await card.getByRole('button', { name: 'Mark as completed' }).click();
    // Completing asks first: a note and links to the work, checked before they are sent.
    const dialog = creator.getByRole('dialog');
    await dialog
      .getByLabel('Note to the brand (optional)')
      .fill('Three posts are live.');
    await dialog
      .getByLabel('Link to the work 1 (optional)')
      .fill('instagram.com/p/zomer');
    await see(creator, 'Enter a web address starting with http:// or https://');
    await dialog
      .getByLabel('Link to the work 1 (optional)')
      .fill('https://instagram.com/p/zomer');
    await dialog.getByRole('button', { name: 'Mark as completed' }).click();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    await see(creator, 'Completed, in review');
    // The card's Mark as completed went with the server's answer: focus stays on the card.
    expect(
      await creator.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? null,
      ),
    ).toBe('request-card');
    await snap(creator, 'requests-delivered');

    // The brand reviews through its link: the note, the link and the end of the review, then approves.
    await brand.goto(link);
    await see(brand, 'Voltooid, in beoordeling');
    await see(brand, 'Three posts are live.');
    await see(brand, 'https://instagram.com/p/zomer');
    await expect
      .poll(() => brand.getByTestId('request-review-ends').isVisible())
      .toBe(true);
    await snap(brand, 'pay-request-delivered');
    await brand
      .getByRole('button', { name: 'Goedkeuren en vrijgeven' })
      .click();
    const confirm = brand.getByRole('dialog');
    await expect
      .poll(() => confirm.textContent())
      .toMatch(/€\s200,00 .* creator/);
    await confirm.getByRole('button', { name: 'Bevestigen' }).click();
    await see(brand, 'Opdracht voltooid!');
    await snap(brand, 'pay-request-completed');

    await creator.reload();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');
    await creator.getByRole('tab', { name: 'Finished' }).click();
    await see(creator, 'Completed');
    await snap(creator, 'requests-completed');
  });
});
