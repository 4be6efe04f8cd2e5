import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMilestone,
  openWholeDealSplit,
  refundMilestoneAsAdmin,
  splitMilestoneAsAdmin,
} from './support/admin-flows';
import { enAdmin } from '@/i18n/en-admin';
import { enDispute } from '@/i18n/en-dispute';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlDispute } from '@/i18n/nl-dispute';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { expectOnlyLanguage } from './support/language';
import { connectBankThroughApi, fundThroughApi } from './support/api-deals';
import { acceptThroughApi } from './support/link-codes';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

/**
 * An admin and a deal with a plan on a phone, in English and in Dutch: the panel lists the
 * milestones with their amounts, statuses, due dates and revisions; the admin splits the disputed
 * milestone and refunds another; the deal's own actions say "everything not yet released" with
 * the amount, the list "1 of 3 milestones released"; axe finds nothing serious. On another
 * such deal the admin splits everything not yet released at once: the preview shows each
 * milestone's part, and every milestone ends split.
 */

const LOCALES = [
  ['en', 'en-US'],
  ['nl', 'nl-NL'],
] as const;

const words = {
  en: {
    released: (n: number) => `${n} of 3 milestones released`,
    releaseRest: (amount: string) =>
      `Release everything not yet released (€${amount})`,
    milestone: 'Milestone 2: TikTok',
    closed: enDispute['thread.closed'],
    noInvoice: enAdmin['admin.documentsNone'],
    part: (n: number, creator: string, refund: string, fee: string) =>
      `Milestone ${n}: €${creator} to the creator, €${refund} back to the brand, €${fee} fee kept`,
  },
  nl: {
    released: (n: number) => `${n} van 3 mijlpalen vrijgegeven`,
    releaseRest: (amount: string) =>
      `Alles vrijgeven wat nog niet is vrijgegeven (€\u00a0${amount.replace('.', ',')})`,
    milestone: 'Mijlpaal 2: TikTok',
    closed: nlDispute['thread.closed'],
    noInvoice: nlAdmin['admin.documentsNone'],
    part: (n: number, creator: string, refund: string, fee: string) =>
      `Mijlpaal ${n}: €\u00a0${creator} naar de creator, €\u00a0${refund} terug naar het merk, €\u00a0${fee} platformkosten behouden`.replaceAll(
        '.',
        ',',
      ),
  },
};

/**
 * A deal of three milestones (€100 Story, €80 TikTok, €70 Post) paid, accepted and bank connected
 * through the API; milestone 2 delivered and disputed by the brand.
 */
async function planDealWithDisputedMilestone(
  server: RunningServer,
  brand: string,
  influencer: string,
): Promise<number> {
  const call = apiClient(server);
  const milestone = (title: string, amount: string, days: number) => ({
    title,
    deliverables: [`1 ${title}`],
    amount,
    dueDate: inDays(days),
  });
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer,
      title: 'Spring series',
      description: 'Three posts',
      amount: '250',
      deadline: inDays(30),
      deliverables: ['1 Instagram Story', '1 TikTok Video', '1 Instagram Post'],
      milestones: [
        milestone('Story', '100', 7),
        milestone('TikTok', '80', 14),
        milestone('Post', '70', 21),
      ],
    },
    brand,
  );
  const link = await fundThroughApi(server, brand, id);
  const claimSecret = await acceptThroughApi(server, {
    kind: 'deal',
    token: link,
  });
  await connectBankThroughApi(server, link, claimSecret);
  const claim = { 'x-claim-secret': claimSecret };
  await call(
    'POST',
    `/api/deals/deliver/${link}/milestones/2`,
    undefined,
    undefined,
    claim,
  );
  await call(
    'POST',
    `/api/deals/${id}/milestones/2/dispute`,
    { reason: 'Off brief' },
    brand,
  );
  for (const stop = Date.now() + 20_000; Date.now() < stop; ) {
    const deal = await call<{ status: string }>(
      'GET',
      `/api/deals/${id}`,
      undefined,
      brand,
    );
    if (deal.status === 'dispute') return id;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`deal ${id} did not reach dispute`);
}

