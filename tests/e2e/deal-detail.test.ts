import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  cardOf,
  creatorDelivers,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { createUnpaidDeal, inDays } from './support/deal-form-flows';
import { startServer, type RunningServer } from './support/server';

/** The value of a label/value row on the page. */
const row = (page: Page, label: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd')
    .textContent();
const nlDate = (page: Page, day: string) =>
  page.evaluate(
    (d) =>
      new Date(`${d}T00:00:00`).toLocaleDateString('nl-NL', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
    day,
  );

describe('deal detail page /deals/:id (Dutch, nl-NL dates)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let creator: BrowserContext;
  let dealId = 0;
  const snap = screens('detail');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    creator = await phoneContext(browser, server.url);
    await registerAndOnboard(page, snap, unique('detailer'));
    dealId = await createUnpaidDeal(page, {
      influencer: '@noor.shoots',
      title: 'Winter campagne',
      amount: '400',
    });
    // The brand switches to Dutch on the payment page; the choice holds on every later screen.
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('button', { name: /^Betaal €/ }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('pending_payment: Dutch texts, nl-NL dates, a pay-now link and no share card', async () => {
    await page.goto(`/deals/${dealId}`);
    await page.getByRole('heading', { name: 'Winter campagne' }).waitFor();
    await see(page, 'Wacht op betaling');
    expect(await row(page, 'Creator')).toBe('@noor.shoots');
    expect((await row(page, 'Bedrag'))?.replace(/\s/g, ' ')).toBe('€ 400,00');
    expect(await row(page, 'Deadline')).toBe(await nlDate(page, inDays(14)));
    expect(await row(page, 'Aangemaakt')).toMatch(/^\d{1,2} [a-z]{3}\.? \d{4}/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    const pay = page.getByRole('link', { name: 'Nu betalen' });
    expect(await pay.getAttribute('href')).toBe(`/payment/${dealId}`);
    expect(await page.getByText('Deel met influencer').count()).toBe(0);
    await snap(page, 'pending-payment');

    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL((url) => url.pathname === '/deals');
    await page.goto(`/deals/${dealId}`);
    await pay.click();
    await page.waitForURL(`**/payment/${dealId}`);
  });

  it('a checkout cancelled on the gateway says so on the payment page and pays on the retry', async () => {
    await page.getByTestId('payment-total').waitFor();
    await page.getByRole('button', { name: /^Betaal €/ }).click();
    await page.waitForURL('**/sim/checkout/**');
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await page.waitForURL(`**/payment/${dealId}?checkout=cancelled`);
    await see(page, 'Betaling afgebroken');
    await see(page, 'er is niets afgeschreven');
    await snap(page, 'checkout-cancelled');
    await page
      .getByRole('button', { name: /^Opnieuw proberen: betaal € 432,80$/ })
      .click();
    await page.waitForURL('**/sim/checkout/**');
    await page.getByRole('button', { name: 'Betalen', exact: true }).click();
    await page.waitForURL('**/payment-success/*');
    await see(page, /^(Payment Successful!|Betaling geslaagd!)$/);
  });

  it('pending_delivery: the share-with-influencer card with a copyable link, no pay-now link', async () => {
    await page.getByTestId('share-link').waitFor();
    await page.goto(`/deals/${dealId}`);
    await see(page, 'Wacht op levering');
    await see(page, 'Deel met influencer');
    const link = page.getByText(/\/accept\//);
    await link.waitFor();
    const url = (await link.textContent()) ?? '';
    await page.getByRole('button', { name: 'Kopiëren' }).click();
    await see(page, 'Gekopieerd!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await page.getByRole('link', { name: 'Nu betalen' }).count()).toBe(
      0,
    );
    await snap(page, 'pending-delivery');
  });

  it('delivered: a countdown with the clock time, approve from the page naming amount and creator, then the receipt', async () => {
    const link =
      (await page.getByTestId('detail-share-link').textContent()) ?? '';
    await creatorDelivers(creator, link, snap, server);
    await page.goto(`/deals/${dealId}`);
    const detail = page.getByTestId('deal-detail');
    await expect
      .poll(() => detail.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    // The review ends 48 hours (the default review period) after delivery: a clock time, and
    // what is left of it in Dutch units.
    expect(await page.getByTestId('deal-countdown').textContent()).toMatch(
      /^Als je niets doet, gaat het geld op \d{1,2} [a-z]{3}\.? \d{4}.* \d{2}:\d{2} naar de creator\. \(nog 1 dag, 23 uur\)$/,
    );
    await snap(page, 'delivered-countdown');
    await page.getByRole('button', { name: 'Goedkeuren' }).click();
    await see(page, 'Goedkeuren en € 400,00 vrijgeven aan @noor.shoots?');
    await snap(page, 'confirm-approve');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Bevestigen' })
      .click();
    await see(page, 'Uitbetaling gestart');
    await see(page, '€ 400,00 gaat naar @noor.shoots');
    await expect
      .poll(() => detail.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');
    expect(await page.getByTestId('deal-countdown').count()).toBe(0);
    await page.getByRole('link', { name: 'Betalingsbewijs' }).click();
    // The receipt opens by its unguessable reference, not by the deal's number.
    await page.waitForURL((url) =>
      /^\/documents\/[A-Za-z0-9_-]{20,}$/.test(url.pathname),
    );
    await see(page, 'Totaal betaald door het merk');
    await snap(page, 'receipt');
  });

  it('an unknown id shows "Deal niet gevonden"', async () => {
    await page.goto('/deals/999999');
    await see(page, 'Deal niet gevonden');
    await snap(page, 'not-found');
  });

  it('a filter with no deal says so, in Dutch and in English, and shows all again', async () => {
    await page.goto('/');
    const filters = page.getByRole('tablist', { name: 'Deals filteren' });
    // The one deal is paid out by now: nothing is active.
    await filters.getByRole('tab', { name: 'Actief' }).click();
    const empty = page.getByTestId('deals-empty');
    await empty.getByText('Geen actieve deals').waitFor();
    // Not the "no deals at all" text: the brand has a deal, just none under this filter.
    expect(await page.getByText('Nog geen deals aangemaakt').count()).toBe(0);
    await snap(page, 'filter-empty-nl');
    await page.getByRole('button', { name: 'English' }).click();
    await empty.getByText('No active deals').waitFor();
    await snap(page, 'filter-empty-en');
    await empty.getByRole('button', { name: 'Show all deals' }).click();
    await cardOf(page, '@noor.shoots').waitFor();
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('tablist', { name: 'Deals filteren' }).waitFor();
  });
});
