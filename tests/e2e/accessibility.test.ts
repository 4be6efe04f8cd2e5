import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { ADMIN, apiClient, startServer, type RunningServer } from './support/server';

/**
 * axe-core on every screen, in English and in Dutch: no serious or critical violation (WCAG 2.1 A
 * and AA rules), and keyboard use of the dialogs (focus trapped inside, back on the opener after).
 */
const LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;

describe('accessibility of every screen in both languages', () => {
  let server: RunningServer;
  let browser: Browser;
  const ids = { brand: '', creator: '', admin: '', unpaid: 0, paid: 0, dealLink: '', requestLink: '', session: '' };

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiClient(server)<T>(method, path, body, token);

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
      await call('POST', '/api/auth/complete-onboarding', { companyName: 'Acme', country: 'NL', phoneNumber: '' }, token);
    ids.admin = (await call<{ token: string }>('POST', '/api/auth/admin-login', ADMIN)).token;
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
    const { url } = await call<{ url: string }>('POST', '/api/create-checkout-session', { dealId: ids.paid }, ids.brand);
    // With its access key: the simulated pages act only for whoever holds the URL the gateway handed out.
    ids.session = `${new URL(url, server.url).pathname}${new URL(url, server.url).search}`;
    const paid = await fetch(new URL(url, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay&method=ideal',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    ids.dealLink = (await call<{ token: string }>('POST', `/api/deals/${ids.paid}/generate-token`, {}, ids.brand)).token;
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
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Serious and critical axe violations of the current screen, as readable lines. */
  async function violations(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  }

  /** Waits until the screen has content (no loading spinner left), then runs axe. */
  async function check(page: Page, path: string, found: Record<string, string[]>, lang: string, act?: (page: Page) => Promise<void>): Promise<void> {
    await page.goto(path);
    await page.locator('main, [role="dialog"], h1').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => !document.querySelector('.animate-spin'), undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
    if (act) await act(page);
    const list = await violations(page);
    if (list.length > 0) found[`${lang} ${path}${act ? ' (dialog)' : ''}`] = list;
  }

  it.each(LOCALES)(
    'every screen in %s has no serious or critical axe violation',
    async (lang, locale) => {
      const found: Record<string, string[]> = {};
      const visitor = await (await phoneContext(browser, server.url, locale)).newPage();
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
      await brandContext.addInitScript((token) => localStorage.setItem('authToken', token), ids.brand);
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
      await check(brand, '/profile', found, lang, async (page) => {
        await page.getByRole('button', { name: lang === 'en' ? 'Edit profile' : 'Profiel bewerken' }).click();
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
      await creatorContext.addInitScript((token) => localStorage.setItem('authToken', token), ids.creator);
      const creator = await creatorContext.newPage();
      for (const path of ['/creator-request', '/payment-requests']) await check(creator, path, found, lang);

      const adminContext = await phoneContext(browser, server.url, locale);
      await adminContext.addInitScript((token) => localStorage.setItem('adminToken', token), ids.admin);
      const admin = await adminContext.newPage();
      await check(admin, '/admin', found, lang, async (page) => {
        await page.getByText('@paid.creator').first().click();
      });

      expect(found).toEqual({});
    },
    300_000,
  );

  it('dialogs keep the keyboard inside and give focus back to the button that opened them', async () => {
    const context = await phoneContext(browser, server.url);
    await context.addInitScript((token) => localStorage.setItem('authToken', token), ids.brand);
    const page = await context.newPage();
    await page.goto('/profile');
    const opener = page.getByRole('button', { name: 'Edit profile' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading').waitFor();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `Tab ${i + 1} left the dialog`).toBe(true);
    }
    // The focused element shows a visible focus indicator.
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
    });
    expect(outline).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit profile');
  });
});
