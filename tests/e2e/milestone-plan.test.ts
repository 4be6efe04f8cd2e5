import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { enDealPages } from '@/i18n/en-deal-pages';
import { nlDealPages } from '@/i18n/nl-deal-pages';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  fillDealForm,
  fillMilestonePlan,
  formTexts,
  inDays,
  milestoneFields,
} from './support/deal-form-flows';
import { registerAndOnboard, see, unique } from './support/flows';
import { apiClient, startServer, type RunningServer } from './support/server';

/** The words of a text before its first variable (the part that does not depend on the amounts). */
const lead = (text: string): string => text.split('{')[0]!.trim();

/**
 * A brand splits a new deal into 3 milestones (1 revision round, paid-ads usage for 30 days) on a
 * 390 px phone, in English and in Dutch: the plan's own checks show beside the right milestone and
 * on the sum line, the fixed plan saves, the API answers its 3 milestones, and the plan is edited
 * while the deal waits for payment.
 */
describe.each(['en', 'nl'] as const)(
  'the milestone plan of a new deal (%s)',
  (lang) => {
    const text = formTexts(lang);
    const pages = lang === 'en' ? enDealPages : nlDealPages;
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let dealId = 0;
    const snap = screens(`plan-${lang}`);
    const dealOf = async (): Promise<DealDto> => {
      const token = await page.evaluate(() =>
        localStorage.getItem('authToken'),
      );
      return apiClient(server)<DealDto>(
        'GET',
        `/api/deals/${dealId}`,
        undefined,
        token ?? '',
      );
    };

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      page = await (await phoneContext(browser, server.url)).newPage();
      await registerAndOnboard(page, snap, unique(`planner${lang}`));
      await page.goto('/create');
      if (lang === 'nl')
        await page.getByRole('button', { name: 'Nederlands' }).click();
      await page.getByRole('heading', { name: text['create.title'] }).waitFor();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('the deal is one delivery until the brand splits it', async () => {
      await see(page, text['plan.single']!);
      expect(
        await page
          .locator('[data-testid^="milestone-"][data-testid$="1"]')
          .count(),
      ).toBe(0);
      await fillDealForm(
        page,
        { influencer: '@mila.moves', title: 'Winter drop', amount: '300' },
        lang,
      );
      await page.getByLabel(text['create.revisionRounds']!).selectOption('1');
      await page
        .getByLabel(text['create.usageRights']!)
        .selectOption('paid_ads');
      await page.getByLabel(text['create.usageDays']!).fill('30');
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);
    });

    it('a plan whose sum misses the amount, with a past due date, is refused in place', async () => {
      await fillMilestonePlan(page, lang, [
        {
          title: 'Teaser story',
          amount: '100',
          dueDate: inDays(7),
          deliverables: ['1 Instagram Story'],
        },
        {
          title: 'Main post',
          amount: '100,50',
          dueDate: inDays(14),
          deliverables: ['1 Instagram Post'],
        },
        {
          title: 'TikTok cut',
          amount: '50',
          dueDate: inDays(-1),
          deliverables: ['1 TikTok Video'],
        },
      ]);
      await page.getByRole('button', { name: text['create.submit'] }).click();
      const sum = page.getByTestId('plan-sum');
      await sum
        .getByText(lead(text['plan.error.milestones_sum_mismatch']!))
        .waitFor();
      const due = milestoneFields(page, 3).getByLabel(text['plan.dueDate']!);
      expect(await due.getAttribute('aria-invalid')).toBe('true');
      await milestoneFields(page, 3)
        .getByText(text['plan.error.milestone_due_in_past']!)
        .waitFor();
      // Only the third milestone's date is at fault.
      expect(
        await milestoneFields(page, 1)
          .getByLabel(text['plan.dueDate']!)
          .getAttribute('aria-invalid'),
      ).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/create');
      await snap(page, 'refused');
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);
    });

    it("a milestone due after the deal's deadline is refused beside it until the deadline moves", async () => {
      // The deal is due in 14 days (the form's deadline); the third milestone in 21.
      await milestoneFields(page, 3)
        .getByLabel(text['create.amount']!)
        .fill('99,50');
      const due = milestoneFields(page, 3).getByLabel(text['plan.dueDate']!);
      await due.fill(inDays(21));
      await milestoneFields(page, 3)
        .getByText(text['plan.error.milestone_due_after_deadline']!)
        .waitFor();
      expect(await due.getAttribute('aria-invalid')).toBe('true');
      expect(
        await milestoneFields(page, 2)
          .getByLabel(text['plan.dueDate']!)
          .getAttribute('aria-invalid'),
      ).toBeNull();
      await snap(page, 'after-deadline');
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);
      await page.getByLabel(text['create.deadline']!).fill(inDays(30));
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      expect(await due.getAttribute('aria-invalid')).toBeNull();
    });

    it('the fixed plan saves: the API answers its 3 milestones and the contract terms', async () => {
      await milestoneFields(page, 3)
        .getByLabel(text['create.amount']!)
        .fill('99,50');
      await milestoneFields(page, 3)
        .getByLabel(text['plan.dueDate']!)
        .fill(inDays(21));
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      await snap(page, 'fixed');
      await page.getByRole('button', { name: text['create.submit'] }).click();
      await page.waitForURL('**/payment/*');
      dealId = Number(new URL(page.url()).pathname.split('/').pop());
      const deal = await dealOf();
      expect(deal.status).toBe('pending_payment');
      expect(deal.totalAmountCents).toBe(32_460);
      expect(deal.revisionRounds).toBe(1);
      expect(deal.usageRights).toEqual({ kind: 'paid_ads', days: 30 });
      expect(
        deal.milestones?.map((m) => [
          m.title,
          m.amountCents,
          m.dueDate.slice(0, 10),
          m.deliverables,
        ]),
      ).toEqual([
        ['Teaser story', 10_000, inDays(7), ['1 Instagram Story']],
        ['Main post', 10_050, inDays(14), ['1 Instagram Post']],
        ['TikTok cut', 9_950, inDays(21), ['1 TikTok Video']],
      ]);
      // The contract the brand pays for lists the plan.
      await page.getByText(pages['payment.contract']!).click();
      const summary = page.getByTestId('plan-summary');
      for (const title of ['Teaser story', 'Main post', 'TikTok cut'])
        await summary.getByText(title).waitFor();
      await snap(page, 'payment');
      expect(await seriousViolations(page, { targetSize: true })).toEqual([]);
    });

    it('editing the unpaid deal loads the plan; a milestone removed and its amount moved saves', async () => {
      await page.goto(`/create?edit=${dealId}`);
      await page
        .getByRole('heading', { name: text['create.editTitle'] })
        .waitFor();
      expect(
        await milestoneFields(page, 3)
          .getByLabel(text['plan.title']!)
          .inputValue(),
      ).toBe('TikTok cut');
      await fillMilestonePlan(page, lang, [
        {
          title: 'Teaser story',
          amount: '100',
          dueDate: inDays(7),
          deliverables: ['1 Instagram Story'],
        },
        {
          title: 'Main post and TikTok cut',
          amount: '200',
          dueDate: inDays(21),
          deliverables: ['1 Instagram Post', '1 TikTok Video'],
        },
      ]);
      expect(await milestoneFields(page, 3).count()).toBe(0);
      await snap(page, 'edit');
      await page.getByRole('button', { name: text['create.save'] }).click();
      await page.waitForURL(`**/payment/${dealId}`);
      const deal = await dealOf();
      expect(
        deal.milestones?.map((m) => [m.title, m.amountCents, m.deliverables]),
      ).toEqual([
        ['Teaser story', 10_000, ['1 Instagram Story']],
        [
          'Main post and TikTok cut',
          20_000,
          ['1 Instagram Post', '1 TikTok Video'],
        ],
      ]);
    });

    it('removing down to one milestone makes it the plain deal again', async () => {
      await page.goto(`/create?edit=${dealId}`);
      await milestoneFields(page, 2).waitFor();
      await page
        .getByRole('button', {
          name: text['plan.remove']!.replace('{number}', '2'),
        })
        .click();
      await see(page, text['plan.single']!);
      await page.getByRole('button', { name: text['create.save'] }).click();
      await page.waitForURL(`**/payment/${dealId}`);
      await expect
        .poll(async () => (await dealOf()).milestones)
        .toBeUndefined();
    });
  },
);
