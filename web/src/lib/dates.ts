import { currentLocale } from '@/i18n';

/** Dates in the current language's locale (nl-NL, en-US or en-GB) unless one is given. */
export type DateLocale = string;

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A bare calendar date is a local day, not UTC midnight (which can show as the day before).
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00`)
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(
  value: string | null | undefined,
  locale: DateLocale = currentLocale(),
): string {
  const date = parse(value);
  return date
    ? date.toLocaleDateString(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
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
export function daysRemaining(
  value: string | null | undefined,
  now: Date = new Date(),
): number {
  const date = parse(value);
  if (!date) return 0;
  const today = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate(),
  ).getTime();
  const day = new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
  ).getTime();
  return Math.max(0, Math.round((day - today) / 86_400_000));
}

/** Whole days until an instant, rounded up; negative once past. */
export function daysUntil(value: string, now: Date = new Date()): number {
  return Math.ceil((Date.parse(value) - now.getTime()) / 86_400_000);
}

/**
 * A time left in the language's short units, the two largest that matter: "1 day, 3 hr",
 * "2 uur, 14 min", "3 min, 20 sec". Zero or less reads as "0 sec".
 */
export function formatRemaining(
  ms: number,
  locale: DateLocale = currentLocale(),
): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 86_400), 'day'],
    [Math.floor((total % 86_400) / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  const shown = first === -1 ? parts.slice(3) : parts.slice(first, first + 2);
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(
    shown
      .filter(([value], i) => value > 0 || i === 0)
      .map(([value, unit]) =>
        new Intl.NumberFormat(locale, {
          style: 'unit',
          unit,
          unitDisplay: 'short',
        }).format(value),
      ),
  );
}
