import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import {
  documentDate,
  documentMoney,
} from '@machines/documents/document-layout';
import { seriousViolations } from './support/axe';
import {
  connectBankThroughApi,
  fundThroughApi,
  registerBrandThroughApi,
} from './support/api-deals';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { cardOf, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { acceptThroughApi } from './support/link-codes';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

/**
 * The receipt and the statement of a deal with four milestones, as the brand and the creator open
 * them on a 390 px phone in English and Dutch: the brand from its deal card's Receipt link
 * (`/documents/<ref>`), the creator from the link page's Statement link. Milestone 1 was approved
 * (paid out on its date), 2 disputed and split by an admin, 3 refunded by an admin, 4 is still
 * open; each line shows the milestone's number, title, amount and where it stands.
 */
let server: RunningServer;
let browser: Browser;
const snap = screens('milestone-documents');

const plan = [
  ['Story', '100', 7],
  ['TikTok', '80', 14],
  ['Post', '70', 21],
  ['Reel', '50', 28],
] as const;

const words = {
  en: {
    locale: 'en-US',
    heading: { receipt: 'Receipt', statement: 'Payout statement' },
    section: 'Milestones',
    receiptLink: 'Receipt',
    statementLink: 'Statement',
    released: 'paid out',
    split: 'split by an admin',
    refunded: 'refunded to the brand',
    open: 'not paid out yet',
  },
  nl: {
    locale: 'nl-NL',
    heading: { receipt: 'Betalingsbewijs', statement: 'Uitbetalingsoverzicht' },
    section: 'Mijlpalen',
    receiptLink: 'Betalingsbewijs',
    statementLink: 'Uitbetalingsoverzicht',
    released: 'uitbetaald op',
    split: 'verdeeld door een beheerder',
    refunded: 'terugbetaald aan het merk',
    open: 'nog niet uitbetaald',
  },
} as const;
type Lang = keyof typeof words;

interface PlanDeal {
  brandToken: string;
  id: number;
  link: string;
  claimSecret: string;
  releasedAt: string;
}

/** Waits (up to 20 s) until the brand's deal's milestones stand as `statuses`. */
async function milestonesStand(
  brandToken: string,
  id: number,
  statuses: string[],
): Promise<void> {
  const call = apiClient(server);
  let seen: string[] = [];
  for (const stop = Date.now() + 20_000; Date.now() < stop; ) {
    const deal = await call<{ milestones: { status: string }[] }>(
      'GET',
      `/api/deals/${id}`,
      undefined,
      brandToken,
    );
    seen = deal.milestones.map((m) => m.status);
    if (seen.join() === statuses.join()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `deal ${id}: milestones ${seen.join()}, not ${statuses.join()}`,
  );
}

/** An admin's money action on one milestone, through the API. */
async function adminOnMilestone(
  id: number,
  n: number,
  action: 'refund' | 'split',
  body?: unknown,
): Promise<void> {
  const call = apiClient(server);
  const { token } = await call<{ token: string }>(
    'POST',
    '/api/auth/admin-login',
    ADMIN,
  );
  await call(
    'POST',
    `/api/admin/deals/${id}/milestones/${n}/${action}`,
    body,
    token,
    { 'idempotency-key': `${action}-${id}-${n}` },
  );
}

/**
 * A brand's paid deal of four milestones, accepted by a creator with only the link (bank set up):
 * 1 approved, 2 disputed and split €40 to the creator, 3 refunded, 4 open.
 */
async function planDeal(): Promise<PlanDeal> {
  const call = apiClient(server);
  const { token: brandToken } = await registerBrandThroughApi(
    server,
    unique('msdocs'),
  );
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer: '@mila.paper',
      title: 'Autumn series',
      description: 'Four pieces',
      amount: '300',
      deadline: inDays(30),
      deliverables: ['1 Instagram Story'],
      milestones: plan.map(([title, amount, days]) => ({
        title,
        amount,
        dueDate: inDays(days),
        deliverables: ['1 Instagram Story'],
      })),
    },
    brandToken,
  );
  const link = await fundThroughApi(server, brandToken, id);
  const claimSecret = await acceptThroughApi(server, {
    kind: 'deal',
    token: link,
  });
  await connectBankThroughApi(server, link, claimSecret);
  const claim = { 'x-claim-secret': claimSecret };
  for (const n of [1, 2])
    await call(
      'POST',
      `/api/deals/deliver/${link}/milestones/${n}`,
      undefined,
      undefined,
      claim,
    );
  await call(
    'POST',
    `/api/deals/${id}/milestones/1/release`,
    undefined,
    brandToken,
    { 'idempotency-key': `release-${id}-1` },
  );
  await call(
    'POST',
    `/api/deals/${id}/milestones/2/dispute`,
    { reason: 'Off brief' },
    brandToken,
  );
  await milestonesStand(brandToken, id, [
    'released',
    'dispute',
    'in_progress',
    'in_progress',
  ]);
  await adminOnMilestone(id, 3, 'refund');
  await adminOnMilestone(id, 2, 'split', { creatorCents: 4_000 });
  const receipt = await call<MoneyDocumentDto>(
    'GET',
    `/api/deals/${id}/receipt`,
    undefined,
    brandToken,
  );
  return {
    brandToken,
    id,
    link,
    claimSecret,
    releasedAt: receipt.milestones?.[0]?.releasedAt ?? '',
  };
}

