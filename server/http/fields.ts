import countryList from 'i18n-iso-countries/index.js';
import { z } from 'zod';
import { hasInvisibleCharacters } from '../commands/look-alike';
import { inputRef, type InputField } from '@machines/errors/input-texts';
import { MIN_DEAL_CENTS, parseEuroToCents } from '@machines/money';

/**
 * Request-field building blocks with the messages users read (docs/product.md §5). Missing and wrongly typed
 * values get the same "is required" message, so the first issue is always a useful sentence.
 */

/**
 * Spaces and invisible format characters (zero-width space, joiners, bidi marks, BOM) at either
 * end are trimmed: `String.prototype.trim` keeps the invisible ones, so "\u200B" passed as text.
 */
const EDGE_INVISIBLES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
export const trimVisible = (value: string): string =>
  value.replace(EDGE_INVISIBLES, '');

/** Bidi embedding, override and isolate controls: they make a name read as something else. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
export const hasBidiControls = (value: string): boolean =>
  BIDI_CONTROLS.test(value);

export const requiredText = (field: InputField, max = 10_000) =>
  z
    .string({ error: inputRef('required', field) })
    .transform(trimVisible)
    .pipe(
      z
        .string()
        .min(1, inputRef('required', field))
        .max(max, inputRef('too_long', field, { max })),
    );

/** Optional text: absent, null and "" (also "only invisible characters") mean "not given" (stored as null). */
export const optionalText = (field: InputField, max = 2_000) =>
  z
    .string({ error: inputRef('not_text', field) })
    .transform(trimVisible)
    .pipe(z.string().max(max, inputRef('too_long', field, { max })))
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** A name shown to other people (username, company, creator, brand): no bidi controls. */
/**
 * An account name as typed: refused when it holds a bidi control or any other invisible character
 * anywhere (not only at the ends), then trimmed and NFKC-normalised, so `ｖｉｃ` is stored as `vic`.
 * Uniqueness compares look-alike keys (server/commands/look-alike.ts).
 */
export const accountName = (field: InputField, min: number, max: number) =>
  z
    .string({ error: inputRef('too_short', field, { min }) })
    .superRefine((value, ctx) => {
      if (hasBidiControls(value))
        ctx.addIssue({
          code: 'custom',
          message: inputRef('bidi_controls', field),
          abort: true,
        });
      else if (hasInvisibleCharacters(value))
        ctx.addIssue({
          code: 'custom',
          message: inputRef('invisible_characters', field),
          abort: true,
        });
    })
    .transform((value) => trimVisible(value).normalize('NFKC'))
    .pipe(
      z
        .string()
        .min(min, inputRef('too_short', field, { min }))
        .max(max, inputRef('too_long', field, { max })),
    );

export const nameRule = <T extends string | null>(field: InputField) =>
  [
    (v: T) => v === null || !hasBidiControls(v),
    inputRef('bidi_controls', field),
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
  const [year, month, day] = [
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A calendar date ("2026-12-01") or a date-time string, as the spec allows for deadlines. */
export const dateText = (field: InputField) =>
  requiredText(field, 40).refine(
    isCalendarDate,
    inputRef('invalid_date', field),
  );

export const optionalDateText = (field: InputField) =>
  optionalText(field, 40).refine(
    (v) => v === null || isCalendarDate(v),
    inputRef('invalid_date', field),
  );

/** The smallest charge the gateway accepts (Stripe's EUR minimum), for deals and requests alike. */
const MIN_AMOUNT = inputRef('amount_minimum', 'amount', {
  minCents: MIN_DEAL_CENTS,
});

/**
 * The one amount field of deals and payment requests: "250", "250.5", "250,50" or 250.5 → cents,
 * refused with the same messages (each with its Dutch text in the catalogue) except the cap, which
 * is the kind's own (a deal's is the spec's sentence).
 */
export function amountField(cap: { maxCents: number; message: string }) {
  const required = inputRef('required', 'amount');
  return z
    .union([z.string(), z.number()], { error: required })
    .transform((value, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (typeof value === 'string' && value.trim() === '')
        return refuse(required);
      const cents = parseEuroToCents(value);
      if (cents === null) return refuse(inputRef('amount_format', 'amount'));
      if (cents <= 0) return refuse(inputRef('amount_positive', 'amount'));
      if (cents > cap.maxCents) return refuse(cap.message);
      if (cents < MIN_DEAL_CENTS) return refuse(MIN_AMOUNT);
      return cents;
    });
}

export const emailField = (message = inputRef('invalid_email')) =>
  z.string({ error: message }).trim().max(320, message).pipe(z.email(message));

/** The ISO 3166-1 alpha-2 codes (i18n-iso-countries' list, the one the web's country picker shows). */
const countryCodes = new Set(Object.keys(countryList.getAlpha2Codes()));

/**
 * A country as its ISO 3166-1 alpha-2 code: two capitals (`country_code`) that name a country
 * (`country_unknown`: `XY` is two letters and no country).
 */
export const isoCountryCode = z
  .string({ error: inputRef('country_code') })
  .regex(/^[A-Z]{2}$/, inputRef('country_code'))
  .refine((code) => countryCodes.has(code), inputRef('country_unknown'));

/** The profile's country: optional, any case, empty is none; else an ISO 3166-1 code. */
export const countryField = z
  .string({ error: inputRef('country_code') })
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(isoCountryCode.nullable());

export const phoneField = optionalText('phone', 40);
export const companyField = optionalText('companyName', 200).refine(
  ...nameRule<string | null>('companyName'),
);

/** Positive integer path ids; anything else (letters, 1e99) is a 400, never a 500. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: inputRef('invalid_id') })
    .int(inputRef('invalid_id'))
    .positive(inputRef('invalid_id'))
    .max(Number.MAX_SAFE_INTEGER, inputRef('invalid_id')),
});

export const tokenParam = z.object({ token: z.string().min(1).max(200) });

/** A milestone of a deal, 1 to 10 (one the deal lacks is answered 404 milestone_not_found). */
const milestoneNumber = z.coerce
  .number({ error: inputRef('invalid_id') })
  .int(inputRef('invalid_id'))
  .min(1, inputRef('invalid_id'))
  .max(10, inputRef('invalid_id'));
export const milestoneParam = idParam.extend({ milestone: milestoneNumber });
export const tokenMilestoneParam = tokenParam.extend({
  milestone: milestoneNumber,
});
