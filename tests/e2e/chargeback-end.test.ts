import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargedBackThroughApi,
  firstMilestoneDeliveredThroughApi,
  loseChargebackThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import { inDays } from './support/deal-form-flows';
import { seriousViolations } from './support/axe';
import {
  launchBrowser,
  phoneContext,
  screens,
  signedInPage,
} from './support/browser';
import { see, unique } from './support/flows';
import {
  adminMilestone,
  adminPhonePage,
  adminToken,
} from './support/admin-flows';
import { expectOnlyLanguage } from './support/language';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * A deal whose whole payment the card issuer charged back, the chargeback lost: the brand's deal
 * page at 390 px says it ended cancelled because the payment was charged back, in English and
 * Dutch, with the lost chargeback beside it and nothing left to act on. A plan whose first
 * milestone was paid out before ends completed, and its page says the rest was charged back.
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
    inPart: 'Completed in part: the rest of your payment was charged back',
    creatorInPart:
      'Completed in part: the rest of the brand’s payment was charged back',
    completed: 'Completed',
    milestones: ['Released', 'Charged back', 'Charged back'],
    chargedBackLine: [
      'Charged back to the brand’s card (chargeback lost)',
      '€270.50',
    ],
    milestoneLine: '€80.00 · charged back to the brand’s card',
  },
  nl: {
    locale: 'nl-NL',
    status: 'Geannuleerd: je betaling is teruggeboekt',
    badge: 'Geannuleerd',
    notice:
      'De bank heeft € 270,50 van deze betaling teruggegeven aan de kaarthouder (een chargeback).',
    inPart: 'Deels afgerond: de rest van je betaling is teruggeboekt',
    creatorInPart:
      'Deels afgerond: de rest van de betaling van het merk is teruggeboekt',
    completed: 'Afgerond',
    milestones: ['Vrijgegeven', 'Teruggeboekt', 'Teruggeboekt'],
    chargedBackLine: [
      'Teruggeboekt naar de kaart van het merk (chargeback verloren)',
      '€ 270,50',
    ],
    milestoneLine: '€ 80,00 · teruggeboekt naar de kaart van het merk',
  },
} as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A brand registered in `lang` with a deal `make` brings to its end, and the brand's page signed
 * in at 390 px (filled in by the describe's beforeAll).
 */
function brandsDeal(
  lang: 'en' | 'nl',
  name: string,
  make: (token: string) => Promise<number>,
): { page: Page; dealId: number } {
  const seen = { page: undefined as unknown as Page, dealId: 0 };
  beforeAll(async () => {
    const { locale } = texts[lang];
    const { token } = await registerBrandThroughApi(
      server,
      unique(`${name}${lang}`),
      {},
      locale,
    );
    seen.dealId = await make(token);
    seen.page = await signedInPage(browser, server.url, token, locale);
  }, 90_000);
  afterAll(() => seen.page?.context().close());
  return seen;
}

describe.each(['en', 'nl'] as const)('a charged-back deal in %s', (lang) => {
  const x = texts[lang];
  const seen = brandsDeal(lang, 'chargedback', async (token) => {
    const { id } = await apiClient(server)<{ id: number }>(
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
    );
    await chargedBackThroughApi(server, token, id);
    return id;
  });

  it('the brand’s deal page says it ended because the payment was charged back', async () => {
    const { page, dealId } = seen;
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

/** The creator's link of each plan charged back, and the claim secret its accepting browser keeps. */
const creatorLinks = new Map<number, { link: string; claimSecret: string }>();

/**
 * A plan of €100, €80 and €70, paid, accepted and bank connected through the API; milestone 1
 * delivered and released by the brand; then the whole payment charged back and the chargeback lost.
 */
async function planPaidInPartThenChargedBack(token: string): Promise<number> {
  const call = apiClient(server);
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer: '@noor.shoots',
      title: 'Spring series',
      description: 'Three posts',
      amount: '250',
      deadline: inDays(30),
      deliverables: ['1 Instagram Story'],
      milestones: [
        ['Story', '100', 7],
        ['TikTok', '80', 14],
        ['Post', '70', 21],
      ].map(([title, amount, days]) => ({
        title,
        amount,
        dueDate: inDays(Number(days)),
        deliverables: ['1 Instagram Story'],
      })),
    },
    token,
  );
  const { checkout, link, claimSecret } =
    await firstMilestoneDeliveredThroughApi(server, token, id);
  creatorLinks.set(id, { link, claimSecret });
  await call(
    'POST',
    `/api/deals/${id}/milestones/1/release`,
    undefined,
    token,
    {
      'idempotency-key': `release-${id}-1`,
    },
  );
  await loseChargebackThroughApi(server, token, id, checkout, 'completed');
  return id;
}

describe.each(['en', 'nl'] as const)(
  'a plan paid out in part, then charged back, in %s',
  (lang) => {
    const x = texts[lang];
    const seen = brandsDeal(lang, 'inpart', planPaidInPartThenChargedBack);

    it('the brand’s deal page says it was completed in part and the rest charged back', async () => {
      const { page, dealId } = seen;
      await page.goto(`/deals/${dealId}`);
      const status = page.getByTestId('deal-status');
      await status.waitFor();
      expect(await status.textContent()).toBe(x.inPart);
      await see(page, x.completed);
      await page.getByTestId('chargeback-notice').waitFor();
      // The milestones the chargeback took were not refunded: they read charged back.
      await page.getByTestId('milestone-status').first().waitFor();
      expect(
        await page.getByTestId('milestone-status').allTextContents(),
      ).toEqual(x.milestones);
      expect(
        await page.getByRole('button').filter({ hasText: /€/ }).count(),
      ).toBe(0);
      await expectOnlyLanguage(page, lang, `plan charged back (${lang})`);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `plan-in-part-${lang}`);
    });

    it('the creator’s link page says the same of the plan and its milestones', async () => {
      const { link, claimSecret } = creatorLinks.get(seen.dealId)!;
      const context = await phoneContext(browser, server.url, x.locale);
      try {
        await context.addInitScript(
          ([key, value]) => localStorage.setItem(key, value),
          [`dealClaim:${link}`, claimSecret] as const,
        );
        const page = await context.newPage();
        await page.goto(`/accept/${link}`);
        const status = page.getByTestId('creator-status');
        await status.waitFor();
        expect(await status.textContent()).toBe(x.creatorInPart);
        await page.getByTestId('milestone-status').first().waitFor();
        expect(
          await page.getByTestId('milestone-status').allTextContents(),
        ).toEqual(x.milestones);
        await expectOnlyLanguage(page, lang, `plan's link (${lang})`);
        expect(await seriousViolations(page)).toEqual([]);
        await snap(page, `plan-in-part-link-${lang}`);
      } finally {
        await context.close();
      }
    });

    it('the brand’s receipt says what the chargeback took and calls no milestone refunded', async () => {
      const { page, dealId } = seen;
      const { receiptRef } = await apiClient(server)<{ receiptRef: string }>(
        'GET',
        `/api/deals/${dealId}`,
        undefined,
        await page.evaluate(() => localStorage.getItem('authToken') ?? ''),
      );
      await page.goto(`/documents/${receiptRef}`);
      const rows = page.locator('article section dl > div');
      await rows.first().waitFor();
      const lines = await rows.evaluateAll((divs) =>
        divs.map((div) =>
          [...div.querySelectorAll('dt, dd')].map((cell) =>
            (cell.textContent ?? '').replace(/\u00a0/g, ' ').trim(),
          ),
        ),
      );
      expect(lines).toContainEqual(x.chargedBackLine);
      expect(lines.map(([, value]) => value)).toContain(x.milestoneLine);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      await expectOnlyLanguage(page, lang, `plan's receipt (${lang})`);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `plan-in-part-receipt-${lang}`);
    });

    it('the admin’s deal panel badges those milestones charged back', async () => {
      const page = await adminPhonePage(
        browser,
        server,
        x.locale,
        await adminToken(server),
      );
      try {
        await adminMilestone(page, seen.dealId, 3);
        const items = page.getByTestId('admin-milestone');
        expect(
          await items.evaluateAll((li) =>
            li.map(
              (x) => x.querySelector('div > span:last-child')?.textContent,
            ),
          ),
        ).toEqual(x.milestones);
        await expectOnlyLanguage(page, lang, `admin plan (${lang})`);
        expect(await seriousViolations(page)).toEqual([]);
        await snap(page, `plan-in-part-admin-${lang}`);
      } finally {
        await page.context().close();
      }
    });
  },
);
