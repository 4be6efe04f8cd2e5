import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enAdmin } from '@/i18n/en-admin';
import { enDispute } from '@/i18n/en-dispute';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlDispute } from '@/i18n/nl-dispute';
import { seriousViolations } from './support/axe';
import {
  disputedDealWithClaim,
  disputedRequestWithClaim,
} from './support/api-deals';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { see } from './support/flows';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

/**
 * A dispute's conversation at 390 px, in English and in Dutch: the brand (on its deal page) and
 * the creator (on the link page, as the browser that accepted) each post a message with an image;
 * each sees the other's; the admin sees the reason and both messages with their files in the
 * dispute panel. The texts come from the catalogs, so each language is checked in its own words.
 */

// A real 1 × 1 PNG: the server reads the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const texts = {
  en: { ...enDispute, ...enAdmin, locale: 'en-US' },
  nl: { ...nlDispute, ...nlAdmin, locale: 'nl-NL' },
};

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone in `lang` that holds `items` in its localStorage from the first script on (a token, a claim). */
async function phone(
  lang: 'en' | 'nl',
  items: Record<string, string>,
): Promise<Page> {
  const context = await phoneContext(browser, server.url, texts[lang].locale);
  contexts.push(context);
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries))
      localStorage.setItem(key, value);
  }, items);
  return context.newPage();
}

/** Writes a message with one image in the conversation on this page and waits until it shows. */
async function post(
  page: Page,
  lang: 'en' | 'nl',
  message: string,
  file: string,
): Promise<void> {
  const thread = page.getByTestId('dispute-thread');
  await thread.getByLabel(texts[lang]['thread.message']).fill(message);
  await thread.getByTestId('dispute-files').setInputFiles({
    name: file,
    mimeType: 'image/png',
    buffer: PNG,
  });
  await thread.getByText(file).first().waitFor();
  await thread
    .getByRole('button', { name: texts[lang]['thread.send'] })
    .click();
  await see(page, texts[lang]['thread.sent']);
  await thread
    .getByTestId('dispute-entry')
    .filter({ hasText: message })
    .waitFor();
}

/** The admin area in `lang`, signed in as the e2e admin. */
async function adminPhone(lang: 'en' | 'nl'): Promise<Page> {
  const call = apiClient(server);
  const { token } = await call<{ token: string }>(
    'POST',
    '/api/auth/admin-login',
    ADMIN,
  );
  const page = await phone(lang, { adminToken: token });
  await page.goto('/admin');
  return page;
}

const entryTexts = (page: Page) =>
  page
    .getByTestId('dispute-entry')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));

