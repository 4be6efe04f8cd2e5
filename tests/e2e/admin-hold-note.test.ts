import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enAdmin } from '@/i18n/en-admin';
import { nlAdmin } from '@/i18n/nl-admin';
import { seriousViolations } from './support/axe';
import {
  disputedDealThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import {
  ADMIN_LOCALES,
  adminPhonePage,
  adminToken,
} from './support/admin-flows';
import { launchBrowser, screens } from './support/browser';
import { unique } from './support/flows';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

const NOTE = {
  en: 'Held by an admin for manual review',
  nl: 'Vastgehouden door een beheerder voor handmatige controle',
};
const HELD = {
  en: `Put on hold by ${ADMIN.username} for manual review.`,
  nl: `Vastgehouden door ${ADMIN.username} voor handmatige controle.`,
};

/**
 * An admin's hold for manual review, on a 390 px phone in English and Dutch: the deal's history
 * replay and its dispute page say it in the admin's language (stored as a code, not an English
 * sentence), and axe finds nothing serious.
 */
describe("an admin's hold note in the admin's language", () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let dealId = 0;
  const snap = screens('admin-hold-note');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { token } = await registerBrandThroughApi(server, unique('holder'));
    dealId = await disputedDealThroughApi(server, token, '@held.note');
    const call = apiClient(server);
    admin = await adminToken(server);
    await call('POST', `/api/admin/deals/${dealId}/hold`, undefined, admin, {
      'idempotency-key': `hold-${dealId}`,
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(ADMIN_LOCALES)(
    'in %s the history replay and the dispute page word the hold',
    async (lang, locale) => {
      const text: Record<string, string> = lang === 'en' ? enAdmin : nlAdmin;
      const page = await adminPhonePage(browser, server, locale, admin);
      await page.goto(`/admin?deal=${dealId}`);
      const history = page.getByTestId('event-history');
      await history.getByText(HELD[lang]).waitFor({ timeout: 20_000 });
      await snap(page, `${lang}-history`);
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('tab', { name: text['admin.tab.disputes']! })
        .click();
      await page
        .getByRole('list', { name: text['admin.tab.disputes']! })
        .getByRole('button', { name: new RegExp(`#${dealId} Reel`) })
        .click();
      const holds = page.getByTestId('dispute-holds');
      await holds.getByText(NOTE[lang], { exact: false }).waitFor();
      // Said once: not led by the admin source's label ("Held by an admin — Held by an admin …").
      const line = (await holds.textContent()) ?? '';
      expect(line).not.toContain(`${text['admin.holdSource.admin']} — `);
      expect(line.split(text['admin.holdSource.admin']!)).toHaveLength(2);
      if (lang === 'nl') expect(line).not.toContain(NOTE.en);
      await page
        .getByTestId('dispute-decisions')
        .getByText(HELD[lang], { exact: false })
        .waitFor();
      await snap(page, `${lang}-dispute`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
