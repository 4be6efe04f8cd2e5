import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import type { ReconciliationReport } from '@server/money/reconciliation/reconcile';
import { pdfPages } from '@tests/support/pdf-text';
import { enMilestones } from '@/i18n/en-milestones';
import { nlMilestones } from '@/i18n/nl-milestones';
import { splitMilestoneAsAdmin, adminLogin } from './support/admin-flows';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  fillDealForm,
  fillMilestonePlan,
  formTexts,
  inDays,
} from './support/deal-form-flows';
import {
  fillPayoutIdentity,
  payNewDeal,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { gatewayMovements } from './support/gateway-ledger';
import { acceptInBrowser } from './support/link-codes';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

/**
 * The whole life of a deal with milestones, on 390 px phones: the English brand splits a €250 deal
 * into 3 milestones on the deal form (1 revision round, paid ads for 30 days) and pays; the Dutch
 * creator reads and accepts the contract, sets up the bank account and delivers milestone 1, is
 * asked for changes, delivers again, and the brand approves it; milestone 2 is released by its
 * review period running out (the server runs with a 72-second review period, so its timer fires
 * in real time); milestone 3 is disputed by the brand (the conversation opens on both pages) and
 * split by an admin in the admin panel.
 * Then the simulated gateway made exactly three transfers and one refund, the reconciliation is
 * clean, and the brand's and the creator's contract PDFs carry the same SHA-256.
 */
const REVIEW_SECONDS = 72;
const en: Record<string, string> = { ...formTexts('en'), ...enMilestones };
const nl: Record<string, string> = { ...formTexts('nl'), ...nlMilestones };
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name]));
const plan = [
  {
    title: 'Teaser story',
    amount: '100',
    dueDate: inDays(7),
    deliverables: ['1 Instagram Story'],
  },
  {
    title: 'TikTok video',
    amount: '80',
    dueDate: inDays(14),
    deliverables: ['1 TikTok Video'],
  },
  {
    title: 'Launch post',
    amount: '70',
    dueDate: inDays(21),
    deliverables: ['1 Instagram Post'],
  },
];

const milestone = (page: Page, n: number): Locator =>
  page.locator(`[data-testid="milestone"][data-index="${n}"]`);

/** The number of the milestone holding focus (undefined: focus is elsewhere). */
const focusedMilestone = (page: Page) =>
  page.evaluate(() =>
    document.activeElement
      ?.closest('[data-testid="milestone"]')
      ?.getAttribute('data-index'),
  );

async function settles(
  page: Page,
  n: number,
  status: string,
  timeout = 20_000,
): Promise<void> {
  await expect
    .poll(() => milestone(page, n).getAttribute('data-status'), { timeout })
    .toBe(status);
}