describe('an admin and the milestones of a deal, on a phone, in both languages', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand = '';
  let admin = '';
  const snap = screens('admin-milestones');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const call = apiClient(server);
    const name = `msbrand${Date.now().toString(36)}`;
    brand = (
      await call<{ token: string }>('POST', '/api/auth/register', {
        username: name,
        email: `${name}@example.com`,
        password: 'secret-password',
      })
    ).token;
    await call(
      'POST',
      '/api/auth/complete-onboarding',
      { companyName: `${name} BV`, country: 'NL', phoneNumber: '' },
      brand,
    );
    admin = (
      await call<{ token: string }>('POST', '/api/auth/admin-login', ADMIN)
    ).token;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new plan deal with milestone 2 disputed, and a phone page signed in as the admin in `locale`. */
  async function disputedDealForAdmin(influencer: string, locale: string) {
    const id = await planDealWithDisputedMilestone(server, brand, influencer);
    const context = await phoneContext(browser, server.url, locale);
    await context.addInitScript(
      (token) => localStorage.setItem('adminToken', token),
      admin,
    );
    return { id, context, page: await context.newPage() };
  }

  it.each(LOCALES)(
    'in %s the admin splits the disputed milestone and refunds another',
    async (lang, locale) => {
      const influencer = `@ms.${lang}.creator`;
      const { id, context, page } = await disputedDealForAdmin(
        influencer,
        locale,
      );
      const w = words[lang];

      const disputed = await adminMilestone(page, id, 2);
      expect(await disputed.getAttribute('aria-label')).toBe(w.milestone);
      expect(await disputed.getAttribute('data-status')).toBe('dispute');
      const panel = page.getByRole('region', { name: new RegExp(`#${id}$`) });
      // Everything not yet released: all three milestones, €250.
      await panel
        .getByRole('button', { name: w.releaseRest('250.00') })
        .waitFor();
      // The brand gave no billing details: no invoice yet, said so under its heading.
      await panel
        .getByTestId('admin-deal-documents')
        .getByText(w.noInvoice)
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `${lang}-milestones`);
      if (lang === 'nl')
        await expectOnlyLanguage(page, 'nl', 'admin milestones');

      await splitMilestoneAsAdmin(page, lang, id, 2, 3_000);
      // The split ended the dispute: the conversation says so at once (not at its next poll, 15 s
      // on), and offers no reply the server would refuse.
      const thread = panel.getByTestId('dispute-thread');
      await thread.getByText(w.closed).waitFor({ timeout: 5_000 });
      expect(await thread.getByRole('textbox').count()).toBe(0);
      await refundMilestoneAsAdmin(page, lang, id, 3);
      const items = page.getByTestId('admin-milestone');
      expect(
        await items.evaluateAll((li) =>
          li.map((x) => x.getAttribute('data-status')),
        ),
      ).toEqual(['in_progress', 'split', 'refunded']);
      // What is left for the whole deal is milestone 1's €100.
      await panel
        .getByRole('button', { name: w.releaseRest('100.00') })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `${lang}-split-and-refunded`);

      const card = page.getByRole('button', {
        name: new RegExp(influencer.replaceAll('.', '\\.')),
      });
      await expect
        .poll(() => card.textContent(), { timeout: 20_000 })
        .toContain(w.released(1));
      if (lang === 'nl')
        await expectOnlyLanguage(page, 'nl', 'admin milestones after');
      await context.close();
    },
    240_000,
  );

  it.each(LOCALES)(
    'in %s the admin splits everything not yet released of a deal with a plan',
    async (lang, locale) => {
      const { id, context, page } = await disputedDealForAdmin(
        `@ms.${lang}.whole`,
        locale,
      );
      const w = words[lang];

      // €125 of the open €250: €50 / €40 / €35, each milestone's fee share kept in proportion.
      const { dialog, confirm } = await openWholeDealSplit(
        page,
        lang,
        id,
        12_500,
      );
      const parts = await dialog
        .getByTestId('split-milestone-parts')
        .getByRole('listitem')
        .allTextContents();
      expect(parts).toEqual([
        w.part(1, '50.00', '54.10', '4.10'),
        w.part(2, '40.00', '43.28', '3.28'),
        w.part(3, '35.00', '37.87', '2.87'),
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `${lang}-whole-deal-split-preview`);
      if (lang === 'nl')
        await expectOnlyLanguage(page, 'nl', 'admin whole-deal split');
      await confirm.click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      const items = page.getByTestId('admin-milestone');
      await expect
        .poll(
          () =>
            items.evaluateAll((li) =>
              li.map((x) => x.getAttribute('data-status')),
            ),
          {
            timeout: 30_000,
          },
        )
        .toEqual(['split', 'split', 'split']);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `${lang}-whole-deal-split`);
      await context.close();
    },
    240_000,
  );
});
