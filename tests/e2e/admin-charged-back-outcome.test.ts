import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  disputedDealWithClaim,
  loseChargebackThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import {
  ADMIN_LOCALES,
  adminPhonePage,
  adminToken,
} from './support/admin-flows';
import { launchBrowser, screens } from './support/browser';
import { unique } from './support/flows';
import { startServer, type RunningServer } from './support/server';

const WORDS = {
  en: { tab: 'Disputes', outcome: 'Charged back', refunded: 'Refunded' },
  nl: { tab: 'Geschillen', outcome: 'Teruggeboekt', refunded: 'Terugbetaald' },
};

/**
 * A disputed deal that a lost chargeback ended, on the admin's Disputes tab at 390 px in English
 * and Dutch: the list, its outcome filter and the dispute page say "Charged back"
 * ("Teruggeboekt"), not refunded, and axe finds nothing serious.
 */
describe('a dispute ended by a lost chargeback', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let dealId = 0;
  const snap = screens('admin-charged-back-outcome');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { token } = await registerBrandThroughApi(server, unique('cbout'));
    const disputed = await disputedDealWithClaim(
      server,
      token,
      '@charged.back',
    );
    dealId = disputed.id;
    await loseChargebackThroughApi(server, token, dealId, disputed.checkout);
    admin = await adminToken(server);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(ADMIN_LOCALES)(
    'in %s the list, its filter and the dispute page say charged back',
    async (lang, locale) => {
      const words = WORDS[lang];
      const page = await adminPhonePage(browser, server, locale, admin);
      await page.goto('/admin');
      await page.getByRole('tab', { name: words.tab }).click();
      const list = page.getByRole('list', { name: words.tab });
      const item = list.getByRole('button', {
        name: new RegExp(`#${dealId} Reel`),
      });
      await item.waitFor({ timeout: 20_000 });
      expect(await item.textContent()).toContain(words.outcome);
      expect(await item.textContent()).not.toContain(words.refunded);
      await snap(page, `${lang}-list`);
      expect(await seriousViolations(page)).toEqual([]);

      const filter = page.getByTestId('dispute-outcome-filter');
      await filter.selectOption('charged_back');
      await item.waitFor();
      await filter.selectOption('refunded');
      await item.waitFor({ state: 'detached' });
      await filter.selectOption('charged_back');
      await item.click();
      expect(await page.getByTestId('dispute-outcome').textContent()).toBe(
        words.outcome,
      );
      await snap(page, `${lang}-dispute`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