describe('a deal of three milestones from the form to the last payout', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand: Page;
  let creator: Page;
  let admin: Page;
  let dealId = 0;
  let link = '';
  let token = '';
  const snap = screens('milestones-walk');
  const call = () => apiClient(server);
  const dealOf = () =>
    call()<DealDto>('GET', `/api/deals/${dealId}`, undefined, token);

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ REVIEW_PERIOD_HOURS: String(REVIEW_SECONDS / 3600) }),
      launchBrowser(),
    ]);
    brand = await (await phoneContext(browser, server.url)).newPage();
    creator = await (
      await phoneContext(browser, server.url, 'nl-NL')
    ).newPage();
    admin = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(brand, snap, unique('walk'));
    token =
      (await brand.evaluate(() => localStorage.getItem('authToken'))) ?? '';
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the brand splits the deal into 3 milestones with 1 revision round and paid ads for 30 days, and pays', async () => {
    await brand.goto('/create');
    await brand.getByRole('heading', { name: en['create.title']! }).waitFor();
    await fillDealForm(brand, {
      influencer: '@sam.films',
      title: 'Spring in three parts',
      amount: '250',
    });
    await brand.getByLabel(en['create.revisionRounds']!).selectOption('1');
    await brand.getByLabel(en['create.usageRights']!).selectOption('paid_ads');
    await brand.getByLabel(en['create.usageDays']!).fill('30');
    // The last milestone is due in 21 days: the deal is due on that day or later.
    await brand.getByLabel(en['create.deadline']!).fill(inDays(21));
    await fillMilestonePlan(brand, 'en', plan);
    await snap(brand, 'plan');
    ({ dealId, link } = await payNewDeal(brand));
    const deal = await dealOf();
    expect(deal.revisionRounds).toBe(1);
    expect(deal.usageRights).toEqual({ kind: 'paid_ads', days: 30 });
    expect(deal.milestones?.map((m) => m.amountCents)).toEqual([
      10_000, 8_000, 7_000,
    ]);
  });

  it('the creator reads the contract and its plan in Dutch, accepts it and sets up the bank account', async () => {
    await creator.goto(link);
    await see(
      creator,
      'Betaalde advertenties / whitelisting gedurende 30 dagen',
    );
    await milestone(creator, 3).getByText('Launch post').waitFor();
    expect(await seriousViolations(creator)).toEqual([]);
    await acceptInBrowser(creator, server, { lang: 'nl' });
    await see(creator, nl['accept.accepted']!);
    await fillPayoutIdentity(creator, 'nl');
    await creator
      .getByRole('button', { name: nl['accept.bankSetup']! })
      .click();
    await creator.waitForURL('**/sim/onboarding/**');
    await creator.getByRole('button', { name: 'Instellen voltooien' }).click();
    await creator.waitForURL('**/accept/**');
    await milestone(creator, 1)
      .getByRole('button', { name: fill(nl['milestones.deliver']!, { n: 1 }) })
      .waitFor();
  });

  it('milestone 1: delivered, changes requested, delivered again, approved by the brand', async () => {
    const mine = milestone(creator, 1);
    await mine
      .getByLabel(nl['revisions.linksLabel']!)
      .fill('https://instagram.example/s/teaser');
    await mine
      .getByRole('button', { name: fill(nl['milestones.deliver']!, { n: 1 }) })
      .click();
    await settles(creator, 1, 'delivered');
    // The delivery form went with the server's answer: focus stays on the milestone.
    await expect.poll(() => focusedMilestone(creator)).toBe('1');
    await brand.goto(`/deals/${dealId}`);
    const theirs = milestone(brand, 1);
    await theirs
      .getByTestId('change-note')
      .fill('Please show the product in the first second.');
    await theirs.getByRole('button', { name: 'Send change request' }).click();
    await settles(brand, 1, 'changes_requested');
    // The change request's form went with the server's answer: focus stays on the milestone.
    await expect.poll(() => focusedMilestone(brand)).toBe('1');
    await mine
      .getByText('Please show the product in the first second.')
      .waitFor({ timeout: 20_000 });
    await mine
      .getByLabel(nl['revisions.noteLabel']!)
      .fill('Product staat nu in de eerste seconde.');
    await mine
      .getByRole('button', {
        name: fill(nl['milestones.redeliver']!, { n: 1 }),
      })
      .click();
    await settles(creator, 1, 'delivered');
    await theirs
      .getByText('Product staat nu in de eerste seconde.')
      .waitFor({ timeout: 20_000 });
    await theirs
      .getByRole('button', { name: en['milestones.approve']! })
      .click();
    await brand
      .getByRole('dialog')
      .getByRole('button', { name: en['confirm.ok']! })
      .click();
    await settles(brand, 1, 'released');
    // Its Approve button went with the server's answer: focus stays on the milestone instead of
    // falling to the page (a keyboard or screen reader user goes on from there).
    await expect.poll(() => focusedMilestone(brand)).toBe('1');
    await snap(brand, 'milestone-1-released');
  });

  it('milestone 2: delivered and released automatically when its review period runs out', async () => {
    await milestone(creator, 2)
      .getByRole('button', { name: fill(nl['milestones.deliver']!, { n: 2 }) })
      .click();
    await settles(creator, 2, 'delivered');
    // The countdown shows when; nobody acts, and the timer releases it.
    await milestone(brand, 2)
      .getByTestId('deal-countdown')
      .waitFor({ timeout: 20_000 });
    await settles(brand, 2, 'released', (REVIEW_SECONDS + 60) * 1000);
    const deal = await dealOf();
    expect(deal.milestones?.[1]?.releaseTrigger).toBe('review_period_elapsed');
    expect(deal.milestoneSummary).toMatchObject({ released: 2, total: 3 });
  }, 180_000);

  it('milestone 3: delivered, disputed by the brand, split by an admin', async () => {
    await milestone(creator, 3)
      .getByRole('button', { name: fill(nl['milestones.deliver']!, { n: 3 }) })
      .click();
    await settles(creator, 3, 'delivered');
    await milestone(brand, 3)
      .getByRole('button', { name: en['milestones.dispute']! })
      .click();
    const dialog = brand.getByRole('dialog');
    await dialog
      .getByLabel(en['dispute.reasonLabel']!)
      .fill('The post misses the discount code.');
    expect(await seriousViolations(brand)).toEqual([]);
    await dialog.getByRole('button', { name: en['confirm.ok']! }).click();
    await settles(brand, 3, 'dispute');
    // The milestone's dispute opens the conversation on both sides' pages.
    await brand.getByTestId('dispute-thread').waitFor({ timeout: 20_000 });
    await creator.getByTestId('dispute-thread').waitFor({ timeout: 20_000 });
    expect(await seriousViolations(creator)).toEqual([]);
    await adminLogin(admin, ADMIN);
    await splitMilestoneAsAdmin(admin, 'en', dealId, 3, 3_500);
    await brand.reload();
    await settles(brand, 3, 'split');
    await expect
      .poll(async () => (await dealOf()).status, { timeout: 20_000 })
      .toBe('split_resolved');
    // The plan's split is told without an amount (each milestone shows its own), never a
    // "{refund}" left unfilled: in English to the brand, in Dutch to the creator.
    await expect
      .poll(() => brand.getByTestId('deal-status').textContent())
      .toBe(en['deal.splitResolvedPlan']);
    await creator.reload();
    await expect
      .poll(() => creator.getByTestId('creator-status').textContent())
      .toBe(nl['deal.splitResolvedPlan']);
    await snap(brand, 'split');
  });

  it('the gateway made three transfers and one refund, the reconciliation is clean, and both contract PDFs carry one SHA-256', async () => {
    // Milestone 1 and 2 in full; milestone 3's €35 to the creator and the brand's €37.87 back
    // (€70 + its €5.74 fee share, less €35 and the €2.87 fee kept on it).
    await expect
      .poll(() => gatewayMovements(server), { timeout: 20_000 })
      .toEqual({
        transfers: [10_000, 8_000, 3_500],
        refunds: [3_787],
      });
    const { token: adminToken } = await call()<{ token: string }>(
      'POST',
      '/api/auth/admin-login',
      ADMIN,
    );
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = await call()<ReconciliationReport>(
      'GET',
      `/api/admin/reconciliation?since=${since}`,
      undefined,
      adminToken,
    );
    expect(report.mismatches).toEqual([]);
    const deal = await dealOf();
    expect(deal.contract.acceptedHash).toBe(deal.contract.hash);
    const pdf = async (path: string, bearer?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
      expect(response.headers.get('content-type')).toBe('application/pdf');
      return (
        await pdfPages(new Uint8Array(await response.arrayBuffer()))
      ).join(' ');
    };
    const linkToken = link.split('/accept/')[1]!;
    const brandPdf = await pdf(
      `/api/deals/${dealId}/contract/pdf?lang=en`,
      token,
    );
    const creatorPdf = await pdf(
      `/api/deals/link/${linkToken}/contract/pdf?lang=nl`,
    );
    const hashes = (text: string) => [
      ...new Set(text.match(/\b[0-9a-f]{64}\b/g) ?? []),
    ];
    expect(hashes(brandPdf)).toEqual([deal.contract.hash]);
    expect(hashes(creatorPdf)).toEqual([deal.contract.hash]);
  });
});
