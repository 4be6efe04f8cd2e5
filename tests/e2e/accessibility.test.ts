import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { acceptThroughApi } from './support/link-codes';
import {
  ADMIN,
  apiClient,
  startServer,
  submitSimulatedPage,
  type RunningServer,
} from './support/server';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * axe-core on every screen, in English and in Dutch: no serious or critical violation (WCAG 2.1 A
 * and AA rules, and 2.2's target size), and keyboard use of the dialogs (focus trapped inside, back on the opener after).
 */
/** The deal states a brand and a creator see, in lifecycle order. */
const DEAL_STATES = [
  'pending_payment',
  'funds_held',
  'accepted',
  'delivered',
  'dispute',
  'completed',
  'cancelled',
  'on_hold',
  'split_resolved',
] as const;
type DealState = (typeof DEAL_STATES)[number];

const LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;

describe('accessibility of every screen in both languages', () => {
  let server: RunningServer;
  let browser: Browser;
  const ids = {
    brand: '',
    creator: '',
    admin: '',
    unpaid: 0,
    paid: 0,
    dealLink: '',
    requestLink: '',
    session: '',
    statesBrand: '',
  };
  /** One deal in each state, built through the API: its id and creator link. */
  const states: Record<DealState, { id: number; link: string }> = {} as never;

  const call = <T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ) => apiClient(server)<T>(method, path, body, token, headers);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const stamp = Date.now().toString(36);
    const register = async (name: string) =>
      (
        await call<{ token: string }>('POST', '/api/auth/register', {
          username: name,
          email: `${name}@example.com`,
          password: 'secret-password',
          companyName: `${name} BV`,
        })
      ).token;
    ids.brand = await register(`a11ybrand${stamp}`);
    ids.creator = await register(`a11ycreator${stamp}`);
    for (const token of [ids.brand, ids.creator])
      await call(
        'POST',
        '/api/auth/complete-onboarding',
        { companyName: 'Acme', country: 'NL', phoneNumber: '' },
        token,
      );
    ids.admin = (
      await call<{ token: string }>('POST', '/api/auth/admin-login', ADMIN)
    ).token;
    const deal = (influencer: string) =>
      call<{ id: number }>(
        'POST',
        '/api/deals',
        {
          influencer,
          title: 'Spring reel',
          description: '- One reel\n- Two stories',
          amount: '250',
          deadline: inDays(10),
          deliverables: ['1 Instagram Post'],
          platforms: ['Instagram', 'TikTok'],
        },
        ids.brand,
      );
    ids.unpaid = (await deal('@unpaid.creator')).id;
    ids.paid = (await deal('@paid.creator')).id;
    const { url } = await call<{ url: string }>(
      'POST',
      '/api/create-checkout-session',
      { dealId: ids.paid },
      ids.brand,
    );
    // With its access key: the simulated pages act only for whoever holds the URL the gateway handed out.
    ids.session = `${new URL(url, server.url).pathname}${new URL(url, server.url).search}`;
    expect(
      await submitSimulatedPage(server, url, 'outcome=pay&method=ideal'),
    ).toBe(303);
    ids.dealLink = (
      await call<{ token: string }>(
        'POST',
        `/api/deals/${ids.paid}/generate-token`,
        {},
        ids.brand,
      )
    ).token;
    ids.requestLink = (
      await call<{ shareableToken: string }>(
        'POST',
        '/api/payment-requests',
        {
          title: 'Summer stories',
          description: 'Two stories',
          amount: '200',
          brandName: 'Acme',
          brandEmail: 'brand@example.com',
          brandHandle: '@acme',
          deadline: inDays(20),
        },
        ids.creator,
      )
    ).shareableToken;
    ids.statesBrand = await register(`a11ystates${stamp}`);
    await call(
      'POST',
      '/api/auth/complete-onboarding',
      { companyName: 'States', country: 'NL', phoneNumber: '' },
      ids.statesBrand,
    );
    await buildDealStates();
  });

  /** Pays a deal on the simulated checkout page, as the brand's browser would. */
  async function pay(dealId: number, token: string): Promise<void> {
    const { url } = await call<{ url: string }>(
      'POST',
      '/api/create-checkout-session',
      { dealId },
      token,
    );
    expect(
      await submitSimulatedPage(server, url, 'outcome=pay&method=card'),
    ).toBe(303);
  }

  /** Waits until the deal's answer shows the state (money moves through the reactors). */
  async function until(
    dealId: number,
    done: (deal: { status: string; onHold: boolean }) => boolean,
  ): Promise<void> {
    for (
      const stop = Date.now() + 20_000;
      Date.now() < stop;
      await new Promise((r) => setTimeout(r, 200))
    ) {
      if (
        done(
          await call<{ status: string; onHold: boolean }>(
            'GET',
            `/api/deals/${dealId}`,
            undefined,
            ids.statesBrand,
          ),
        )
      )
        return;
    }
    throw new Error(`deal ${dealId} did not reach its state within 20 s`);
  }

  /** Every deal state the dashboard, the deal page and the link page can show, through the API (no clicking). */
  async function buildDealStates(): Promise<void> {
    const brand = ids.statesBrand;
    const admin = (path: string) => call('POST', path, {}, ids.admin);
    const step = async (state: DealState, from?: DealState) => {
      const { id } = await call<{ id: number }>(
        'POST',
        '/api/deals',
        {
          influencer: `@${state}.creator`,
          title: `Deal ${state}`,
          description: 'One reel',
          amount: '120',
          deadline: inDays(10),
          deliverables: ['1 Instagram Post'],
        },
        brand,
      );
      const link = (
        await call<{ token: string }>(
          'POST',
          `/api/deals/${id}/generate-token`,
          {},
          brand,
        )
      ).token;
      states[state] = { id, link };
      const reached = (s: DealState) =>
        DEAL_STATES.indexOf(s) <= DEAL_STATES.indexOf(from ?? state);
      if (state === 'pending_payment') return { id, link, claim: {} };
      await pay(id, brand);
      await until(id, (d) => d.status === 'pending_delivery');
      if (!reached('accepted')) return { id, link, claim: {} };
      const claimSecret = await acceptThroughApi(server, {
        kind: 'deal',
        token: link,
      });
      const claim = { 'x-claim-secret': claimSecret };
      if (!reached('delivered')) return { id, link, claim };
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
      return { id, link, claim };
    };
    await step('pending_payment');
    await step('funds_held');
    await step('accepted');
    await step('delivered');
    const disputed = await step('dispute', 'delivered');
    await call(
      'POST',
      `/api/deals/${disputed.id}/dispute`,
      { reason: 'Not what we asked' },
      brand,
    );
    const completed = await step('completed', 'delivered');
    await call('POST', `/api/deals/${completed.id}/release`, {}, brand);
    await until(completed.id, (d) => d.status === 'completed');
    const cancelled = await step('cancelled', 'funds_held');
    await admin(`/api/admin/deals/${cancelled.id}/hold`);
    await admin(`/api/admin/deals/${cancelled.id}/refund`);
    await until(cancelled.id, (d) => d.status === 'cancelled');
    const held = await step('on_hold', 'delivered');
    await admin(`/api/admin/deals/${held.id}/hold`);
    await until(held.id, (d) => d.onHold);
    const split = await step('split_resolved', 'delivered');
    await call(
      'POST',
      `/api/deals/${split.id}/dispute`,
      { reason: 'Half of it' },
      brand,
    );
    await call(
      'POST',
      `/api/admin/deals/${split.id}/split`,
      { creatorCents: 6_000 },
      ids.admin,
      {
        'idempotency-key': `a11y-split-${split.id}`,
      },
    );
    await until(split.id, (d) => d.status === 'split_resolved');
  }

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // With WCAG 2.2's target-size rule on: no control too small to hit.
  const violations = (page: Page) =>
    seriousViolations(page, { targetSize: true });

  /** Waits until the screen has content (no loading spinner left), then runs axe. */
  async function check(
    page: Page,
    path: string,
    found: Record<string, string[]>,
    lang: string,
    act?: (page: Page) => Promise<void>,
  ): Promise<void> {
    await page.goto(path);
    await page
      .locator('main, [role="dialog"], h1')
      .first()
      .waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => !document.querySelector('.animate-spin'),
      undefined,
      {
        timeout: 20_000,
      },
    );
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(
      lang,
    );
    if (act) await act(page);
    const list = await violations(page);
    if (list.length > 0)
      found[`${lang} ${path}${act ? ' (dialog)' : ''}`] = list;
  }

  it.each(LOCALES)(
    'every screen in %s has no serious or critical axe violation',
    async (lang, locale) => {
      const found: Record<string, string[]> = {};
      const visitor = await (
        await phoneContext(browser, server.url, locale)
      ).newPage();
      for (const path of [
        '/login',
        '/register',
        `/accept/${ids.dealLink}`,
        `/pay-request/${ids.requestLink}`,
        `/pay-request-success/${ids.requestLink}`,
        `/payment-success/${ids.paid}`,
        '/admin/login',
        '/no-such-page',
        ids.session,
      ]) {
        if (path === ids.session) {
          // The simulated gateway's page is server-rendered in the browser's language.
          await visitor.goto(path);
          const list = await violations(visitor);
          if (list.length > 0) found[`${lang} ${path}`] = list;
          continue;
        }
        await check(visitor, path, found, lang);
      }

      const brandContext = await phoneContext(browser, server.url, locale);
      await brandContext.addInitScript(
        (token) => localStorage.setItem('authToken', token),
        ids.brand,
      );
      const brand = await brandContext.newPage();
      for (const path of [
        '/',
        '/create',
        `/payment/${ids.unpaid}`,
        `/payment-success/${ids.paid}`,
        `/deals/${ids.paid}`,
        '/profile',
        '/onboarding',
        '/dashboard',
        '/notifications-test',
      ]) {
        await check(brand, path, found, lang);
      }
      // A toast on screen (the empty form's required-fields toast): the live region keeps the
      // page's structure valid.
      await check(brand, '/create', found, lang, async (page) => {
        await page
          .getByRole('button', {
            name: lang === 'en' ? 'Continue to payment' : 'Door naar betalen',
          })
          .click();
        await page.getByTestId('toast').waitFor();
      });
      await check(brand, '/profile', found, lang, async (page) => {
        await page
          .getByRole('button', {
            name: lang === 'en' ? 'Edit profile' : 'Profiel bewerken',
          })
          .click();
        await page.getByRole('dialog').getByRole('heading').waitFor();
      });
      await check(brand, '/', found, lang, async (page) => {
        await page
          .getByTestId('deal-card')
          .first()
          .getByRole('button', { name: lang === 'en' ? 'Details' : 'Details' })
          .click();
      });

      const creatorContext = await phoneContext(browser, server.url, locale);
      await creatorContext.addInitScript(
        (token) => localStorage.setItem('authToken', token),
        ids.creator,
      );
      const creator = await creatorContext.newPage();
      for (const path of ['/creator-request', '/payment-requests'])
        await check(creator, path, found, lang);

      const adminContext = await phoneContext(browser, server.url, locale);
      await adminContext.addInitScript(
        (token) => localStorage.setItem('adminToken', token),
        ids.admin,
      );
      const admin = await adminContext.newPage();
      await check(admin, '/admin', found, lang, async (page) => {
        await page.getByText('@paid.creator').first().click();
      });

      expect(found).toEqual({});
    },
    300_000,
  );

  it.each(LOCALES)(
    'the dashboard, the deal page and the link page in every deal state in %s have no serious or critical axe violation',
    async (lang, locale) => {
      const found: Record<string, string[]> = {};
      const brandContext = await phoneContext(browser, server.url, locale);
      await brandContext.addInitScript(
        (token) => localStorage.setItem('authToken', token),
        ids.statesBrand,
      );
      const brand = await brandContext.newPage();
      // Every state's card on one dashboard, its details open (the Approve and Release buttons of delivered and disputed deals).
      await check(brand, '/', found, lang, async (page) => {
        await page
          .getByTestId('deal-card')
          .nth(DEAL_STATES.length - 1)
          .waitFor();
        for (const card of await page.getByTestId('deal-card').all())
          await card.getByRole('button', { name: 'Details' }).click();
      });
      for (const state of DEAL_STATES)
        await check(brand, `/deals/${states[state].id}`, found, lang);
      const creator = await (
        await phoneContext(browser, server.url, locale)
      ).newPage();
      for (const state of DEAL_STATES)
        await check(creator, `/accept/${states[state].link}`, found, lang);
      // The admin's side: a resolved split, and the split dialog with its preview on the disputed deal.
      const adminContext = await phoneContext(browser, server.url, locale);
      await adminContext.addInitScript(
        (token) => localStorage.setItem('adminToken', token),
        ids.admin,
      );
      const admin = await adminContext.newPage();
      await check(admin, '/admin', found, lang, async (page) => {
        await page.getByText('@split_resolved.creator').first().click();
        await page.getByTestId('split-status').waitFor();
      });
      await check(admin, '/admin', found, lang, async (page) => {
        await page.getByText('@dispute.creator').first().click();
        await page
          .getByRole('button', {
            name:
              lang === 'en' ? 'Resolve with split' : 'Oplossen met verdeling',
          })
          .click();
        await page.getByRole('dialog').getByRole('textbox').fill('50');
        await page
          .getByTestId('split-preview')
          .locator('dl')
          .waitFor({ timeout: 20_000 });
      });
      await brandContext.close();
      await creator.context().close();
      await adminContext.close();
      expect(found).toEqual({});
    },
    300_000,
  );

  it('dialogs keep the keyboard inside and give focus back to the button that opened them', async () => {
    const context = await phoneContext(browser, server.url);
    await context.addInitScript(
      (token) => localStorage.setItem('authToken', token),
      ids.brand,
    );
    const page = await context.newPage();
    await page.goto('/profile');
    const opener = page.getByRole('button', { name: 'Edit profile' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading').waitFor();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => !!document.activeElement?.closest('[role="dialog"]'),
        ),
        `Tab ${i + 1} left the dialog`,
      ).toBe(true);
    }
    // The focused element shows a visible focus indicator.
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
    });
    expect(outline).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Edit profile',
    );
  });
});
