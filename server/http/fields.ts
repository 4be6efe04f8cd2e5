import { z } from 'zod';
import { hasInvisibleCharacters } from '../commands/look-alike';
import { centsToDecimal, MIN_DEAL_CENTS, parseEuroToCents } from '@machines/money';

/**
 * Request-field building blocks with the messages users read (docs/product.md §5). Missing and wrongly typed
 * values get the same "is required" message, so the first issue is always a useful sentence.
 */

/**
 * Spaces and invisible format characters (zero-width space, joiners, bidi marks, BOM) at either
 * end are trimmed: `String.prototype.trim` keeps the invisible ones, so "\u200B" passed as text.
 */
const EDGE_INVISIBLES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
export const trimVisible = (value: string): string => value.replace(EDGE_INVISIBLES, '');

/** Bidi embedding, override and isolate controls: they make a name read as something else. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
export const hasBidiControls = (value: string): boolean => BIDI_CONTROLS.test(value);

export const requiredText = (label: string, max = 10_000) =>
  z
    .string({ error: `${label} is required` })
    .transform(trimVisible)
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`),
    );

/** Optional text: absent, null and "" (also "only invisible characters") mean "not given" (stored as null). */
export const optionalText = (label: string, max = 2_000) =>
  z
    .string({ error: `${label} must be text` })
    .transform(trimVisible)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** A name shown to other people (username, company, creator, brand): no bidi controls. */
/**
 * An account name as typed: refused when it holds a bidi control or any other invisible character
 * anywhere (not only at the ends), then trimmed and NFKC-normalised, so `ｖｉｃ` is stored as `vic`.
 * Uniqueness compares look-alike keys (server/commands/look-alike.ts).
 */
export const accountName = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be at least ${min} characters` })
    .superRefine((value, ctx) => {
      if (hasBidiControls(value))
        ctx.addIssue({
          code: 'custom',
          message: `${label} must not contain text-direction control characters`,
          abort: true,
        });
      else if (hasInvisibleCharacters(value))
        ctx.addIssue({
          code: 'custom',
          message: `${label} must not contain invisible characters`,
          abort: true,
        });
    })
    .transform((value) => trimVisible(value).normalize('NFKC'))
    .pipe(
      z
        .string()
        .min(min, `${label} must be at least ${min} characters`)
        .max(max, `${label} must be at most ${max} characters`),
    );

export const nameRule = <T extends string | null>(label: string) =>
  [
    (v: T) => v === null || !hasBidiControls(v),
    `${label} must not contain text-direction control characters`,
  ] as const;

/**
 * A real calendar date: "2026-12-01", or a date-time on such a date ("2026-12-01T10:00:00Z").
 * `Date.parse` alone rolls "2030-02-31" over into March and reads many other shapes.
 */
const DATE_SHAPE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A calendar date ("2026-12-01") or a date-time string, as the spec allows for deadlines. */
export const dateText = (label: string) =>
  requiredText(label, 40).refine(isCalendarDate, `${label} must be a valid date`);

export const optionalDateText = (label: string) =>
  optionalText(label, 40).refine(
    (v) => v === null || isCalendarDate(v),
    `${label} must be a valid date`,
  );

/** The smallest charge the gateway accepts (Stripe's EUR minimum), for deals and requests alike. */
const MIN_AMOUNT_MESSAGE = `Amount must be at least €${centsToDecimal(MIN_DEAL_CENTS)}`;

/**
 * The one amount field of deals and payment requests: "250", "250.5", "250,50" or 250.5 → cents,
 * refused with the same messages (each with its Dutch text in the catalogue) except the cap, which
 * is the kind's own (a deal's is the spec's sentence).
 */
export function amountField(cap: { maxCents: number; message: string }) {
  return z
    .union([z.string(), z.number()], { error: 'Amount is required' })
    .transform((value, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (typeof value === 'string' && value.trim() === '') return refuse('Amount is required');
      const cents = parseEuroToCents(value);
      if (cents === null) return refuse('Amount must be a positive number with at most 2 decimals');
      if (cents <= 0) return refuse('Amount must be greater than 0');
      if (cents > cap.maxCents) return refuse(cap.message);
      if (cents < MIN_DEAL_CENTS) return refuse(MIN_AMOUNT_MESSAGE);
      return cents;
    });
}

export const emailField = (message = 'Invalid email address') =>
  z.string({ error: message }).trim().max(320, message).pipe(z.email(message));

export const countryField = z
  .string({ error: 'Country must be a two-letter code' })
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^[A-Z]{2}$/.test(v), 'Country must be a two-letter code');

export const phoneField = optionalText('Phone number', 40);
export const companyField = optionalText('Company name', 200).refine(
  ...nameRule<string | null>('Company name'),
);

/** Positive integer path ids; anything else (letters, 1e99) is a 400, never a 500. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid id'),
});

export const tokenParam = z.object({ token: z.string().min(1).max(200) });
