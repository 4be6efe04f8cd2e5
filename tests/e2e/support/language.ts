import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { enAccount } from '@/i18n/en-account';
import { enAdmin } from '@/i18n/en-admin';
import { enBrand } from '@/i18n/en-brand';
import { enCore } from '@/i18n/en-core';
import { enDealPages } from '@/i18n/en-deal-pages';
import { enRequests } from '@/i18n/en-requests';
import { nlAccount } from '@/i18n/nl-account';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { nlDealPages } from '@/i18n/nl-deal-pages';
import { nlRequests } from '@/i18n/nl-requests';

const catalogs = {
  en: {
    ...enCore,
    ...enBrand,
    ...enAccount,
    ...enAdmin,
    ...enRequests,
    ...enDealPages,
  } as Record<string, string>,
  nl: {
    ...nlCore,
    ...nlBrand,
    ...nlAccount,
    ...nlAdmin,
    ...nlRequests,
    ...nlDealPages,
  } as Record<string, string>,
};

/**
 * Texts only one language has: sentences of three words or more, without variables, that do not
 * occur in the other catalog at all (so "Deadline" or "Instagram" never count as a leak).
 */
function ownTexts(lang: 'en' | 'nl'): string[] {
  const other = Object.values(catalogs[lang === 'en' ? 'nl' : 'en']).join('\n');
  return [...new Set(Object.values(catalogs[lang]))].filter(
    (text) =>
      !text.includes('{') &&
      text.split(/\s+/).length >= 3 &&
      !other.includes(text),
  );
}
const own = { en: ownTexts('en'), nl: ownTexts('nl') };

/** Fails when the screen shows any text of the other language. */
export async function expectOnlyLanguage(
  page: Page,
  lang: 'en' | 'nl',
  screen: string,
): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const text = (await page.evaluate(() => document.body.innerText)).replace(
    /\s+/g,
    ' ',
  );
  const leaks = own[lang === 'en' ? 'nl' : 'en'].filter((foreign) =>
    text.includes(foreign),
  );
  expect(leaks, `${screen} shows the other language`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.lang),
    `${screen} <html lang>`,
  ).toBe(lang);
}
