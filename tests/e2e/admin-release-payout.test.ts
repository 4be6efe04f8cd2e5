import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enAdmin } from '@/i18n/en-admin';
import { enBrand } from '@/i18n/en-brand';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlBrand } from '@/i18n/nl-brand';
import { seriousViolations } from './support/axe';
import {
  disputedRequestWithClaim,
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

/**
 * An admin releases a disputed payment request whose creator has no payout account yet, on a
 * 390 px phone in English and Dutch: the panel says beforehand that the money then waits in escrow
 * for the creator's payout account, the server answers that the payout waits for it (no payout is
 * started), and the release is not offered again, since the payout follows by itself.
 */
describe('releasing a request to a creator without a payout account', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  const requests: Record<'en' | 'nl', number> = { en: 0, nl: 0 };
  const snap = screens('admin-release-payout');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { token } = await registerBrandThroughApi(server, unique('nobank'));
    for (const lang of ['en', 'nl'] as const)
      requests[lang] = (
        await disputedRequestWithClaim(server, token, `Reel ${lang}`, 'Late')
      ).id;
    admin = await adminToken(server);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(ADMIN_LOCALES)(
    'in %s the panel says the payout waits for the payout account, and offers no second release',
    async (lang, locale) => {
      const text: Record<string, string> =
        lang === 'en' ? { ...enBrand, ...enAdmin } : { ...nlBrand, ...nlAdmin };
      const page = await adminPhonePage(browser, server, locale, admin);
      await page.goto(`/admin?request=${requests[lang]}`);
      const panel = page.getByRole('region', {
        name: text['admin.requestId']!.replace('{id}', String(requests[lang])),
      });
      const release = panel.getByRole('button', {
        name: text['admin.release']!,
        exact: true,
      });
      await release.waitFor({ timeout: 20_000 });
      const note = panel.getByTestId('release-waits');
      expect(await note.textContent()).toBe(text['admin.releaseWaits']);
      expect(await release.getAttribute('aria-describedby')).toBe(
        await note.getAttribute('id'),
      );
      await snap(page, `${lang}-before`);
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);

      await release.click();
      await page
        .getByRole('dialog')
        .getByText(text['admin.confirmReleaseWaits']!)
        .waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text['confirm.ok']! })
        .click();
      await page
        .getByTestId('toast')
        .getByText(text['admin.releaseWaitsDone']!)
        .waitFor({ timeout: 20_000 });
      // Released: the payout follows once the creator adds an account; nothing to release again.
      await expect.poll(() => release.count(), { timeout: 20_000 }).toBe(0);
      await panel.getByTestId('payout-pending').waitFor();
      await snap(page, `${lang}-after`);
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);
      await page.context().close();
    },
  );
});
