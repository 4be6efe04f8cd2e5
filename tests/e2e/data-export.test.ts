import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataExport } from '@machines/contract/privacy-api';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { acceptThroughApi } from './support/link-codes';
import { see, unique } from './support/flows';
import { expectOnlyLanguage } from './support/language';
import { seriousViolations } from './support/axe';
import { adminLogin } from './support/admin-flows';
import {
  ADMIN,
  apiClient,
  startServer,
  submitSimulatedPage,
  type RunningServer,
} from './support/server';

/**
 * "Your data" at 390 px, in English and Dutch (docs/privacy.md): a brand from the profile, a
 * creator with only a link from the deal's link page in the browser that accepted it; each reads
 * the export on the page and downloads the same as JSON.
 */
let server: RunningServer;
let browser: Browser;
const snap = screens('data-export');

const texts = {
  en: {
    locale: 'en-US',
    profileLink: 'Download my data',
    title: 'Your data',
    prepare: 'Prepare my data',
    download: 'Download JSON',
    deals: 'Deals (1)',
    status: 'paid, awaiting delivery',
    linkSection: 'Deal link',
  },
  nl: {
    locale: 'nl-NL',
    profileLink: 'Mijn gegevens downloaden',
    title: 'Je gegevens',
    prepare: 'Mijn gegevens klaarzetten',
    download: 'JSON downloaden',
    deals: 'Deals (1)',
    status: 'betaald, wacht op levering',
    linkSection: 'Deallink',
  },
} as const;
type Lang = keyof typeof texts;

interface Party {
  token: string;
  email: string;
  title: string;
  link: string;
  claimSecret: string;
}

/** A brand registered through the API with a paid deal its creator accepted (claim secret kept). */
async function brandWithAcceptedDeal(lang: Lang): Promise<Party> {
  const call = apiClient(server);
  const name = unique(`export${lang}`);
  const email = `${name}@example.com`;
  const { token } = await call<{ token: string }>(
    'POST',
    '/api/auth/register',
    {
      username: name,
      email,
      password: 'secret-password',
      companyName: `${name} BV`,
    },
  );
  const title = lang === 'en' ? 'Spring reel export' : 'Lente reel export';
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer: '@export.creator',
      title,
      description: 'One reel',
      amount: '250',
      deadline: inDays(10),
      // What the brand typed is shown as typed: a Dutch brand's own words in the Dutch run.
      deliverables: [
        lang === 'en' ? '1 Instagram Post' : '1 Instagram-bericht',
      ],
    },
    token,
  );
  const checkout = await call<{ url: string }>(
    'POST',
    '/api/create-checkout-session',
    { dealId: id },
    token,
  );
  expect(
    await submitSimulatedPage(server, checkout.url, 'outcome=pay&method=card'),
  ).toBe(303);
  // The payment's webhook is asynchronous: wait until the deal holds the money.
  for (let tries = 0; ; tries++) {
    const deal = await call<{ status: string }>(
      'GET',
      `/api/deals/${id}`,
      undefined,
      token,
    );
    if (deal.status === 'pending_delivery') break;
    if (tries > 100) throw new Error(`deal ${id} stayed ${deal.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const link = (
    await call<{ token: string }>(
      'POST',
      `/api/deals/${id}/generate-token`,
      {},
      token,
    )
  ).token;
  const claimSecret = await acceptThroughApi(server, {
    kind: 'deal',
    token: link,
  });
  return { token, email, title, link, claimSecret };
}

/** A phone page in `lang` whose local storage holds what the app keeps (a session, a claim). */
async function phonePage(
  lang: Lang,
  storage: Record<string, string>,
): Promise<Page> {
  const context = await phoneContext(browser, server.url, texts[lang].locale);
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items))
      localStorage.setItem(key, value);
  }, storage);
  return context.newPage();
}

/** Prepares the export on the page, checks it reads in `lang`, and downloads the JSON. */
async function prepareAndDownload(
  page: Page,
  lang: Lang,
  name: string,
): Promise<PersonalDataExport> {
  const t = texts[lang];
  await see(page, t.title);
  await snap(page, `${name}-intro`);
  await page.getByRole('button', { name: t.prepare }).click();
  await page.getByTestId('data-export').waitFor({ timeout: 20_000 });
  await expectOnlyLanguage(page, lang, name);
  expect(await seriousViolations(page), `${name}: accessibility`).toEqual([]);
  await snap(page, `${name}-ready`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-.+\.json$/);
  return JSON.parse(
    readFileSync((await download.path())!, 'utf8'),
  ) as PersonalDataExport;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'nl'] as const)('data export in %s', (lang) => {
  let party: Party;
  beforeAll(async () => {
    party = await brandWithAcceptedDeal(lang);
  }, 60_000);

  it('a brand opens it from the profile, reads it and downloads the JSON', async () => {
    const page = await phonePage(lang, { authToken: party.token });
    await page.goto('/profile');
    await page.getByRole('link', { name: texts[lang].profileLink }).click();
    await page.waitForURL('**/profile/export');
    const data = await prepareAndDownload(page, lang, `brand-${lang}`);
    await see(page, party.email);
    await see(page, party.title);
    await see(page, texts[lang].deals);
    await see(page, texts[lang].status);
    expect(data).toMatchObject({
      subject: { kind: 'user' },
      profile: { email: party.email },
    });
    expect(data.deals.map((d) => d.title)).toEqual([party.title]);
    await page.context().close();
  }, 60_000);

  it('a creator with only the link opens it from the link page in the browser that accepted', async () => {
    const page = await phonePage(lang, {
      [`dealClaim:${party.link}`]: party.claimSecret,
    });
    await page.goto(`/accept/${party.link}`);
    await page.getByRole('link', { name: texts[lang].profileLink }).click();
    await page.waitForURL(`**/accept/${party.link}/data`);
    const data = await prepareAndDownload(page, lang, `link-${lang}`);
    await see(page, texts[lang].linkSection);
    await see(page, party.title);
    expect(data.subject.kind).toBe('deal-link');
    expect(data.profile).toBeNull();
    expect(JSON.stringify(data)).not.toContain(party.email);
    expect(JSON.stringify(data)).not.toMatch(/\b(cs|pi|ch)_[A-Za-z0-9_]{6,}/);
    await page.context().close();
  }, 60_000);
});

describe('an admin exports a user’s data on request', () => {
  it('from the Accounts tab by e-mail address: the JSON downloads, made by the admin', async () => {
    const party = await brandWithAcceptedDeal('en');
    const page = await (await phoneContext(browser, server.url)).newPage();
    await adminLogin(page, ADMIN);
    await page.getByRole('tab', { name: 'Accounts' }).click();
    const form = page.getByRole('form', { name: "Export a user's data" });
    await form.getByLabel('Username or e-mail').fill(party.email);
    await snap(page, 'admin');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: "Export a user's data" }).click(),
    ]);
    const data = JSON.parse(
      readFileSync((await download.path())!, 'utf8'),
    ) as PersonalDataExport;
    expect(data).toMatchObject({
      requestedBy: 'admin',
      profile: { email: party.email },
    });
    await see(page, `Export of ${party.email} downloaded`);
    await page.context().close();
  }, 60_000);
});
