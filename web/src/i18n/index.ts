import { useSyncExternalStore } from 'react';
import type { PublicSettings } from '@machines/contract/public-settings';
import { areaCatalogs, type Area } from './areas';
import type { enAccount } from './en-account';
import type { enAdmin } from './en-admin';
import type { enBrand } from './en-brand';
import type { enCore } from './en-core';
import type { enDealPages } from './en-deal-pages';
import type { enDispute } from './en-dispute';
import type { enMilestones } from './en-milestones';
import type { enLinkPanels } from './en-link-panels';
import type { enRequests } from './en-requests';

/**
 * Texts in English and Dutch. Each language is a set of catalogs per area (core, brand, account,
 * admin, requests, dispute, milestones) with the same keys; only the current language's areas are loaded, each as its
 * own chunk, so a link page loads its core texts only and the other language comes on demand.
 *
 * A text may name the running configuration ({reviewPeriod}, {disputePeriod}, {dealFee},
 * {requestFee}, {maxDeal}, {requestExpiry}); those are filled from GET /api/settings, so no text
 * states a duration, fee or limit the server does not apply. Plurals use the ICU form
 * `{days, plural, one {# day} other {# days}}` with the language's plural rules.
 */
export type MessageKey =
  | keyof typeof enCore
  | keyof typeof enBrand
  | keyof typeof enAccount
  | keyof typeof enAdmin
  | keyof typeof enRequests
  | keyof typeof enDealPages
  | keyof typeof enDispute
  | keyof typeof enMilestones
  | keyof typeof enLinkPanels;
export type Vars = Record<string, string | number>;
export type Lang = 'en' | 'nl';
export type { Area };
export const LANGUAGES: readonly Lang[] = ['en', 'nl'];

type Catalog = Record<string, string>;
// Each catalog module exports one object of texts; only the ones a screen needs are fetched.
const catalogModules = import.meta.glob<Record<string, Catalog>>(
  './{en,nl}-*.ts',
);
function loadArea(language: Lang, area: Area): Promise<Catalog> {
  return Promise.all(
    areaCatalogs[area].map((name) => {
      const load = catalogModules[`./${language}-${name}.ts`];
      if (!load) throw new Error(`no catalog ${language}-${name}`);
      return load().then((module) => Object.values(module)[0]!);
    }),
  ).then((parts) => Object.assign({}, ...parts) as Catalog);
}

const STORAGE_KEY = 'lang';
let lang: Lang = 'en';
let locale = 'en-US';
let catalog: Catalog = {};
let loaded = new Set<Area>();
let settings: PublicSettings | null = null;
let settingVars: Vars = {};
let version = 0;
const listeners = new Set<() => void>();

/** en-GB when the browser prefers it, else en-US; Dutch is always nl-NL. */
function localeFor(next: Lang): string {
  if (next === 'nl') return 'nl-NL';
  const preferred =
    typeof navigator === 'undefined'
      ? []
      : (navigator.languages ?? [navigator.language]);
  return preferred.some((l) => l.toLowerCase() === 'en-gb') ? 'en-GB' : 'en-US';
}

const isLang = (value: unknown): value is Lang =>
  value === 'en' || value === 'nl';

/** The language to start with: the one chosen on this device, else the browser's first of en/nl. */
export function initialLanguage(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // Storage blocked: follow the browser.
  }
  const preferred =
    typeof navigator === 'undefined'
      ? []
      : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

export function currentLanguage(): Lang {
  return lang;
}

/** The formatting locale of the current language (nl-NL, en-US or en-GB). */
export function currentLocale(): string {
  return locale;
}

/** Loads the texts of these areas in the current language (a lazy screen calls it before it renders). */
export async function loadTexts(areas: readonly Area[]): Promise<void> {
  const want = lang;
  const missing = areas.filter((a) => !loaded.has(a));
  if (missing.length === 0) return;
  const parts = await Promise.all(missing.map((a) => loadArea(want, a)));
  if (want !== lang) return loadTexts(areas);
  catalog = Object.assign({ ...catalog }, ...parts);
  for (const a of missing) loaded.add(a);
}

