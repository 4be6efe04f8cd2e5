import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargedBackThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import { inDays } from './support/deal-form-flows';
import { seriousViolations } from './support/axe';
import { launchBrowser, screens, signedInPage } from './support/browser';
import { see, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * A deal whose whole payment the card issuer charged back, the chargeback lost: the brand's deal
 * page at 390 px says it ended cancelled because the payment was charged back, in English and
 * Dutch, with the lost chargeback beside it and nothing left to act on.
 */
let server: RunningServer;
let browser: Browser;
const snap = screens('chargeback-end');

const texts = {
  en: {
    locale: 'en-US',
    status: 'Cancelled: your payment was charged back',
    badge: 'Cancelled',
    notice:
      'The bank returned €270.50 of this payment to the cardholder (a chargeback).',
  },
  nl: {
    locale: 'nl-NL',
    status: 'Geannuleerd: je betaling is teruggeboekt',
    badge: 'Geannuleerd',
    notice:
      'De bank heeft € 270,50 van deze betaling teruggegeven aan de kaarthouder (een chargeback).',
  },
} as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'nl'] as const)('a charged-back deal in %s', (lang) => {
  const x = texts[lang];
  let page: Page;
  let dealId = 0;

  beforeAll(async () => {
    const { token } = await registerBrandThroughApi(
      server,
      unique(`chargedback${lang}`),
      {},
      x.locale,
    );
    ({ id: dealId } = await apiClient(server)<{ id: number }>(
      'POST',
      '/api/deals',
      {
        influencer: '@noor.shoots',
        title: 'Reel',
        description: 'One reel',
        amount: '250',
        deadline: inDays(10),
        deliverables: ['1 Instagram Post'],
      },
      token,
    ));
    await chargedBackThroughApi(server, token, dealId);
    page = await signedInPage(browser, server.url, token, x.locale);
  }, 60_000);
  afterAll(() => page?.context().close());

  it('the brand’s deal page says it ended because the payment was charged back', async () => {
    await page.goto(`/deals/${dealId}`);
    const status = page.getByTestId('deal-status');
    await status.waitFor();
    expect(await status.textContent()).toBe(x.status);
    await see(page, x.badge);
    expect(
      (await page.getByTestId('chargeback-notice').textContent())?.replace(
        /\s/g,
        ' ',
      ),
    ).toBe(x.notice.replace(/\s/g, ' '));
    // Nothing is left to release or dispute.
    expect(
      await page.getByRole('button').filter({ hasText: /€/ }).count(),
    ).toBe(0);
    await expectOnlyLanguage(page, lang, `charged-back deal (${lang})`);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `deal-${lang}`);
  });
});
