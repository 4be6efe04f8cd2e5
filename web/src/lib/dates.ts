import { currentLocale } from '@/i18n';

/** Dates in the current language's locale (nl-NL, en-US or en-GB) unless one is given. */
export type DateLocale = string;

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A bare calendar date is a local day, not UTC midnight (which can show as the day before).
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(
  value: string | null | undefined,
  locale: DateLocale = currentLocale(),
): string {
  const date = parse(value);
  return date
    ? date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
    : '';
}

export function formatDateTime(
  value: string | null | undefined,
  locale: DateLocale = currentLocale(),
): string {
  const date = parse(value);
  return date
    ? date.toLocaleString(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
}

/** Whole calendar days from today to the given date, never below 0 (docs/product.md §2 deal card). */
export function daysRemaining(value: string | null | undefined, now: Date = new Date()): number {
  const date = parse(value);
  if (!date) return 0;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.max(0, Math.round((day - today) / 86_400_000));
}

/** Whole days until an instant, rounded up; negative once past. */
export function daysUntil(value: string, now: Date = new Date()): number {
  return Math.ceil((Date.parse(value) - now.getTime()) / 86_400_000);
}
