import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { createPaymentRequest } from './support/request-flows';
import { acceptInBrowser } from './support/link-codes';
import { startServer, type RunningServer } from './support/server';

const printed = async (page: Page): Promise<string[]> =>
  pdfPages(
    new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })),
  );

describe("a payment request's invoice: the paying brand's details at checkout, the invoice beside the receipt", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a Dutch brand gives its invoice details before paying (a wrong VAT id refused in Dutch), pays, and prints its fee invoice with 21 % VAT on one A4 page in Dutch and English', async () => {
    const snap = screens('request-invoice');
    const creator = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(creator, snap, unique('reqinvoice'));
    const link = await createPaymentRequest(creator, snap, 'Najaarscampagne');

    const brand = await (
      await phoneContext(browser, server.url, 'nl-NL')
    ).newPage();
    await brand.goto(link);
    await acceptInBrowser(brand, server, { kind: 'request', lang: 'nl' });
    await see(brand, 'Geaccepteerd');
    const form = brand.getByRole('form', { name: 'Factuurgegevens' });
    await form.getByLabel('Bedrijf of naam').fill('Acme Drinks BV');
    await form.getByLabel('Straat en huisnummer').fill('Damrak 1');
    await form.getByLabel('Postcode').fill('1012 LG');
    await form.getByLabel('Plaats').fill('Amsterdam');
    await form.getByLabel('Land').selectOption('NL');
    await form.getByLabel('Btw-nummer (optioneel)').fill('NL12');
    await form.getByRole('button', { name: 'Factuurgegevens opslaan' }).click();
    await form
      .getByText(/btw-nummer heeft niet de vorm/)
      .first()
      .waitFor();
    expect(
      await brand.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await snap(brand, 'details-wrong-vat');
    await form.getByLabel('Btw-nummer (optioneel)').fill('NL 123456789 B01');
    await form.getByRole('button', { name: 'Factuurgegevens opslaan' }).click();
    await see(brand, 'Factuurgegevens opgeslagen');

    await brand.getByRole('button', { name: 'Nu betalen' }).click();
    await brand.waitForURL('**/sim/checkout/**');
    await brand.getByLabel('Kaart').check();
    await brand.getByRole('button', { name: 'Betalen', exact: true }).click();
    await brand.waitForURL('**/pay-request-success/**');
    await see(brand, 'Betalingsbewijs');
    const invoiceLink = brand.getByRole('link', {
      name: 'Factuur',
      exact: true,
    });
    await expect
      .poll(
        async () => {
          await brand.reload();
          await see(brand, 'Betalingsbewijs');
          return invoiceLink.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await snap(brand, 'success-with-invoice');
    await invoiceLink.click();
    await brand.waitForURL('**/pay-request/*/invoice');
    await brand.getByRole('heading', { name: 'Factuur' }).waitFor();
    await snap(brand, 'invoice-nl');
    const nl = await printed(brand);
    expect(nl).toHaveLength(1);
    for (const words of [
      'Factuur',
      'Btw 21%',
      'Acme Drinks BV',
      'NL123456789B01',
      '€ 10,00',
    ])
      expect(nl[0]).toContain(words);

    await brand.getByRole('button', { name: 'English' }).click();
    await brand.getByRole('heading', { name: 'Invoice' }).waitFor();
    await snap(brand, 'invoice-en');
    const en = await printed(brand);
    expect(en).toHaveLength(1);
    for (const words of ['Invoice', 'VAT 21%', 'Acme Drinks BV', '€10.00'])
      expect(en[0]).toContain(words);
  }, 240_000);
});
