import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAndDeliver, fundThroughApi } from './support/api-deals';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { registerAndOnboard, unique } from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { mailTo, openedPath } from './support/mail-folder';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

type Lang = 'en' | 'nl';

const texts = {
  en: {
    locale: 'en-US',
    credit: /^Credit note \d{4}-\d{6}$/,
    creditHeading: 'Credit note',
    statement: /^Statement of your payout$/,
    statementHeading: 'Payout statement',
    paidOut: 'Paid out to the creator',
    open: 'Open in the app',
  },
  nl: {
    locale: 'nl-NL',
    credit: /^Creditnota \d{4}-\d{6}$/,
    creditHeading: 'Creditnota',
    statement: /^Overzicht van je uitbetaling$/,
    statementHeading: 'Uitbetalingsoverzicht',
    paidOut: 'Uitbetaald aan de creator',
    open: 'Openen in de app',
  },
} as const;

/**
 * Documents by e-mail, followed in the browser: the brand's credit note after a refund and the link
 * creator's statement after the payout arrive in the test mail folder with their PDF and in the
 * reader's language; the mail's link opens the document's page, which shows it in that language,
 * at 390 px and axe clean.
 */
describe('document mails open their document page in the reader’s language', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand: Page;
  let brandToken = '';
  let brandEmail = '';
  let adminToken = '';
  const seen = new Set<string>();
  const snap = screens('document-mails');
  const call = <T>(...args: Parameters<ReturnType<typeof apiClient>>) =>
    apiClient(server)<T>(...args);

  /** A €250 deal the brand paid by card, with its share link. */
  async function paidDeal(
    title: string,
  ): Promise<{ id: number; link: string }> {
    const body = {
      influencer: '@mail.creator',
      title,
      description: 'One reel',
      amount: '250',
    };
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/deals',
      { ...body, deadline: inDays(10), deliverables: ['1 Instagram Post'] },
      brandToken,
    );
    return { id, link: await fundThroughApi(server, brandToken, id) };
  }

  /** The mail's link, opened on `page`, shows the document under `heading`; 390 px, axe clean. */
  async function openFromMail(
    page: Page,
    path: string,
    heading: string,
    shot: string,
  ) {
    await page.goto(path);
    await page
      .getByRole('heading', { name: heading })
      .waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, shot);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    brand = await (await phoneContext(browser, server.url)).newPage();
    brandEmail = (await registerAndOnboard(brand, snap, unique('mailbrand')))
      .email;
    brandToken = (await brand.evaluate(() =>
      localStorage.getItem('authToken'),
    ))!;
    // Billing details first: the fee invoice is issued at the payment, the credit note at the refund.
    await call(
      'PUT',
      '/api/user/billing-details',
      {
        company: 'Mail Brand BV',
        addressLines: ['Damrak 1'],
        postcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        vatId: null,
      },
      brandToken,
    );
    adminToken = (
      await call<{ token: string }>('POST', '/api/auth/admin-login', ADMIN)
    ).token;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['en', 'nl'] as const)(
    'the credit note after a refund: the brand’s mail (%s) links its page, shown in that language',
    async (lang: Lang) => {
      const text = texts[lang];
      if (lang === 'nl') {
        // The brand reads Dutch from now on: the switch keeps it on the account, which mails follow.
        await brand.goto('/profile');
        await brand.getByRole('button', { name: 'Nederlands' }).click();
        const saved = () =>
          call<{ language: string }>(
            'GET',
            '/api/user/notification-preferences',
            undefined,
            brandToken,
          );
        await expect
          .poll(async () => (await saved()).language, { timeout: 10_000 })
          .toBe('nl');
      }
      const { id } = await paidDeal(`Refunded reel ${lang}`);
      await call('POST', `/api/admin/deals/${id}/hold`, {}, adminToken);
      await call('POST', `/api/admin/deals/${id}/refund`, {}, adminToken);
      const mail = await mailTo(server, brandEmail, text.credit, seen);
      expect(mail.attachments).toEqual([
        expect.stringMatching(/^credit-note-.*\.pdf$/),
      ]);
      expect(mail.text).toContain(text.open);
      // The mail opens the credit note by its reference: no deal id in the URL.
      const path = openedPath(server, mail);
      const refs = await call<Record<string, string>>(
        'GET',
        `/api/deals/${id}/documents`,
        undefined,
        brandToken,
      );
      expect(path).toBe(`/documents/${refs['credit-note']}`);
      expect(path).toMatch(/^\/documents\/[0-9a-f]{32}$/);
      await openFromMail(
        brand,
        path,
        text.creditHeading,
        `credit-note-${lang}`,
      );
      await brand
        .getByText(mail.subject.replace(text.creditHeading, '').trim())
        .first()
        .waitFor();
    },
    120_000,
  );

  it.each(['nl', 'en'] as const)(
    'the statement after the payout: the link creator’s mail (%s) opens the link’s statement, shown in that language',
    async (lang: Lang) => {
      const text = texts[lang];
      const { id, link } = await paidDeal(`Paid-out reel ${lang}`);
      // The creator accepts in a browser in its language, confirming the address the mail goes to.
      const creator = await (
        await phoneContext(browser, server.url, text.locale)
      ).newPage();
      await creator.goto(`/accept/${link}`);
      const email = await acceptInBrowser(creator, server, { lang });
      // The acceptance answered this browser its claim secret: it may act on the link from here.
      const kept = await creator.waitForFunction(
        (t) => localStorage.getItem(`dealClaim:${t}`),
        link,
        { timeout: 20_000 },
      );
      await connectAndDeliver(server, link, (await kept.jsonValue())!);
      await call('POST', `/api/deals/${id}/release`, {}, brandToken);

      const mail = await mailTo(server, email, text.statement, seen);
      expect(mail.attachments).toEqual([`statement-S-D${id}.pdf`]);
      expect(mail.text).toContain(text.open);
      const path = openedPath(server, mail);
      expect(path).toBe(`/accept/${link}/statement`);
      await openFromMail(
        creator,
        path,
        text.statementHeading,
        `statement-${lang}`,
      );
      await creator.getByText(text.paidOut).first().waitFor();
      await creator.context().close();
    },
    120_000,
  );
});
