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
import { codeMailedTo } from './support/link-codes';
import { startServer, type RunningServer } from './support/server';

const texts = {
  nl: {
    email: 'Je e-mailadres',
    send: 'Code sturen',
    code: 'Code uit de e-mail',
    accept: 'Deal accepteren',
    accepted: 'Deal geaccepteerd!',
    selfBilling: 'Facturering door de afnemer instellen',
    form: 'Facturering door de afnemer',
    country: 'Land',
    noCountry: 'Kies een land',
    company: 'Bedrijf of naam',
    street: 'Straat en huisnummer',
    city: 'Plaats',
    smallBusiness: 'Kleineondernemersregeling (geen btw)',
    consent: /^Ik ga ermee akkoord/,
    agree: 'Akkoord met facturering door de afnemer',
    withdraw: 'Intrekken voor latere uitbetalingen',
    deliverable: '1 Instagram-post',
  },
  en: {
    email: 'Your e-mail address',
    send: 'Send code',
    code: 'Code from the e-mail',
    accept: 'Accept Deal',
    accepted: 'Deal Accepted!',
    selfBilling: 'Set up self-billing',
    form: 'Self-billing',
    country: 'Country',
    noCountry: 'Select a country',
    company: 'Company or name',
    street: 'Street and number',
    city: 'City',
    smallBusiness: 'Small business scheme (no VAT)',
    consent: /^I agree that the invoices/,
    agree: 'Agree to self-billing',
    withdraw: 'Withdraw for later payouts',
    deliverable: '1 Instagram Post',
  },
} as const;

/** What has focus: its tag and accessible label when it is a field, or "body" when focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    const label = (a as HTMLInputElement).labels?.[0]?.textContent;
    return label
      ? `${a.tagName.toLowerCase()} ${label}`
      : a.tagName.toLowerCase();
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

    it('accepting with the mailed code keeps focus on the page: on the code field once the code is sent, then not fallen to its body', async () => {
      await page.goto(`/accept/${link}`);
      const step = page.getByTestId('acceptance-code');
      const email = `${unique('creator')}@link.example`;
      await step.getByLabel(text.email).fill(email);
      await step.getByRole('button', { name: text.send }).click();
      const code = await codeMailedTo(server, email);
      // "Send code" gave way to the code's field: focus is there, where the code is typed next.
      await expect.poll(() => focused(page)).toBe(`input ${text.code}`);
      await page.keyboard.type(code);
      await page.getByTestId('accept-contract').check();
      await step
        .getByRole('button', { name: text.accept, exact: true })
        .click();
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
      // The button gave way to the form: focus is on its first field.
      await expect.poll(() => focused(page)).toBe(`input ${text.company}`);
      expect(await country.locator('option').first().textContent()).toBe(
        text.noCountry,
      );
      await expectOnlyLanguage(page, lang, 'self-billing form');
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, 'self-billing-form');
    });

    it('agreeing to self-billing and withdrawing it keep focus on its card, not fallen to the page', async () => {
      const card = page.getByTestId('self-billing');
      const form = page.getByRole('form', { name: text.form });
      await form.getByLabel(text.company).fill('Sam Creates');
      await form.getByLabel(text.street).fill('Oudegracht 10');
      await form.getByLabel('Postcode').fill('3511 AP');
      await form.getByLabel(text.city).fill('Utrecht');
      await form.getByLabel(text.country, { exact: true }).selectOption('NL');
      await form.getByLabel(text.smallBusiness).check();
      await form.getByLabel(text.consent).check();
      await form.getByRole('button', { name: text.agree }).click();
      const withdraw = card.getByRole('button', { name: text.withdraw });
      await withdraw.waitFor();
      const inCard = () =>
        card.evaluate((el) => el.contains(document.activeElement));
      await expect.poll(inCard).toBe(true);
      await withdraw.click();
      await card.getByRole('button', { name: text.selfBilling }).waitFor();
      await expect.poll(inCard).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
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