function remember(next: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not kept on this device; the profile still keeps it for signed-in users.
  }
  // Server-rendered pages (the simulated gateway) follow the choice too.
  if (typeof document !== 'undefined')
    document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Switches every screen to `next`: loads the same areas in that language, then re-renders (see
 * useLanguage). `persist` keeps the choice on this device (an explicit choice, or the profile's).
 */
export async function setLanguage(
  next: Lang,
  { persist = true }: { persist?: boolean } = {},
): Promise<void> {
  if (persist) remember(next);
  if (next === lang && loaded.size > 0) return;
  const areas: Area[] = loaded.size > 0 ? [...loaded] : ['core'];
  const parts = await Promise.all(areas.map((a) => loadArea(next, a)));
  // A screen may have loaded an area (in the old language) while these were loading: load it in
  // the new language too, or its texts would stay in the old one.
  for (
    let extra = [...loaded].filter((a) => !areas.includes(a));
    extra.length > 0;
    extra = [...loaded].filter((a) => !areas.includes(a))
  ) {
    parts.push(...(await Promise.all(extra.map((a) => loadArea(next, a)))));
    areas.push(...extra);
  }
  catalog = Object.assign({}, ...parts);
  loaded = new Set(areas);
  lang = next;
  locale = localeFor(next);
  settingVars = settings ? varsFor(settings) : {};
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  version += 1;
  for (const l of listeners) l();
}

/** Re-renders the caller when the language changes; returns the current language. */
export function useLanguage(): Lang {
  useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => version,
  );
  return lang;
}

function number(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 2,
    ...options,
  }).format(value);
}

/** A duration in the language's words: "48 hours", "36 minuten", "1 day". */
export function formatHours(hours: number): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    number(value, {
      style: 'unit',
      unit: name,
      unitDisplay: 'long',
      maximumFractionDigits: 1,
    });
  if (hours >= 1) return unit(hours, 'hour');
  const minutes = hours * 60;
  return minutes >= 1
    ? unit(Math.round(minutes), 'minute')
    : unit(Math.max(1, Math.round(minutes * 60)), 'second');
}

export function formatDays(days: number): string {
  return number(days, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
}

/** Euros from cents in the current locale; whole amounts without cents when `whole` ("€1,750"). */
export function formatMoney(
  cents: number,
  { whole = false }: { whole?: boolean } = {},
): string {
  const digits = whole && cents % 100 === 0 ? 0 : 2;
  return number(cents / 100, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function varsFor(s: PublicSettings): Vars {
  return {
    reviewPeriod: formatHours(s.reviewPeriodHours),
    disputePeriod: formatHours(s.disputePeriodHours),
    requestExpiry: formatDays(s.requestExpiryDays),
    dealFee: number(s.dealFeeBps / 100),
    requestFee: number(s.requestFeeBps / 100),
    maxDeal: formatMoney(s.maxDealCents, { whole: true }),
  };
}

/** The running configuration (GET /api/settings), for texts and for checks such as the deal cap. */
export function setSettings(next: PublicSettings): void {
  settings = next;
  settingVars = varsFor(next);
  version += 1;
  for (const l of listeners) l();
}

export function currentSettings(): PublicSettings | null {
  return settings;
}

const PLURAL =
  /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

function fill(text: string, vars: Vars): string {
  const withPlurals = text.replace(
    PLURAL,
    (whole, name: string, forms: string) => {
      const value = Number(vars[name]);
      if (!(name in vars) || Number.isNaN(value)) return whole;
      const options = new Map(
        [...forms.matchAll(FORM)].map((m) => [m[1]!, m[2]!]),
      );
      const chosen =
        options.get(`=${value}`) ??
        options.get(new Intl.PluralRules(locale).select(value)) ??
        options.get('other') ??
        '';
      return chosen.replace(/#/g, number(value));
    },
  );
  return withPlurals.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function t(key: MessageKey, vars?: Vars): string {
  return tKey(key, vars);
}

/** For keys that arrive as data (the machines' state meta), so they are not known at compile time. */
export function tKey(key: string, vars?: Vars): string {
  return fill(
    catalog[key] ?? key,
    vars ? { ...settingVars, ...vars } : settingVars,
  );
}
