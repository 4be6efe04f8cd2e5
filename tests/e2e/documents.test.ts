import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  approveOnCard,
  cardOf,
  createAndPayDeal,
  creatorDelivers,
  registerAndOnboard,
  unique,
} from './support/flows';
import { startServer, type RunningServer } from './support/server';

/** The page printed to PDF by Chromium (A4, print styles), read back as text. */
async function printed(page: Page): Promise<string[]> {
  return pdfPages(
    new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })),
  );
}

describe('receipts and statements: printable pages and PDFs in English and Dutch', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let creator: BrowserContext;
  let link = '';
  const snap = screens('documents');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    creator = await phoneContext(browser, server.url);
    await registerAndOnboard(page, snap, unique('bookkeeper'));
    link = await createAndPayDeal(page, snap, '@sanne.creates');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the brand's receipt: from payment success, one printed A4 page in English, then Dutch, and the server's PDF", async () => {
    await page.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL(/\/documents\/[0-9a-f]{32}$/);
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    await snap(page, 'receipt-en');
    const en = await printed(page);
    expect(en).toHaveLength(1);
    for (const words of [
      'Receipt',
      'Platform fee',
      '€20.50',
      '€270.50',
      'iDEAL',
      '@sanne.creates',
    ])
      expect(en[0]).toContain(words);
    // Only the document prints: no buttons, no navigation, no language switch.
    expect(en[0]).not.toMatch(/Download PDF|Print|Nederlands/);

    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { name: 'Betalingsbewijs' }).waitFor();
    await snap(page, 'receipt-nl');
    const nl = await printed(page);
    expect(nl).toHaveLength(1);
    for (const words of [
      'Betalingsbewijs',
      'Platformkosten',
      '€ 270,50',
      'iDEAL',
    ])
      expect(nl[0]).toContain(words);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF downloaden' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-R-D\d+\.pdf$/);
    const server = await pdfPages(
      new Uint8Array(readFileSync((await download.path())!)),
    );
    expect(server).toHaveLength(1);
    for (const words of [
      'Betalingsbewijs',
      'Platformkosten',
      '€ 270,50',
      'iDEAL',
    ])
      expect(server[0]).toContain(words);
    await page.getByRole('button', { name: 'English' }).click();
  }, 120_000);

  it("the creator's statement after the payout, from the link page; the brand's card has the receipt", async () => {
    await creatorDelivers(creator, link, snap, server);
    await page.goto('/');
    const card = cardOf(page, '@sanne.creates');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    // The card links the receipt by its reference: no deal id in the address.
    const receipt = card.getByRole('link', { name: 'Receipt' });
    await receipt.waitFor({ timeout: 20_000 });
    const receiptHref = (await receipt.getAttribute('href'))!;
    expect(receiptHref).toMatch(/^\/documents\/[0-9a-f]{32}$/);
    const dealId = (await card.getAttribute('data-deal-id'))!;
    await approveOnCard(page, snap, card);
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');

    const creatorPage = await creator.newPage();
    await creatorPage.goto(link);
    await creatorPage.getByRole('link', { name: 'Statement' }).click();
    await creatorPage
      .getByRole('heading', { name: 'Payout statement' })
      .waitFor();
    await snap(creatorPage, 'statement-en');
    const en = await printed(creatorPage);
    expect(en).toHaveLength(1);
    for (const words of [
      'Payout statement',
      'Paid out to the creator',
      '€250.00',
    ])
      expect(en[0]).toContain(words);
    // A link reader sees no gateway ids.
    expect(en[0]).not.toMatch(/tr_sim_|pi_sim_|Reference/);
    await creatorPage.getByRole('button', { name: 'Nederlands' }).click();
    await creatorPage
      .getByRole('heading', { name: 'Uitbetalingsoverzicht' })
      .waitFor();
    const nl = await printed(creatorPage);
    for (const words of [
      'Uitbetalingsoverzicht',
      'Uitbetaald aan de creator',
      '€ 250,00',
    ])
      expect(nl[0]).toContain(words);

    // The receipt's reference alone opens nothing: the link's reader, signed out, is sent to sign
    // in; the old address by the deal's id is no page, even for the brand.
    await creatorPage.goto(receiptHref);
    await creatorPage.waitForURL('**/login');
    expect(
      await creatorPage.getByRole('heading', { name: 'Receipt' }).count(),
    ).toBe(0);
    await page.goto(`/deals/${dealId}/receipt`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  }, 180_000);
});
