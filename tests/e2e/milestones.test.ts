import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedPageTexts } from '@server/i18n/simulated-pages.texts';
import { enBrand } from '@/i18n/en-brand';
import { enCore } from '@/i18n/en-core';
import { enDealPages } from '@/i18n/en-deal-pages';
import { enMilestones } from '@/i18n/en-milestones';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { nlDealPages } from '@/i18n/nl-deal-pages';
import { nlMilestones } from '@/i18n/nl-milestones';
import { seriousViolations } from './support/axe';
import { fundThroughApi } from './support/api-deals';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { fillPayoutIdentity, see, unique } from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * A deal of three milestones at 390 px, in English and in Dutch: created and paid through the API;
 * on the link page the creator reads the plan, accepts, sets up the bank account and delivers
 * milestone 1 with a link; on the deal page the brand asks for changes; the creator sees the note
 * and delivers again; the brand approves that milestone (its confirmation names amount and
 * creator); the deal list shows "1 of 3 milestones released". Every screen and dialog axe clean.
 */
const texts = {
  en: {
    ...enCore,
    ...enBrand,
    ...enDealPages,
    ...enMilestones,
    locale: 'en-US',
  },
  nl: {
    ...nlCore,
    ...nlBrand,
    ...nlDealPages,
    ...nlMilestones,
    locale: 'nl-NL',
  },
};
type Lang = keyof typeof texts;
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name]));

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const plan = [
  {
    title: 'Story teaser',
    deliverables: ['1 Instagram Story'],
    amount: '100',
    dueDate: inDays(5),
  },
  {
    title: 'TikTok video',
    deliverables: ['1 TikTok Video'],
    amount: '80',
    dueDate: inDays(10),
  },
  {
    title: 'Launch post',
    deliverables: ['1 Instagram Post'],
    amount: '70',
    dueDate: inDays(15),
  },
];

/** A brand (through the API) with a paid three-milestone deal and its link. */
async function paidPlanDeal(): Promise<{
  token: string;
  id: number;
  link: string;
}> {
  const call = apiClient(server);
  const name = unique('plan');
  const { token } = await call<{ token: string }>(
    'POST',
    '/api/auth/register',
    {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-password',
      companyName: `${name} BV`,
    },
  );
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer: '@mila.makes',
      title: 'Spring campaign',
      description: 'Three pieces of content about the spring collection',
      amount: '250',
      deadline: inDays(20),
      deliverables: ['1 Instagram Post'],
      revisionRounds: 1,
      milestones: plan,
    },
    token,
  );
  const link = await fundThroughApi(server, token, id);
  return { token, id, link };
}

const milestone = (page: Page, n: number): Locator =>
  page.locator(`[data-testid="milestone"][data-index="${n}"]`);

async function waitForStatus(
  page: Page,
  n: number,
  status: string,
): Promise<void> {
  await expect
    .poll(() => milestone(page, n).getAttribute('data-status'), {
      timeout: 20_000,
    })
    .toBe(status);
}

