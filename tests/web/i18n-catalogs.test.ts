import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { enAccount } from '@/i18n/en-account';
import { enAdmin } from '@/i18n/en-admin';
import { enBrand } from '@/i18n/en-brand';
import { enCore } from '@/i18n/en-core';
import { enDealPages } from '@/i18n/en-deal-pages';
import { enDispute } from '@/i18n/en-dispute';
import { enMilestones } from '@/i18n/en-milestones';
import { enLinkPanels } from '@/i18n/en-link-panels';
import { enRequests } from '@/i18n/en-requests';
import { formatMoney, loadTexts, setLanguage, setSettings, t } from '@/i18n';
import { nlAccount } from '@/i18n/nl-account';
import { nlAdmin } from '@/i18n/nl-admin';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { nlDealPages } from '@/i18n/nl-deal-pages';
import { nlDispute } from '@/i18n/nl-dispute';
import { nlMilestones } from '@/i18n/nl-milestones';
import { nlLinkPanels } from '@/i18n/nl-link-panels';
import { nlRequests } from '@/i18n/nl-requests';
import { hardCodedTexts } from './hardcoded-text';

const root = join(import.meta.dirname, '..', '..');
const webSrc = join(root, 'web', 'src');
const pairs: [string, Record<string, string>, Record<string, string>][] = [
  ['core', enCore, nlCore],
  ['brand', enBrand, nlBrand],
  ['account', enAccount, nlAccount],
  ['admin', enAdmin, nlAdmin],
  ['requests', enRequests, nlRequests],
  ['deal pages', enDealPages, nlDealPages],
  ['dispute', enDispute, nlDispute],
  ['milestones', enMilestones, nlMilestones],
  ['link panels', enLinkPanels, nlLinkPanels],
];
const all = (index: 1 | 2): Record<string, string> =>
  Object.assign({}, ...pairs.map((p) => p[index]));

/** The variables a text names: {name} and the subject of {name, plural, ...}. */
const variables = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!))].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return path.endsWith('i18n') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

describe('English and Dutch catalogs', () => {
  it.each(pairs)(
    'given the %s area, then both languages have exactly the same keys and no empty text',
    (_name, en, nl) => {
      expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of [...Object.entries(en), ...Object.entries(nl)])
        expect(text.trim(), key).not.toBe('');
    },
  );

  it('given every key, then the Dutch text names the same variables as the English one', () => {
    const en = all(1);
    const nl = all(2);
    for (const key of Object.keys(en))
      expect(variables(nl[key]!), key).toEqual(variables(en[key]!));
  });

  it('given the components, then every literal key they pass to t() exists in both catalogs', () => {
    const en = all(1);
    const nl = all(2);
    const missing: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /\bt\(\s*'([\w.]+)'/g,
      )) {
        if (!(m[1]! in en) || !(m[1]! in nl))
          missing.push(`${file.slice(root.length + 1)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('given the components, then no text people read is written in the markup instead of taken from the catalog', () => {
    expect(
      hardCodedTexts(webSrc, root).map(
        (h) => `${h.file}:${h.line} "${h.text}"`,
      ),
    ).toEqual([]);
  });

  it('given a component with a literal text, a literal aria-label and a literal in braces, then the scan reports all three', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hardcoded-'));
    try {
      writeFileSync(
        join(dir, 'bad.tsx'),
        `export const A = () => <div aria-label="Close dialog"><p>Deal accepted</p>{'Try again'}{t('app.retry')}<input placeholder="https://" /></div>;\n`,
      );
      expect(hardCodedTexts(dir, dir).map((h) => h.text)).toEqual([
        'Close dialog',
        'Deal accepted',
        'Try again',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given texts that name durations, fees and the deal cap, then they are filled from the settings in the chosen language', async () => {
    setSettings({
      reviewPeriodHours: 0.01,
      disputePeriodHours: 6,
      requestExpiryDays: 14,
      dealFeeBps: 820,
      requestFeeBps: 500,
      maxDealCents: 175_000,
      maxRequestCents: 1_000_000,
      simulatedPayments: true,
      testMode: true,
      mailKept: true,
    });
    await setLanguage('en', { persist: false });
    await loadTexts(['brand', 'requests']);
    expect(t('accept.escrow3')).toBe(
      'The brand has 36 seconds to approve or dispute; otherwise the funds are released automatically.',
    );
    expect(t('accept.disputeText')).toContain('up to 6 hours');
    expect(t('create.amountCap')).toBe(
      'The product currently supports deals up to €1,750. For larger deals, please contact us.',
    );
    expect(t('fees.dealExplanation')).toContain('8.2%');
    expect(t('creq.expiryNote')).toContain('14 days');

    await setLanguage('nl', { persist: false });
    expect(t('accept.escrow3')).toContain('Het merk heeft 36 seconden om');
    expect(t('accept.disputeText')).toContain('maximaal 6 uur');
    expect(t('fees.dealExplanation')).toContain('8,2%');
    expect(t('create.amountCap')).toContain('€\u00a01.750');
    expect(t('creq.expiryNote')).toContain('14 dagen');
  });
});

describe('plurals, amounts and dates follow the language', () => {
  beforeAll(async () => {
    await loadTexts(['brand', 'requests']);
  });

  it('given a count, then the plural form of the language is used', async () => {
    await setLanguage('nl', { persist: false });
    expect(t('card.daysLeft', { days: 1 })).toBe('nog 1 dag');
    expect(t('card.daysLeft', { days: 3 })).toBe('nog 3 dagen');
    expect(t('preq.warning', { days: 1 })).toBe(
      'Dit verzoek verloopt over 1 dag!',
    );
    expect(formatMoney(123_450)).toBe('€\u00a01.234,50');
    await setLanguage('en', { persist: false });
    expect(t('card.daysLeft', { days: 1 })).toBe('1 day left');
    expect(t('card.daysLeft', { days: 0 })).toBe('0 days left');
    expect(formatMoney(123_450)).toBe('€1,234.50');
  });
});
