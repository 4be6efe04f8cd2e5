import { z } from 'zod';

/**
 * Request-field building blocks with the messages users read (docs/product.md §5). Missing and wrongly typed
 * values get the same "is required" message, so the first issue is always a useful sentence.
 */

export const requiredText = (label: string, max = 10_000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: absent, null and "" all mean "not given" (stored as null). */
export const optionalText = (label: string, max = 2_000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** A calendar date ("2026-12-01") or a date-time string, as the spec allows for deadlines. */
export const dateText = (label: string) =>
  requiredText(label, 40).refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a valid date`);

export const optionalDateText = (label: string) =>
  optionalText(label, 40).refine((v) => v === null || !Number.isNaN(Date.parse(v)), `${label} must be a valid date`);

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
export const companyField = optionalText('Company name', 200);

/** Positive integer path ids; anything else (letters, 1e99) is a 400, never a 500. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid id'),
});

export const tokenParam = z.object({ token: z.string().min(1).max(200) });