/** The lines of the document's Milestones section: [label, value] each. */
async function milestoneLines(page: Page, lang: Lang): Promise<string[][]> {
  const section = page.locator('article section').filter({
    has: page.getByRole('heading', { name: words[lang].section }),
  });
  await section.waitFor();
  return section
    .locator('dl > div')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('dt, dd')].map((cell) =>
          (cell.textContent ?? '').replace(/\u00a0/g, ' ').trim(),
        ),
      ),
    );
}

/**
 * The words of the Milestones section that the page breaks across two lines (two letters side by
 * side in the text, on different lines): "novemb|er" is unreadable, "28 | november" is fine.
 */
async function brokenWords(page: Page, lang: Lang): Promise<string[]> {
  const section = page.locator('article section').filter({
    has: page.getByRole('heading', { name: words[lang].section }),
  });
  return section.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const top = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().top;
      };
      for (let i = 0; i + 1 < text.length; i++)
        if (/\S/.test(text[i]!) && /\S/.test(text[i + 1]!))
          if (Math.abs(top(i) - top(i + 1)) > 2)
            broken.push(`${text.slice(0, i + 1)}|${text.slice(i + 1)}`);
    }
    return broken;
  });
}

/** What each milestone's line must say in `lang`. */
function expectedLines(lang: Lang, releasedAt: string): string[][] {
  const w = words[lang];
  const money = (euros: string) =>
    documentMoney(lang, Number(euros) * 100).replace(/\u00a0/g, ' ');
  const standing = [
    `${w.released} ${documentDate(lang, releasedAt)}`,
    w.split,
    w.refunded,
    w.open,
  ];
  return plan.map(([title, amount], i) => [
    `${i + 1}. ${title}`,
    `${money(amount)} · ${standing[i]!}`.replace(/\u00a0/g, ' '),
  ]);
}

async function checkDocument(
  page: Page,
  lang: Lang,
  kind: 'receipt' | 'statement',
  releasedAt: string,
): Promise<void> {
  await page
    .getByRole('heading', { name: words[lang].heading[kind], level: 1 })
    .waitFor({ timeout: 20_000 });
  expect(await milestoneLines(page, lang)).toEqual(
    expectedLines(lang, releasedAt),
  );
  expect(await brokenWords(page, lang)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page), `${kind} ${lang}: axe`).toEqual([]);
  await expectOnlyLanguage(page, lang, `milestone-${kind}-${lang}`);
  await snap(page, `${kind}-${lang}`);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the papers of a deal with milestones, on a phone', () => {
  let deal: PlanDeal;
  beforeAll(async () => {
    deal = await planDeal();
    await milestonesStand(deal.brandToken, deal.id, [
      'released',
      'split',
      'refunded',
      'in_progress',
    ]);
  }, 120_000);

  it.each(['en', 'nl'] as const)(
    "the brand's receipt, from its deal card, lists each milestone's title, amount and state in %s",
    async (lang) => {
      const context = await phoneContext(
        browser,
        server.url,
        words[lang].locale,
      );
      await context.addInitScript((token: string) => {
        localStorage.setItem('authToken', token);
        // The browser's language, until the person picks one.
        localStorage.removeItem('lang');
      }, deal.brandToken);
      const page = await context.newPage();
      await page.goto('/');
      const receipt = cardOf(page, '@mila.paper').getByRole('link', {
        name: words[lang].receiptLink,
      });
      await receipt.waitFor({ timeout: 20_000 });
      expect(await receipt.getAttribute('href')).toMatch(
        /^\/documents\/[0-9a-f]{32}$/,
      );
      await receipt.click();
      await page.waitForURL('**/documents/*');
      await checkDocument(page, lang, 'receipt', deal.releasedAt);
      await context.close();
    },
    60_000,
  );

  it.each(['en', 'nl'] as const)(
    "the creator's statement, from the link page, lists the same lines in %s",
    async (lang) => {
      const context = await phoneContext(
        browser,
        server.url,
        words[lang].locale,
      );
      await context.addInitScript(
        ([link, secret]: string[]) => {
          localStorage.setItem(`dealClaim:${link}`, secret!);
        },
        [deal.link, deal.claimSecret],
      );
      const page = await context.newPage();
      await page.goto(`/accept/${deal.link}`);
      await page.getByRole('link', { name: words[lang].statementLink }).click();
      await page.waitForURL(`**/accept/${deal.link}/statement`);
      await checkDocument(page, lang, 'statement', deal.releasedAt);
      await context.close();
    },
    60_000,
  );
});