describe.each(['en', 'nl'] as const)(
  'a deal with three milestones (%s)',
  (lang: Lang) => {
    const tx = texts[lang];
    const snap = screens(`milestones-${lang}`);
    let brand: Page;
    let creator: Page;
    let deal = { token: '', id: 0, link: '' };

    beforeAll(async () => {
      deal = await paidPlanDeal();
      const brandContext = await phoneContext(browser, server.url, tx.locale);
      await brandContext.addInitScript(
        (token) => localStorage.setItem('authToken', token),
        deal.token,
      );
      brand = await brandContext.newPage();
      creator = await (
        await phoneContext(browser, server.url, tx.locale)
      ).newPage();
    }, 120_000);

    it('the creator reads the plan, accepts, sets up the bank account and delivers milestone 1 with a link', async () => {
      await creator.goto(`/accept/${deal.link}`);
      await see(creator, 'Story teaser');
      await see(creator, fill(tx['milestones.item'], { n: 3, total: 3 }));
      expect(await seriousViolations(creator, { targetSize: true })).toEqual(
        [],
      );
      await acceptInBrowser(creator, server, { lang });
      await see(creator, tx['accept.accepted']);
      await fillPayoutIdentity(creator, lang);
      await creator
        .getByRole('button', { name: tx['accept.bankSetup'] })
        .click();
      await creator.waitForURL('**/sim/onboarding/**');
      await creator
        .getByRole('button', { name: simulatedPageTexts[lang].complete })
        .click();
      await creator.waitForURL('**/accept/**');
      const first = milestone(creator, 1);
      await first
        .getByLabel(tx['revisions.linksLabel'])
        .fill('https://instagram.example/s/teaser');
      await snap(creator, 'deliver');
      expect(await seriousViolations(creator, { targetSize: true })).toEqual(
        [],
      );
      await first
        .getByRole('button', { name: fill(tx['milestones.deliver'], { n: 1 }) })
        .click();
      await waitForStatus(creator, 1, 'delivered');
      await waitForStatus(creator, 2, 'in_progress');
    });

    it('the brand sees the plan on the deal page and asks for changes on milestone 1', async () => {
      await brand.goto(`/deals/${deal.id}`);
      const first = milestone(brand, 1);
      await first.getByText('https://instagram.example/s/teaser').waitFor();
      await see(
        brand,
        fill(tx['milestones.summary'], { released: 0, total: 3 }),
      );
      await first
        .getByTestId('change-note')
        .fill('Please show the product in the first second.');
      await snap(brand, 'request-changes');
      expect(await seriousViolations(brand, { targetSize: true })).toEqual([]);
      await first
        .getByRole('button', { name: tx['revisions.requestSend'] })
        .click();
      await waitForStatus(brand, 1, 'changes_requested');
    });

    it('the creator sees the note and delivers milestone 1 again', async () => {
      const first = milestone(creator, 1);
      await first
        .getByText('Please show the product in the first second.')
        .waitFor({ timeout: 20_000 });
      await first
        .getByLabel(tx['revisions.noteLabel'])
        .fill('Product now in the first second.');
      await snap(creator, 'redeliver');
      await first
        .getByRole('button', {
          name: fill(tx['milestones.redeliver'], { n: 1 }),
        })
        .click();
      await waitForStatus(creator, 1, 'delivered');
    });

    it('the brand approves milestone 1 after a confirmation naming amount and creator', async () => {
      const first = milestone(brand, 1);
      await first
        .getByText('Product now in the first second.')
        .waitFor({ timeout: 20_000 });
      // The round is used: no more change requests on this milestone.
      expect(await first.getByTestId('change-note').count()).toBe(0);
      await first
        .getByRole('button', { name: tx['milestones.approve'] })
        .click();
      const dialog = brand.getByRole('dialog');
      await dialog.getByText('@mila.makes').first().waitFor();
      expect(await dialog.textContent()).toContain('Story teaser');
      expect(await seriousViolations(brand, { targetSize: true })).toEqual([]);
      await snap(brand, 'approve');
      await dialog.getByRole('button', { name: tx['confirm.ok'] }).click();
      await waitForStatus(brand, 1, 'released');
      await waitForStatus(brand, 2, 'in_progress');
    });

    it('the deal list shows one of three milestones released and the plan in the card details', async () => {
      await brand.goto('/');
      const card = brand.locator(
        `[data-testid="deal-card"][data-deal-id="${deal.id}"]`,
      );
      await card
        .getByText(fill(tx['milestones.summary'], { released: 1, total: 3 }))
        .waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: tx['card.details'] }).click();
      await card.getByTestId('milestone-plan').waitFor();
      expect(await card.locator('[data-testid="milestone"]').count()).toBe(3);
      await snap(brand, 'dashboard');
      expect(await seriousViolations(brand, { targetSize: true })).toEqual([]);
    });
  },
);
