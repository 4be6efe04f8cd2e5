import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  fundThroughApi,
  newDealThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import { unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { acceptInBrowser } from './support/link-codes';
import { startServer, type RunningServer } from './support/server';

const texts = {
  nl: {
    accepted: 'Deal geaccepteerd!',
    selfBilling: 'Facturering door de afnemer instellen',
    form: 'Facturering door de afnemer',
    country: 'Land',
    noCountry: 'Kies een land',
    deliverable: '1 Instagram-post',
  },
  en: {
    accepted: 'Deal Accepted!',
    selfBilling: 'Set up self-billing',
    form: 'Self-billing',
    country: 'Country',
    noCountry: 'Select a country',
    deliverable: '1 Instagram Post',
  },
} as const;

/** What has focus: a tag and its test id or text, or "body" when focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return !a || a === document.body ? 'body' : a.tagName.toLowerCase();
  });

/**
 * A creator with only a deal link, on a phone at 390 px, in Dutch first and then in English: accepts
 * with the code mailed to the address, keeps the place on the page, sets up self-billing with its
 * country list in the page's language, and reads the contract with the deliverables in that language.
 */
describe.each(['nl', 'en'] as const)(
  "the creator's deal link in %s",
  (lang) => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let link = '';
    const text = texts[lang];
    const snap = screens(`creator-link-${lang}`);

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      const { token } = await registerBrandThroughApi(
        server,
        unique('linkbrand'),
      );
      const id = await newDealThroughApi(server, token, '@sanne');
      link = await fundThroughApi(server, token, id);
      page = await (
        await phoneContext(
          browser,
          server.url,
          lang === 'nl' ? 'nl-NL' : 'en-US',
        )
      ).newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('accepting with the mailed code keeps focus on the page, not fallen to its body', async () => {
      await page.goto(`/accept/${link}`);
      await page.getByTestId('acceptance-code').waitFor();
      await acceptInBrowser(page, server, { lang });
      await page.getByRole('heading', { name: text.accepted }).waitFor();
      await page.getByTestId('email-confirmed').waitFor();
      // The acceptance's card is gone with its button: focus stays where the creator was.
      await expect.poll(() => focused(page)).not.toBe('body');
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, 'accepted');
    });

    it("self-billing's country list starts with a prompt in the page's language, not a text key", async () => {
      await page.getByRole('button', { name: text.selfBilling }).click();
      const form = page.getByRole('form', { name: text.form });
      const country = form.getByLabel(text.country, { exact: true });
      await country.waitFor();
      expect(await country.locator('option').first().textContent()).toBe(
        text.noCountry,
      );
      await expectOnlyLanguage(page, lang, 'self-billing form');
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, 'self-billing-form');
    });

    it("the contract names the deliverables in the reader's language", async () => {
      await page.goto(`/accept/${link}/contract`);
      const row = page
        .locator('article.document-sheet')
        .getByText(text.deliverable, {
          exact: true,
        });
      await row.waitFor();
      await expectOnlyLanguage(page, lang, 'contract');
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, 'contract');
    });
  },
);
