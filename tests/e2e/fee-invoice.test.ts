import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { createAndPayDeal, registerAndOnboard, unique } from './support/flows';
import { startServer, type RunningServer } from './support/server';

const printed = async (page: Page): Promise<string[]> =>
  pdfPages(
    new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })),
  );

describe('fee invoice: billing details on the profile, the invoice beside the receipt', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const snap = screens('fee-invoice');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(page, snap, unique('gentmedia'));
    await createAndPayDeal(page, snap, '@sanne.creates');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a Belgian business brand is asked for its details, the form refuses a wrong VAT id in its own words, then the invoice prints reverse-charged in English and Dutch', async () => {
    // The dashboard card names the deal; its receipt is linked by reference, never by the id.
    await page.goto('/');
    const card = page.getByTestId('deal-card').first();
    const receipt = card.getByRole('link', { name: 'Receipt' });
    await receipt.waitFor({ timeout: 20_000 });
    expect(await receipt.getAttribute('href')).toMatch(
      /^\/documents\/[0-9a-f]{32}$/,
    );
    const dealPath = `/deals/${await card.getAttribute('data-deal-id')}`;
    await page.goto(dealPath);
    await page
      .getByText(
        'Your invoice for the platform fee is waiting for your billing details.',
      )
      .waitFor();
    await snap(page, 'deal-asks-details');
    await page.getByRole('link', { name: 'Add billing details' }).click();
    await page.waitForURL('**/profile');

    const form = page.getByRole('form', { name: 'Billing details' });
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await form.getByText('Fill in the company or your name').waitFor();
    await form.getByLabel('Company or name').fill('Gent Media BV');
    await form.getByLabel('Street and number').fill('Veldstraat 1');
    await form.getByLabel('Postcode').fill('9000');
    await form.getByLabel('City').fill('Gent');
    await form.getByLabel('Country').selectOption('BE');
    await form.getByLabel('VAT id (optional)').fill('BE123');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await form
      .getByText('This VAT id is not in the format of the chosen country', {
        exact: false,
      })
      .waitFor();
    // The app's own message, not the browser's bubble: the form is not validated natively.
    expect(await form.evaluate((f) => (f as HTMLFormElement).noValidate)).toBe(
      true,
    );
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await snap(page, 'billing-wrong-vat');
    await form.getByLabel('VAT id (optional)').fill('BE 0123.456.789');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Billing details saved').first().waitFor();

    await page.goto(dealPath);
    const invoiceLink = page.getByRole('link', {
      name: 'Invoice',
      exact: true,
    });
    await expect
      .poll(
        async () => {
          await page.reload();
          return invoiceLink.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await invoiceLink.click();
    // The deal page links the invoice by its unguessable reference.
    await page.waitForURL(/\/documents\/[0-9a-f]{32}$/);
    await page.getByRole('heading', { name: 'Invoice' }).waitFor();
    await snap(page, 'invoice-en');
    const en = await printed(page);
    expect(en).toHaveLength(1);
    for (const words of [
      'Invoice',
      'VAT reverse-charged',
      'BE0123456789',
      'Gent Media BV',
      '€20.50',
    ])
      expect(en[0]).toContain(words);
    expect(en[0]).not.toMatch(/Download PDF|Print/);

    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { name: 'Factuur' }).waitFor();
    await snap(page, 'invoice-nl');
    const nl = await printed(page);
    expect(nl).toHaveLength(1);
    for (const words of ['Factuur', 'Btw verlegd', 'Factuurnummer', '€ 20,50'])
      expect(nl[0]).toContain(words);
    await page.getByRole('button', { name: 'English' }).click();
  }, 240_000);
});
