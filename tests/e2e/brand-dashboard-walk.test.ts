import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enBrand } from '@/i18n/en-brand';
import { enCore } from '@/i18n/en-core';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { seriousViolations } from './support/axe';
import {
  deliveredDealWithClaim,
  fundThroughApi,
  newDealThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import { launchBrowser, screens, signedInPage } from './support/browser';
import { cardOf, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * The brand's dashboard on a 390 px phone in English and Dutch, now that the list's items carry no
 * contract (only the deal's page does): the list, its filter chips, a card's details, the share
 * panel, approving and disputing from a card, the deal's page with its contract summary and
 * fingerprint, and the receipt link; one language on each screen and axe clean.
 */
const LOCALES = [
  ['en', 'en-US', { ...enBrand, ...enCore }],
  ['nl', 'nl-NL', { ...nlBrand, ...nlCore }],
] as const;

let server: RunningServer;
let browser: Browser;
const snap = screens('brand-dashboard-walk');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function clean(page: Page, lang: 'en' | 'nl', screen: string) {
  await snap(page, `${lang}-${screen}`);
  await expectOnlyLanguage(page, lang, screen);
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each(LOCALES)("the brand's dashboard in %s", (lang, locale, x) => {
  const who = {
    release: `@walk.release.${lang}`,
    dispute: `@walk.dispute.${lang}`,
    share: `@walk.share.${lang}`,
  };
  let token = '';
  let page: Page;
  let released = 0;

  beforeAll(async () => {
    ({ token } = await registerBrandThroughApi(
      server,
      unique(`walk${lang}`),
      {},
      locale,
    ));
    released = (await deliveredDealWithClaim(server, token, who.release)).id;
    await deliveredDealWithClaim(server, token, who.dispute);
    await fundThroughApi(
      server,
      token,
      await newDealThroughApi(server, token, who.share),
    );
    page = await signedInPage(browser, server.url, token, locale);
  }, 180_000);
  afterAll(() => page?.context().close());

  it('lists the deals, filters them and opens a card, without contract in the list', async () => {
    const list = await apiClient(server)<Record<string, unknown>[]>(
      'GET',
      '/api/deals?filter=all',
      undefined,
      token,
    );
    expect(list).toHaveLength(3);
    expect(list.every((d) => !('contract' in d))).toBe(true);

    await page.goto('/');
    await cardOf(page, who.share).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('deal-card').count()).toBe(3);
    await clean(page, lang, 'list');

    const chips = page.getByRole('tablist', { name: x['filter.label'] });
    await chips.getByRole('tab', { name: x['filter.completed'] }).click();
    await page
      .getByTestId('deals-empty')
      .getByText(x['dashboard.emptyCompleted'])
      .waitFor();
    await chips.getByRole('tab', { name: x['filter.active'] }).click();
    await cardOf(page, who.release).waitFor();
    expect(await page.getByTestId('deal-card').count()).toBe(3);
    await chips.getByRole('tab', { name: x['filter.all'] }).click();
    await cardOf(page, who.share).waitFor();

    const card = cardOf(page, who.release);
    await card.getByRole('button', { name: x['card.details'] }).click();
    await card.getByTestId('deal-details').getByText('One reel').waitFor();
    await clean(page, lang, 'details');
  });

  it('opens the share panel with the accept link', async () => {
    await cardOf(page, who.share)
      .getByRole('button', { name: x['action.share'] })
      .click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('share-link').textContent()).toContain(
      '/accept/',
    );
    await clean(page, lang, 'share');
    await dialog.getByRole('button', { name: x['share.close'] }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('approves one card and disputes another after their confirmations', async () => {
    const approve = cardOf(page, who.release);
    await approve
      .getByRole('button', { name: x['action.approve'], exact: true })
      .click();
    // The dialog's own box is empty (its panel is fixed): wait for its button.
    const confirm = page
      .getByRole('dialog')
      .getByRole('button', { name: x['confirm.ok'] });
    await confirm.waitFor();
    await clean(page, lang, 'confirm-release');
    await confirm.click();
    await expect
      .poll(() => approve.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');

    const dispute = cardOf(page, who.dispute);
    await dispute
      .getByRole('button', { name: x['action.dispute'], exact: true })
      .click();
    await confirm.click();
    await expect
      .poll(() => dispute.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('dispute');
    await clean(page, lang, 'after-commands');
  });

  it("opens the deal's page from its card: the contract summary with its fingerprint, then the receipt", async () => {
    const { contract } = await apiClient(server)<{
      contract: { hash: string };
    }>('GET', `/api/deals/${released}`, undefined, token);
    expect(contract.hash).toMatch(/^[0-9a-f]{64}$/);
    await cardOf(page, who.release)
      .getByRole('link', { name: who.release })
      .click();
    await page.waitForURL(`**/deals/${released}`);
    const hash = page.getByTestId('contract-hash');
    await hash.waitFor({ timeout: 20_000 });
    expect(await hash.textContent()).toContain(contract.hash);
    await clean(page, lang, 'deal-page');

    await page.getByRole('link', { name: x['doc.receipt'] }).first().click();
    await page.waitForURL((url) =>
      /^\/documents\/[A-Za-z0-9_-]{20,}$/.test(url.pathname),
    );
    await page.getByRole('heading').first().waitFor();
    await clean(page, lang, 'receipt');
  });
});
