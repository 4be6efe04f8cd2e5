import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  approveOnCard,
  cardOf,
  createAndPayDeal,
  fillPayoutIdentity,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { ADMIN, startServer, type RunningServer } from './support/server';
import { acceptInBrowser } from './support/link-codes';

/** The brand's billing details, saved through the API with the page's own sign-in. */
async function saveBillingDetails(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/user/billing-details', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
      },
      body: JSON.stringify({
        company: 'Acme BV',
        addressLines: ['Damrak 1'],
        postcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        vatId: 'NL123456789B01',
      }),
    });
    return res.status;
  });
  expect(status).toBe(200);
}

/** The creator accepts, agrees to self-billing in the bank step (after the form's refusals), sets up the bank and delivers. */
async function creatorAgreesAndDelivers(
  context: BrowserContext,
  link: string,
  snap: ReturnType<typeof screens>,
  server: RunningServer,
) {
  const page = await context.newPage();
  await page.goto(link);
  await acceptInBrowser(page, server);
  await see(page, 'Deal Accepted!');
  const card = page.getByTestId('self-billing');
  await card.getByRole('button', { name: 'Set up self-billing' }).click();
  const form = page.getByRole('form', { name: 'Self-billing' });
  await form.getByLabel('Company or name').fill('Sam Creates');
  await form.getByLabel('Street and number').fill('Oudegracht 10');
  await form.getByLabel('Postcode').fill('3511 AP');
  await form.getByLabel('City').fill('Utrecht');
  await form.getByLabel('Country').selectOption('NL');
  await form.getByLabel('I charge VAT (VAT id)').check();
  await form.getByRole('button', { name: 'Agree to self-billing' }).click();
  await form
    .getByText('Fill in your VAT id, or choose the small business scheme')
    .waitFor();
  await form.getByText('Tick the box to agree').waitFor();
  await form.getByLabel('VAT id', { exact: true }).fill('NL123');
  await form.getByLabel(/I agree that the invoices for my payouts/).check();
  await form.getByRole('button', { name: 'Agree to self-billing' }).click();
  await form
    .getByText('This VAT id is not in the format of the chosen country', {
      exact: false,
    })
    .waitFor();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await snap(page, 'self-billing-wrong-vat');
  await form.getByLabel('VAT id', { exact: true }).fill('NL 1234.56789.B01');
  await form.getByRole('button', { name: 'Agree to self-billing' }).click();
  await card.getByText(/^✓ Self-billing agreed on /).waitFor();
  await card.getByText('Sam Creates · VAT id NL123456789B01').waitFor();
  await snap(page, 'self-billing-agreed');

  await fillPayoutIdentity(page);
  await page.getByRole('button', { name: /Set up bank details/ }).click();
  await page.waitForURL('**/sim/onboarding/**');
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await page.waitForURL('**/accept/**');
  await page
    .getByRole('button', { name: 'Mark assignment as completed' })
    .click({ timeout: 20_000 });
  await see(page, 'Marked as delivered');
  return page;
}

/** Downloads the document page's PDF and reads its text. */
async function downloadedPdf(
  page: Page,
  button: string | Locator,
): Promise<{ name: string; text: string }> {
  const target =
    typeof button === 'string'
      ? page.getByRole('button', { name: button })
      : button;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    target.click(),
  ]);
  const pages = await pdfPages(
    new Uint8Array(readFileSync((await download.path())!)),
  );
  expect(pages).toHaveLength(1);
  return { name: download.suggestedFilename(), text: pages[0]! };
}

