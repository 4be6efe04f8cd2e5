import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  launchBrowser,
  phoneContext,
  screens,
  VIEWPORT,
} from './support/browser';
import { inDays } from './support/deal-form-flows';
import { acceptThroughApi } from './support/link-codes';
import { expectOnlyLanguage } from './support/language';
import {
  ADMIN,
  apiClient,
  startServer,
  submitSimulatedPage,
  type RunningServer,
} from './support/server';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * The admin area on a 390 px phone, in English and Dutch: every tab fits the screen (no card wider
 * than the page), every control is at least 44 × 44 px, headings go down one level at a time, axe
 * finds nothing serious; the Dutch admin shows no English, no US formats and no developer text;
 * the money chart has a value axis, dates and its highest day.
 */
const LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;
const TABS = {
  en: [
    'Deals',
    'Payment requests',
    'Disputes',
    'Money',
    'Reconciliation',
    'Accounts',
  ],
  nl: [
    'Deals',
    'Betaalverzoeken',
    'Geschillen',
    'Geld',
    'Afstemming',
    'Accounts',
  ],
};
// Long names and titles: they must truncate or wrap inside their card, not widen it.
const CREATOR = '@a.creator.with.a.very.long.handle.that.never.ends';
const TITLE =
  'Spring campaign reel with three stories and a long title to push the card';

/** English the Dutch admin used to show, and developer text no admin should see. */
const NOT_DUTCH = [
  'The brand opened a dispute',
  'Split:',
  'refunded to the brand',
  'Deal created by',
  'Payment of',
  'Released',
  'DisputeOpened',
  'DealCreated',
  'PaymentSucceeded',
  'adminRelease',
  'manualComplete',
  'elapseReviewPeriod',
];
const DEVELOPER_TEXT = [
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, // an ISO instant
  /\b(DisputeOpened|FundsReleased|DealSplitRequested|adminRelease|manualComplete)\b/,
];