describe.each(['en', 'nl'] as const)('a dispute conversation (%s)', (lang) => {
  const snap = screens(`dispute-${lang}`);
  const tx = texts[lang];

  it('the brand and the creator each post a message with an image, and the admin sees both', async () => {
    const call = apiClient(server);
    const stamp = `${lang}${Date.now().toString(36)}`;
    const { token: brandToken } = await call<{ token: string }>(
      'POST',
      '/api/auth/register',
      {
        username: `disputebrand${stamp}`,
        email: `disputebrand${stamp}@example.com`,
        password: 'secret-password',
        companyName: 'Acme BV',
      },
    );
    const reason =
      lang === 'en'
        ? 'The reel is not on the profile'
        : 'De reel staat niet online';
    const { id, link, claimSecret } = await disputedDealWithClaim(
      server,
      brandToken,
      `@thread.${stamp}`,
      reason,
    );

    // The brand, on its deal page: the reason opens the conversation; when it ends is a clock time.
    const brand = await phone(lang, { authToken: brandToken });
    await brand.goto(`/deals/${id}`);
    const brandThread = brand.getByTestId('dispute-thread');
    await brandThread
      .getByRole('heading', { name: tx['thread.title'] })
      .waitFor();
    await brandThread.getByText(reason).waitFor();
    expect(await brandThread.getByTestId('dispute-ends').textContent()).toMatch(
      /\d\d?[:.]\d\d/,
    );
    const brandMessage =
      lang === 'en'
        ? 'Here is the profile today: no reel.'
        : 'Zo ziet het profiel er vandaag uit.';
    await post(brand, lang, brandMessage, 'profile-brand.png');
    await snap(brand, 'brand-posted');
    expect(await seriousViolations(brand)).toEqual([]);

    // The creator, on the link page in the browser that accepted (its claim secret kept).
    const creator = await phone(lang, { [`dealClaim:${link}`]: claimSecret });
    await creator.goto(`/accept/${link}`);
    const creatorThread = creator.getByTestId('dispute-thread');
    await creatorThread.getByText(brandMessage).waitFor({ timeout: 20_000 });
    // The brand's evidence downloads as the file it was (an attachment, never a page).
    const [download] = await Promise.all([
      creator.waitForEvent('download'),
      creatorThread.getByRole('button', { name: /profile-brand\.png/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('profile-brand.png');
    const creatorMessage =
      lang === 'en'
        ? 'It went live yesterday; see the screenshot.'
        : 'Hij staat sinds gisteren online.';
    await post(creator, lang, creatorMessage, 'live-creator.png');
    await snap(creator, 'creator-posted');
    expect(await seriousViolations(creator)).toEqual([]);
    const seenByCreator = await entryTexts(creator);
    expect(seenByCreator).toHaveLength(3);
    expect(seenByCreator[0]).toContain(tx['thread.opening']);
    expect(seenByCreator[2]).toContain(tx['thread.you']);

    // The brand's page follows without a reload.
    await brandThread.getByText(creatorMessage).waitFor({ timeout: 30_000 });

    // The admin's dispute panel: the reason and both messages, each with its file, beside the history.
    const admin = await adminPhone(lang);
    await admin.getByRole('tab', { name: tx['admin.tab.disputes'] }).click();
    await admin.getByRole('button', { name: new RegExp(`#${id}\\b`) }).click();
    const adminThread = admin.getByTestId('dispute-thread');
    await adminThread.getByText(creatorMessage).waitFor({ timeout: 20_000 });
    const seenByAdmin = await entryTexts(admin);
    expect(seenByAdmin).toHaveLength(3);
    expect(seenByAdmin[0]).toContain(reason);
    expect(seenByAdmin[1]).toContain(brandMessage);
    expect(seenByAdmin[1]).toContain('profile-brand.png');
    expect(seenByAdmin[1]).toContain(tx['thread.side.brand']);
    expect(seenByAdmin[2]).toContain(creatorMessage);
    expect(seenByAdmin[2]).toContain('live-creator.png');
    expect(seenByAdmin[2]).toContain(tx['thread.side.creator']);
    await adminThread.getByLabel(tx['thread.message']).waitFor();
    await snap(admin, 'admin-sees-both');
    expect(await seriousViolations(admin)).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.lang)).toBe(
      lang,
    );
  }, 240_000);

  it('on a payment request: the brand (its link) and the creator (its request card) post with an image; the admin sees both', async () => {
    const call = apiClient(server);
    const stamp = `${lang}${Date.now().toString(36)}`;
    const { token: creatorToken } = await call<{ token: string }>(
      'POST',
      '/api/auth/register',
      {
        username: `disputecreator${stamp}`,
        email: `disputecreator${stamp}@example.com`,
        password: 'secret-password',
      },
    );
    const title = `Reel ${stamp}`;
    const reason =
      lang === 'en'
        ? 'Only one of the two reels'
        : 'Maar een van de twee reels';
    const { id, token, claimSecret } = await disputedRequestWithClaim(
      server,
      creatorToken,
      title,
      reason,
    );

    // The brand, on the request's page in the browser that accepted it.
    const brand = await phone(lang, { [`requestClaim:${token}`]: claimSecret });
    await brand.goto(`/pay-request/${token}`);
    await brand
      .getByTestId('dispute-thread')
      .getByText(reason)
      .waitFor({ timeout: 20_000 });
    const brandMessage =
      lang === 'en'
        ? 'The second reel is missing.'
        : 'De tweede reel ontbreekt.';
    await post(brand, lang, brandMessage, 'request-brand.png');
    await snap(brand, 'request-brand-posted');
    expect(await seriousViolations(brand)).toEqual([]);

    // The creator, signed in, on its request card.
    const creator = await phone(lang, { authToken: creatorToken });
    await creator.goto('/payment-requests');
    const card = creator.getByTestId('request-card').filter({ hasText: title });
    await card
      .getByTestId('dispute-thread')
      .getByText(brandMessage)
      .waitFor({ timeout: 20_000 });
    const creatorMessage =
      lang === 'en'
        ? 'Both are on my profile.'
        : 'Beide staan op mijn profiel.';
    await post(creator, lang, creatorMessage, 'request-creator.png');
    await snap(creator, 'request-creator-posted');
    expect(await seriousViolations(creator)).toEqual([]);

    const admin = await adminPhone(lang);
    await admin.getByRole('tab', { name: tx['admin.tab.requests'] }).click();
    await admin.getByTestId('admin-request').filter({ hasText: title }).click();
    const panel = admin.getByRole('region', {
      name: tx['admin.requestId'].replace('{id}', String(id)),
    });
    const adminThread = panel.getByTestId('dispute-thread');
    await adminThread.getByText(creatorMessage).waitFor({ timeout: 20_000 });
    const seen = await adminThread
      .getByTestId('dispute-entry')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(seen).toHaveLength(3);
    expect(seen[0]).toContain(reason);
    expect(seen[1]).toContain('request-brand.png');
    expect(seen[2]).toContain('request-creator.png');
    await snap(admin, 'request-admin-sees-both');
    expect(await seriousViolations(admin)).toEqual([]);
  }, 240_000);
});
