import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { phoneContext, launchBrowser, screens } from './support/browser';
import {
  disputedRequestWithClaim,
  registerBrandThroughApi,
} from './support/api-deals';
import { fillPayoutIdentity, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { mailTo } from './support/mail-folder';
import { apiClient, startServer, type RunningServer } from './support/server';
import { inDays } from './support/deal-form-flows';

const texts = {
  nl: {
    locale: 'nl-NL',
    pending: 'Uitbetaling volgt zodra je bankrekening is gekoppeld.',
    connect: 'Bankrekening koppelen',
    mail: /^Uitbetaling wacht op je bankrekening$/,
    complete: 'Instellen voltooien',
    statement: 'Uitbetalingsoverzicht',
    own: 'Dit is je eigen betaalverzoek',
    brandActions:
      /^(Code sturen|Accepteren|Verzoek afwijzen|Verder op dit apparaat)$/,
  },
  en: {
    locale: 'en-US',
    pending: 'The payout follows once your bank account is connected.',
    connect: 'Connect Bank Account',
    mail: /^Payout waits for your bank account$/,
    complete: 'Complete setup',
    statement: 'Statement',
    own: 'This is your own payment request',
    brandActions: /^(Send code|Accept|Reject request|Continue on this device)$/,
  },
} as const;

/**
 * A creator with an account whose payment request the brand approves before they connected a bank
 * account, at 390 px in Dutch and then English: the approval answers 202 with what it waits for,
 * the creator is mailed, the request's card says it and leads to the bank setup, and once the
 * account is connected the payout is made and its statement shows on the card. Opening their own
 * request's link signed in, the creator sees the brand's page without the brand's buttons.
 */
describe.each(['nl', 'en'] as const)(
  "a request's payout waiting for the creator's bank account (%s)",
  (lang) => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let email = '';
    let token = '';
    let disputed = '';
    const text = texts[lang];
    const snap = screens(`payout-waiting-${lang}`);

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      const creator = await registerBrandThroughApi(
        server,
        unique('waiting'),
        {},
        text.locale,
      );
      email = creator.email;
      token = creator.token;
      const request = await disputedRequestWithClaim(
        server,
        creator.token,
        'Zomerreel',
        'De tweede story ontbreekt.',
      );
      disputed = request.token;
      // The brand approves after all; the creator has no payout account yet.
      const approved = await fetch(
        `${server.url}/api/payment-requests/approve/${request.token}`,
        {
          method: 'POST',
          headers: { 'x-claim-secret': request.claimSecret },
        },
      );
      expect(approved.status).toBe(202);
      expect(await approved.json()).toMatchObject({
        waitingFor: 'bank_account',
      });
      const context = await phoneContext(browser, server.url, text.locale);
      await context.addInitScript((value: string) => {
        localStorage.setItem('authToken', value);
      }, creator.token);
      page = await context.newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it("the creator's own request link, opened signed in, shows the brand's page without the brand's buttons", async () => {
      const pending = await apiClient(server)<{ shareableToken: string }>(
        'POST',
        '/api/payment-requests',
        {
          title: 'Najaarsreel',
          description: 'One reel',
          amount: '300',
          brandName: 'Acme',
          brandEmail: 'marketing@acme.example',
          deadline: inDays(10),
        },
        token,
      );
      // Not accepted yet (accepting is the brand's), and later held by the brand's browser.
      for (const link of [pending.shareableToken, disputed]) {
        await page.goto(`/pay-request/${link}`);
        await page.getByTestId('own-request').waitFor();
        expect(await page.getByTestId('own-request').textContent()).toContain(
          text.own,
        );
        expect(
          await page.getByRole('button', { name: text.brandActions }).count(),
        ).toBe(0);
        await expectOnlyLanguage(page, lang, 'own request link');
        expect(await seriousViolations(page)).toEqual([]);
        await snap(page, 'own-link');
      }
    });

    it('the creator is mailed and the card says what the payout waits for, with the way to the bank setup', async () => {
      const mail = await mailTo(server, email, text.mail);
      expect(mail.text).toContain('/profile');
      await page.goto('/payment-requests');
      const pending = page.getByTestId('request-payout-pending');
      await pending.waitFor();
      expect(await pending.textContent()).toContain(text.pending);
      await expectOnlyLanguage(page, lang, 'requests, payout waiting');
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, 'card');
      await pending.getByRole('link', { name: text.connect }).click();
      await page.waitForURL('**/profile');
      await page.getByRole('button', { name: text.connect }).waitFor();
    });

    it('once the bank account is connected the payout is made and its statement shows on the card', async () => {
      await fillPayoutIdentity(page, lang);
      await page.getByRole('button', { name: text.connect }).click();
      await page.waitForURL('**/sim/onboarding/**');
      await page.getByRole('button', { name: text.complete }).click();
      await page.waitForURL('**/profile**');
      await page.goto('/payment-requests');
      await page
        .getByRole('link', { name: text.statement })
        .waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('request-payout-pending').count()).toBe(0);
      await snap(page, 'paid-out');
    });
  },
);
