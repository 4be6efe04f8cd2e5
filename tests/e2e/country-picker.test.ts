import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enAccount } from '@/i18n/en-account';
import { enLinkPanels } from '@/i18n/en-link-panels';
import { nlAccount } from '@/i18n/nl-account';
import { nlLinkPanels } from '@/i18n/nl-link-panels';
import { registerBrandThroughApi } from './support/api-deals';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { see, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { seriousViolations } from './support/axe';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * The country picker lists every ISO 3166-1 country by its English or Dutch name (the profile's
 * and the billing details'), at 390 px; what is chosen is saved as its code and shown as a flag
 * named in the language.
 */
let server: RunningServer;
let browser: Browser;
const snap = screens('country-picker');

const texts = {
  en: {
    locale: 'en-US',
    catalog: { ...enAccount, ...enLinkPanels },
    netherlands: 'Netherlands',
    peru: 'Peru',
    switzerland: 'Switzerland',
  },
  nl: {
    locale: 'nl-NL',
    catalog: { ...nlAccount, ...nlLinkPanels },
    netherlands: 'Nederland',
    peru: 'Peru',
    switzerland: 'Zwitserland',
  },
} as const;
type Lang = keyof typeof texts;

/** The option texts of a select, without the flag in front. */
const optionNames = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .locator('option')
    .allTextContents()
    .then((names) => names.map((n) => n.replace(/^\S+\s/u, '')));

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'nl'] as const)('country picker in %s', (lang: Lang) => {
  const t = texts[lang];
  let page: Page;
  let token = '';

  beforeAll(async () => {
    ({ token } = await registerBrandThroughApi(
      server,
      unique(`country${lang}`),
      { country: 'NL' },
      t.locale,
    ));
    const context = await phoneContext(browser, server.url, t.locale);
    await context.addInitScript((value: string) => {
      localStorage.setItem('authToken', value);
    }, token);
    page = await context.newPage();
  }, 60_000);
  afterAll(() => page?.context().close());

  it('the profile lists every country by name in the language and saves the chosen one', async () => {
    await page.goto('/profile');
    const flag = page.getByTestId('profile-country');
    await expect
      .poll(() => flag.getAttribute('aria-label'))
      .toBe(t.netherlands);
    expect(await flag.textContent()).toBe('🇳🇱');
    await page.getByRole('button', { name: t.catalog['profile.edit'] }).click();
    const dialog = page.getByRole('dialog');
    const label = t.catalog['profile.country'];
    await dialog.getByLabel(label).locator('option[value="PE"]').waitFor({
      state: 'attached',
    });
    const names = await optionNames(page, label);
    // "None" first, then the 250 countries of ISO 3166-1, sorted by their name in the language.
    expect(names).toHaveLength(251);
    const countries = names.slice(1);
    expect(countries).toEqual(
      [...countries].sort(new Intl.Collator(t.locale).compare),
    );
    for (const country of [t.netherlands, t.peru, t.switzerland])
      expect(countries).toContain(country);
    expect(await dialog.getByLabel(label).inputValue()).toBe('NL');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `profile-${lang}`);
    await dialog.getByLabel(label).selectOption({ label: `🇵🇪 ${t.peru}` });
    await dialog
      .getByRole('button', { name: t.catalog['profile.save'] })
      .click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => flag.getAttribute('aria-label')).toBe(t.peru);
    expect(await flag.textContent()).toBe('🇵🇪');
    const profile = await apiClient(server)<{ country: string }>(
      'GET',
      '/api/profile',
      undefined,
      token,
    );
    expect(profile.country).toBe('PE');
    await expectOnlyLanguage(page, lang, `country-profile-${lang}`);
  }, 60_000);

  it('the billing details take any country from the same list', async () => {
    const form = page.getByRole('form', { name: t.catalog['billing.title'] });
    const label = t.catalog['address.country'];
    await form.getByLabel(label, { exact: true }).scrollIntoViewIfNeeded();
    await form.getByLabel(t.catalog['address.company']).fill('Alpen Studio AG');
    await form.getByLabel(t.catalog['address.street']).fill('Bahnhofstrasse 1');
    await form.getByLabel(t.catalog['address.postcode']).fill('8001');
    await form.getByLabel(t.catalog['address.city']).fill('Zürich');
    await form
      .getByLabel(label, { exact: true })
      .selectOption({ label: `🇨🇭 ${t.switzerland}` });
    await noSidewaysScroll(page);
    await snap(page, `billing-${lang}`);
    await form.getByRole('button', { name: t.catalog['billing.save'] }).click();
    await expect
      .poll(
        async () =>
          (
            await apiClient(server)<{
              billingDetails: { country: string } | null;
            }>('GET', '/api/user/billing-details', undefined, token)
          ).billingDetails?.country,
      )
      .toBe('CH');
    await see(page, t.catalog['billing.title']);
  }, 60_000);
});