describe('self-billing: agreed at bank setup, the brand downloads the self-billed invoice', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand: Page;
  let creator: BrowserContext;
  const snap = screens('self-billing');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    brand = await (await phoneContext(browser, server.url)).newPage();
    creator = await phoneContext(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the creator agrees with a VAT id (refused in the wrong format); after the release the brand downloads the self-billed invoice in English and Dutch, and the creator sees it too', async () => {
    await registerAndOnboard(brand, snap, unique('acme'));
    await saveBillingDetails(brand);
    const link = await createAndPayDeal(brand, snap, '@sam.creates');
    const creatorPage = await creatorAgreesAndDelivers(
      creator,
      link,
      snap,
      server,
    );

    await brand.goto('/');
    const card = cardOf(brand, '@sam.creates');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    await card.getByRole('button', { name: 'Details' }).click();
    await approveOnCard(brand, snap, card);
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');

    await brand.goto(`/deals/${await card.getAttribute('data-deal-id')}`);
    const selfBilled = brand.getByRole('link', { name: 'Self-billed invoice' });
    await expect
      .poll(
        async () => {
          await brand.reload();
          return selfBilled.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await selfBilled.click();
    // By its reference, as the deal page links its other papers.
    await brand.waitForURL(/\/documents\/[0-9a-f]{32}$/);
    await brand.getByRole('heading', { name: 'Self-billed invoice' }).waitFor();
    expect(
      await brand.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await snap(brand, 'self-billed-en');
    const en = await downloadedPdf(brand, 'Download PDF');
    expect(en.name).toMatch(/^self-billed-invoice-SB-\d{4}-000001\.pdf$/);
    for (const words of [
      'Self-billed invoice',
      'Sam Creates',
      'NL123456789B01',
      'Acme BV',
      'VAT 21%',
      '€250.00',
    ])
      expect(en.text).toContain(words);

    await brand.getByRole('button', { name: 'Nederlands' }).click();
    await brand
      .getByRole('heading', { name: 'Factuur uitgereikt door afnemer' })
      .waitFor();
    await snap(brand, 'self-billed-nl');
    const nl = await downloadedPdf(brand, 'PDF downloaden');
    for (const words of [
      'Factuur uitgereikt door afnemer',
      'Sam Creates',
      'Btw 21%',
      '€ 250,00',
    ])
      expect(nl.text).toContain(words);
    await brand.getByRole('button', { name: 'English' }).click();

    await creatorPage.reload();
    await creatorPage
      .getByRole('link', { name: 'Self-billed invoice' })
      .click({ timeout: 20_000 });
    await creatorPage
      .getByRole('heading', { name: 'Self-billed invoice' })
      .waitFor();
    await snap(creatorPage, 'self-billed-creator');

    // The admin deal panel links to the deal's invoices: the fee invoice and the self-billed one.
    const admin = await creator.newPage();
    await admin.goto('/admin/login');
    await admin.getByLabel('Username').fill(ADMIN.username);
    await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin');
    await admin.getByRole('button', { name: /^Completed/ }).click();
    await admin.getByRole('button', { name: /@sam\.creates/ }).click();
    const selfBilledPdf = admin.getByRole('button', {
      name: /^Self-billed invoice SB-\d{4}-000001$/,
    });
    await selfBilledPdf.waitFor({ timeout: 20_000 });
    await admin
      .getByRole('button', { name: /^Invoice \d{4}-\d{6}$/ })
      .waitFor();
    await snap(admin, 'admin-deal-invoices');
    const adminPdf = await downloadedPdf(admin, selfBilledPdf);
    expect(adminPdf.text).toContain('Self-billed invoice');
  }, 300_000);
});

describe('self-billing for the account, on the profile', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a creator agrees on the profile with a VAT id (refused in the wrong format), sees the agreement and its VAT status in English and Dutch, and withdraws it, at 390 px', async () => {
    const snap = screens('self-billing-profile');
    const page = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(page, snap, unique('sbprofile'));
    await page.goto('/profile');
    const card = page.getByTestId('self-billing');
    await card
      .getByText('covers the deals you accept while signed in', {
        exact: false,
      })
      .waitFor();
    await card.getByRole('button', { name: 'Set up self-billing' }).click();
    const form = page.getByRole('form', { name: 'Self-billing' });
    await form.getByLabel('Company or name').fill('Sam Creates');
    await form.getByLabel('Street and number').fill('Oudegracht 10');
    await form.getByLabel('Postcode').fill('3511 AP');
    await form.getByLabel('City').fill('Utrecht');
    await form.getByLabel('Country').selectOption('NL');
    await form.getByLabel('I charge VAT (VAT id)').check();
    await form.getByLabel('VAT id', { exact: true }).fill('NL123');
    await form.getByLabel(/I agree that the invoices for my payouts/).check();
    await form.getByRole('button', { name: 'Agree to self-billing' }).click();
    await form
      .getByText('This VAT id is not in the format of the chosen country', {
        exact: false,
      })
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await snap(page, 'wrong-vat');
    await form.getByLabel('VAT id', { exact: true }).fill('NL123456789B01');
    await form.getByRole('button', { name: 'Agree to self-billing' }).click();
    await card.getByText(/^✓ Self-billing agreed on /).waitFor();
    await card.getByText('Sam Creates · VAT id NL123456789B01').waitFor();
    await snap(page, 'agreed-en');

    await page.getByRole('button', { name: 'Nederlands' }).click();
    await card.getByText(/^✓ Facturering door de afnemer/).waitFor();
    await card.getByText('Sam Creates · Btw-nummer NL123456789B01').waitFor();
    await card.getByText('ingelogd accepteert', { exact: false }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await snap(page, 'agreed-nl');
    await card.getByRole('button', { name: /intrekken/i }).click();
    await card
      .getByRole('button', { name: 'Facturering door de afnemer instellen' })
      .waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await card.getByRole('button', { name: 'Set up self-billing' }).waitFor();
    await snap(page, 'withdrawn');
  }, 240_000);
});
