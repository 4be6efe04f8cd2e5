import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
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

  it('(c) creator requests, brand accepts and pays, creator marks it completed', async () => {
    const snap = screens('c');
    const creator = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(creator, snap, unique('creator'));
    const link = await createPaymentRequest(creator, snap, 'Zomercampagne');

    const brand = await (await phoneContext(browser, server.url)).newPage();
    await brand.goto(link);
    await see(brand, 'Zomercampagne');
    await see(brand, 'Wacht op acceptatie');
    await see(brand, '€ 210,00');
    await snap(brand, 'pay-request-pending');
    await brand.getByRole('button', { name: 'Accepteren' }).click();
    await see(brand, 'Geaccepteerd');
    await snap(brand, 'pay-request-accepted');
    await brand.getByRole('button', { name: 'Nu betalen' }).click();
    await brand.waitForURL('**/sim/checkout/**');
    await brand.getByLabel('Card').check();
    await brand.getByRole('button', { name: 'Pay', exact: true }).click();
    await brand.waitForURL('**/pay-request-success/**');
    await see(brand, 'Betaling Succesvol!');
    await snap(brand, 'pay-request-success');
    await brand.goto(link);
    await see(brand, 'Betaling Voltooid!');
    await snap(brand, 'pay-request-paid');

    await creator.goto('/payment-requests');
    await see(creator, 'Mijn Betaalverzoeken');
    const card = creator.getByTestId('request-card').filter({ hasText: 'Zomercampagne' });
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('paid');
    await snap(creator, 'requests-paid');
    await card.getByRole('button', { name: 'Markeer als voltooid' }).click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    await see(creator, 'Voltooid');
    await creator.getByRole('tab', { name: 'Afgerond' }).click();
    await snap(creator, 'requests-completed');

    await brand.goto(link);
    await see(brand, 'Opdracht voltooid!');
    await snap(brand, 'pay-request-completed');
  });
});