describe('the admin area on a phone, in both languages', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  const snap = screens('admin-phone');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const call = apiClient(server);
    const stamp = Date.now().toString(36);
    const register = async (name: string) => {
      const { token } = await call<{ token: string }>(
        'POST',
        '/api/auth/register',
        {
          username: name,
          email: `${name}@example.com`,
          password: 'secret-password',
        },
      );
      await call(
        'POST',
        '/api/auth/complete-onboarding',
        { companyName: `${name} BV`, country: 'NL', phoneNumber: '' },
        token,
      );
      return token;
    };
    const brand = await register(`phonebrand${stamp}`);
    const creator = await register(`phonecreator${stamp}`);
    admin = (
      await call<{ token: string }>('POST', '/api/auth/admin-login', ADMIN)
    ).token;

    // A deal paid, delivered, disputed and split: money released, refunded and earned in fees.
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/deals',
      {
        influencer: CREATOR,
        title: TITLE,
        description: 'One reel',
        amount: '1541',
        deadline: inDays(10),
        deliverables: ['1 Instagram Post'],
      },
      brand,
    );
    const checkout = await call<{ url: string }>(
      'POST',
      '/api/create-checkout-session',
      { dealId: id },
      brand,
    );
    expect(
      await submitSimulatedPage(
        server,
        checkout.url,
        'outcome=pay&method=card',
      ),
    ).toBe(303);
    const until = async (status: string) => {
      for (const stop = Date.now() + 20_000; Date.now() < stop; ) {
        const deal = await call<{ status: string }>(
          'GET',
          `/api/deals/${id}`,
          undefined,
          brand,
        );
        if (deal.status === status) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`deal ${id} did not reach ${status}`);
    };
    await until('pending_delivery');
    const link = (
      await call<{ token: string }>(
        'POST',
        `/api/deals/${id}/generate-token`,
        {},
        brand,
      )
    ).token;
    const claimSecret = await acceptThroughApi(server, {
      kind: 'deal',
      token: link,
    });
    const claim = { 'x-claim-secret': claimSecret };
    const onboarding = await call<{ url: string }>(
      'POST',
      `/api/deals/start-onboarding/${link}`,
      { identity: testPayoutIdentity },
      undefined,
      claim,
    );
    expect(
      await submitSimulatedPage(server, onboarding.url, 'outcome=complete'),
    ).toBe(303);
    await call('GET', `/api/deals/token/${link}`);
    await call(
      'POST',
      `/api/deals/deliver/${link}`,
      undefined,
      undefined,
      claim,
    );
    await call(
      'POST',
      `/api/deals/${id}/dispute`,
      { reason: 'Only two of three stories' },
      brand,
    );
    await call(
      'POST',
      `/api/admin/deals/${id}/split`,
      { creatorCents: 140_000 },
      admin,
      {
        'idempotency-key': `phone-split-${id}`,
      },
    );
    await until('split_resolved');
    await call(
      'POST',
      '/api/payment-requests',
      {
        title: TITLE,
        description: 'Two stories',
        amount: '320.50',
        brandName: 'A brand with a rather long company name',
        brandEmail: 'brand@example.com',
        brandHandle: '@acme',
        deadline: inDays(20),
      },
      creator,
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Cards and panels wider than the screen or than their own box (content cut off at the side). */
  const overflowing = (page: Page) =>
    page.evaluate((width) => {
      const found: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(
        'main li, main section, main button, main table, main figure, main form, main dl',
      )) {
        const box = el.getBoundingClientRect();
        // A row that scrolls sideways (the tab bar) holds items beyond the edge on purpose.
        const scrolls = (node: Element | null): boolean =>
          !!node &&
          node !== el &&
          (['auto', 'scroll'].includes(getComputedStyle(node).overflowX) ||
            scrolls(node.parentElement));
        if (box.width === 0 || scrolls(el.parentElement)) continue;
        const clipped =
          getComputedStyle(el).overflowX !== 'visible' ? 0 : el.scrollWidth;
        if (
          box.right > width + 0.5 ||
          box.left < -0.5 ||
          clipped > el.clientWidth + 1
        )
          found.push(
            `${el.tagName.toLowerCase()} ${Math.round(box.right)}px: ${el.innerText.slice(0, 40)}`,
          );
      }
      const page = document.documentElement.scrollWidth;
      if (page > width) found.push(`page ${page}px`);
      return found;
    }, VIEWPORT.width);

  /** Controls smaller than 44 × 44 px (WCAG 2.5.5), by name. */
  const smallTargets = (page: Page) =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'button, a[href], select, input:not([type=hidden]), [role=tab], [role=switch]',
        ),
      ]
        .filter(
          (el) =>
            el.getClientRects().length > 0 && !el.closest('[aria-hidden=true]'),
        )
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.innerText).slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    );

  /** Headings that skip a level on the way down (h1 then h3). */
  const headingSkips = (page: Page) =>
    page.evaluate(() => {
      let last = 0;
      const skips: string[] = [];
      for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
        const level = Number(h.tagName[1]);
        if (level > last + 1)
          skips.push(
            `h${last} → ${h.tagName.toLowerCase()} "${h.textContent}"`,
          );
        last = level;
      }
      return skips;
    });

  /** Opens a tab, and the first item of its list where it has one. */
  async function open(page: Page, name: string): Promise<void> {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.waitForFunction(
      () => !document.querySelector('.animate-spin'),
      undefined,
      {
        timeout: 20_000,
      },
    );
    const first = page
      .getByRole('tabpanel')
      .locator('ul[aria-label] > li > button')
      .first();
    if (await first.count()) {
      await first.click();
      await page.waitForLoadState('networkidle').catch(() => undefined);
    }
  }

  it.each(LOCALES)(
    'in %s every admin tab fits 390 px, has 44 px targets, valid headings and no axe violation',
    async (lang, locale) => {
      const context = await phoneContext(browser, server.url, locale);
      await context.addInitScript(
        (token) => localStorage.setItem('adminToken', token),
        admin,
      );
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByRole('tablist').waitFor();
      // Seven tabs do not fit: the bar says there is more to the side.
      await page.getByTestId('tabs-more-after').waitFor();
      const found: Record<string, string[]> = {};
      for (const name of TABS[lang]) {
        await open(page, name);
        const problems = [
          ...(await overflowing(page)),
          ...(await smallTargets(page)),
          ...(await headingSkips(page)),
          ...(await seriousViolations(page)),
        ];
        if (problems.length) found[name] = problems;
        await snap(page, `${lang}-${name.toLowerCase().replace(/\s+/g, '-')}`);
        if (lang === 'nl') {
          const text = await page.evaluate(() => document.body.innerText);
          for (const english of NOT_DUTCH)
            expect(text, `${name} shows "${english}"`).not.toContain(english);
          for (const pattern of DEVELOPER_TEXT)
            expect(text, `${name} shows developer text`).not.toMatch(pattern);
          // Dutch money (€ 2.541,00) and dates, never US ones (€2,541.00, "Nov 27", AM/PM).
          expect(text, `${name} money`).not.toMatch(/€\d{1,3}(,\d{3})+\.\d{2}/);
          expect(text, `${name} time`).not.toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
          await expectOnlyLanguage(page, 'nl', `admin ${name}`);
        }
      }
      expect(found).toEqual({});
      await context.close();
    },
    300_000,
  );

  it.each(LOCALES)(
    'in %s the money chart has a value axis, dates and values',
    async (lang, locale) => {
      const context = await phoneContext(browser, server.url, locale);
      await context.addInitScript(
        (token) => localStorage.setItem('adminToken', token),
        admin,
      );
      const page = await context.newPage();
      await page.goto('/admin?tab=money');
      const charts = page.getByTestId('money-chart');
      await charts.first().waitFor();
      // Released, refunded and fees all moved today: three charts, each with its axis and dates.
      expect(await charts.count()).toBe(3);
      const axis = await page.getByTestId('chart-axis').first().innerText();
      expect(axis).toMatch(lang === 'nl' ? /€\s?0/ : /€0/);
      expect(axis.split('\n').filter(Boolean)).toHaveLength(3);
      const dates = (
        await page.getByTestId('chart-dates').first().innerText()
      ).split('\n');
      expect(dates.filter(Boolean)).toHaveLength(3);
      const peak = await page.getByTestId('chart-peak').first().innerText();
      expect(peak).toMatch(
        lang === 'nl'
          ? /^Hoogste dag: €\s1\.\d{3},\d{2} op /
          : /^Highest day: €1,\d{3}\.\d{2} on /,
      );
      // The table lists only the days on which money moved: today.
      expect(
        await page.getByTestId('money-days').locator('tbody tr').count(),
      ).toBe(1);
      await context.close();
    },
  );
});
